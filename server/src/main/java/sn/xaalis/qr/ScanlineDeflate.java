package sn.xaalis.qr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.Adler32;

/**
 * The zlib stream of a QR code's PNG scanlines, written for the one shape {@link QrCodePng} draws:
 * every byte is 0x00, 0x0F, 0xF0 or 0xFF (filter "none", then two 4-px modules a byte), and a scanline
 * is either new or the same as the one above it. A new scanline goes out as literals, a run of repeats
 * as one copy of the scanline above (RFC 1951, one block, a Huffman code fixed for that alphabet).
 *
 * <p>Written by hand, as measured: zlib's general search (java.util.zip.Deflater, fastest level) was
 * half of a QR code's cost, about 14 of 28 µs, for a PNG larger than this one (547 against 468 bytes
 * for a sandbox link); this takes about 3 µs. {@code ScanlineDeflateTest} inflates what it writes
 * with zlib. Any other byte is refused rather than written wrongly.
 */
final class ScanlineDeflate {

    private static final int[] LENGTH_BASE = {
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258
    };
    private static final int[] LENGTH_EXTRA = {
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0
    };
    private static final int[] DISTANCE_BASE = {
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577
    };
    private static final int[] DISTANCE_EXTRA = {
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13
    };
    private static final int MAX_DISTANCE = 32_768;
    private static final int END_OF_BLOCK = 256;
    // The order in which a dynamic block lists the code lengths of its code-length code.
    private static final int[] CODE_LENGTH_ORDER = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

    // Code lengths, each set complete (Kraft sum 1) as inflaters require: the four byte values take
    // 2-3 bits, end of block and the 29 length symbols 6-7 bits; distances 4-5 bits.
    private static final int[] LITERAL_LENGTHS = new int[286];
    private static final int[] DISTANCE_LENGTHS = new int[30];
    private static final int[] CODE_LENGTH_LENGTHS = new int[19];

    static {
        LITERAL_LENGTHS[0x00] = 2;
        LITERAL_LENGTHS[0xFF] = 2;
        LITERAL_LENGTHS[0x0F] = 3;
        LITERAL_LENGTHS[0xF0] = 3;
        Arrays.fill(LITERAL_LENGTHS, END_OF_BLOCK, LITERAL_LENGTHS.length, 7);
        LITERAL_LENGTHS[END_OF_BLOCK] = 6;
        LITERAL_LENGTHS[285] = 6; // a copy of 258 bytes
        Arrays.fill(DISTANCE_LENGTHS, 5);
        DISTANCE_LENGTHS[0] = 4;
        DISTANCE_LENGTHS[1] = 4;
        for (int symbol : new int[] {0, 2, 3, 4, 5, 6}) {
            CODE_LENGTH_LENGTHS[symbol] = 3;
        }
        for (int symbol : new int[] {7, 16, 17, 18}) {
            CODE_LENGTH_LENGTHS[symbol] = 4;
        }
    }

    private static final int[] LITERAL_CODES = codes(LITERAL_LENGTHS);
    private static final int[] DISTANCE_CODES = codes(DISTANCE_LENGTHS);
    // The block's header never changes: pairs of (bits, count), written as they are.
    private static final int[] HEADER = header();

    private ScanlineDeflate() {}

    /**
     * @param scanlines the PNG's filtered scanlines, one after another
     * @param lineLength bytes per scanline, its filter byte included
     * @return a zlib stream (RFC 1950) that inflates to {@code scanlines}
     */
    static byte[] zlib(byte[] scanlines, int lineLength) {
        if (lineLength < 1 || lineLength > MAX_DISTANCE || scanlines.length % lineLength != 0) {
            throw new IllegalArgumentException("scanlines of " + lineLength + " bytes cannot make " + scanlines.length);
        }
        // At most 3 bits a byte; a copy costs less than the bytes it stands for.
        Bits out = new Bits(new byte[scanlines.length / 2 + 128]);
        out.bytes[out.position++] = 0x78; // deflate, 32 KB window
        out.bytes[out.position++] = 0x01; // fastest; (0x7801 % 31) == 0
        for (int i = 0; i < HEADER.length; i += 2) {
            out.write(HEADER[i], HEADER[i + 1]);
        }
        int line = 0;
        while (line < scanlines.length) {
            int repeats = 0;
            while (line > 0
                    && line + (repeats + 1) * lineLength <= scanlines.length
                    && sameAsAbove(scanlines, line + repeats * lineLength, lineLength)) {
                repeats++;
            }
            if (repeats * lineLength >= 3) { // a copy is 3 bytes or more
                copy(out, repeats * lineLength, lineLength);
                line += repeats * lineLength;
            } else {
                literals(out, scanlines, line, lineLength);
                line += lineLength;
            }
        }
        out.write(LITERAL_CODES[END_OF_BLOCK], LITERAL_LENGTHS[END_OF_BLOCK]);
        out.align();
        Adler32 adler = new Adler32();
        adler.update(scanlines);
        int checksum = (int) adler.getValue();
        for (int shift = 24; shift >= 0; shift -= 8) {
            out.bytes[out.position++] = (byte) (checksum >>> shift);
        }
        return Arrays.copyOf(out.bytes, out.position);
    }

    /** A new scanline, byte by byte. */
    private static void literals(Bits out, byte[] scanlines, int start, int lineLength) {
        for (int i = start; i < start + lineLength; i++) {
            int symbol = scanlines[i] & 0xFF;
            if (LITERAL_LENGTHS[symbol] == 0) {
                throw new IllegalArgumentException("byte " + symbol + " is not one of a scanline's four");
            }
            out.write(LITERAL_CODES[symbol], LITERAL_LENGTHS[symbol]);
        }
    }

    private static boolean sameAsAbove(byte[] scanlines, int start, int lineLength) {
        return Arrays.equals(scanlines, start, start + lineLength, scanlines, start - lineLength, start);
    }

    /** {@code length} bytes repeating the {@code distance} bytes before them, in copies of 3 to 258. */
    private static void copy(Bits out, int length, int distance) {
        int distanceSymbol = symbol(DISTANCE_BASE, distance);
        while (length > 0) {
            int part = Math.min(258, length);
            if (length - part > 0 && length - part < 3) {
                part = length - 3; // leave a copy long enough to be one
            }
            int lengthSymbol = symbol(LENGTH_BASE, part);
            out.write(LITERAL_CODES[257 + lengthSymbol], LITERAL_LENGTHS[257 + lengthSymbol]);
            out.write(part - LENGTH_BASE[lengthSymbol], LENGTH_EXTRA[lengthSymbol]);
            out.write(DISTANCE_CODES[distanceSymbol], DISTANCE_LENGTHS[distanceSymbol]);
            out.write(distance - DISTANCE_BASE[distanceSymbol], DISTANCE_EXTRA[distanceSymbol]);
            length -= part;
        }
    }

    /** The last symbol whose base is at most {@code value}. */
    private static int symbol(int[] bases, int value) {
        int symbol = bases.length - 1;
        while (bases[symbol] > value) {
            symbol--;
        }
        return symbol;
    }

    /** Canonical Huffman codes (RFC 1951 §3.2.2), bit-reversed: deflate sends a code's top bit first. */
    private static int[] codes(int[] lengths) {
        int[] count = new int[16];
        for (int length : lengths) {
            if (length > 0) {
                count[length]++;
            }
        }
        int[] next = new int[16];
        int code = 0;
        double kraft = 0;
        for (int bits = 1; bits < 16; bits++) {
            code = (code + count[bits - 1]) << 1;
            next[bits] = code;
            kraft += count[bits] / (double) (1 << bits);
        }
        if (kraft != 1.0) {
            throw new IllegalStateException("an incomplete code is refused by inflaters");
        }
        int[] codes = new int[lengths.length];
        for (int symbol = 0; symbol < lengths.length; symbol++) {
            if (lengths[symbol] > 0) {
                codes[symbol] = Integer.reverse(next[lengths[symbol]]++) >>> (32 - lengths[symbol]);
            }
        }
        return codes;
    }

    /** BFINAL, BTYPE "dynamic", the three codes' sizes, the code-length code, then both codes. */
    private static int[] header() {
        List<Integer> pairs = new ArrayList<>();
        pairs.addAll(List.of(1, 1, 2, 2, LITERAL_LENGTHS.length - 257, 5, DISTANCE_LENGTHS.length - 1, 5));
        int listed = CODE_LENGTH_ORDER.length;
        while (CODE_LENGTH_LENGTHS[CODE_LENGTH_ORDER[listed - 1]] == 0) {
            listed--;
        }
        pairs.addAll(List.of(listed - 4, 4));
        for (int i = 0; i < listed; i++) {
            pairs.addAll(List.of(CODE_LENGTH_LENGTHS[CODE_LENGTH_ORDER[i]], 3));
        }
        int[] codeLengthCodes = codes(CODE_LENGTH_LENGTHS);
        int[] all = new int[LITERAL_LENGTHS.length + DISTANCE_LENGTHS.length];
        System.arraycopy(LITERAL_LENGTHS, 0, all, 0, LITERAL_LENGTHS.length);
        System.arraycopy(DISTANCE_LENGTHS, 0, all, LITERAL_LENGTHS.length, DISTANCE_LENGTHS.length);
        for (int i = 0; i < all.length; ) {
            int value = all[i];
            int run = 1;
            while (i + run < all.length && all[i + run] == value) {
                run++;
            }
            i += run;
            encodeRun(pairs, codeLengthCodes, value, run);
        }
        return pairs.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * {@code length} code lengths of {@code value} in a row: 18 repeats a zero 11-138 times, 17 3-10 times,
     * 16 the previous length 3-6 times.
     */
    private static void encodeRun(List<Integer> pairs, int[] codeLengthCodes, int value, int length) {
        int left = length;
        if (value == 0) {
            for (; left >= 11; left -= Math.min(left, 138)) {
                lengthSymbol(pairs, codeLengthCodes, 18, Math.min(left, 138) - 11, 7);
            }
            if (left >= 3) {
                lengthSymbol(pairs, codeLengthCodes, 17, left - 3, 3);
                left = 0;
            }
        } else {
            lengthSymbol(pairs, codeLengthCodes, value, 0, 0);
            for (left--; left >= 3; left -= Math.min(left, 6)) {
                lengthSymbol(pairs, codeLengthCodes, 16, Math.min(left, 6) - 3, 2);
            }
        }
        for (; left > 0; left--) {
            lengthSymbol(pairs, codeLengthCodes, value, 0, 0);
        }
    }

    private static void lengthSymbol(List<Integer> pairs, int[] codes, int symbol, int extra, int extraBits) {
        if (CODE_LENGTH_LENGTHS[symbol] == 0) {
            throw new IllegalStateException("code length symbol " + symbol + " has no code");
        }
        pairs.addAll(List.of(codes[symbol], CODE_LENGTH_LENGTHS[symbol]));
        if (extraBits > 0) {
            pairs.addAll(List.of(extra, extraBits));
        }
    }

    /** Bits written least significant first, as deflate packs them. */
    private static final class Bits {
        final byte[] bytes;
        int position;
        private long pending;
        private int count;

        Bits(byte[] bytes) {
            this.bytes = bytes;
        }

        void write(int value, int bits) {
            pending |= (long) value << count;
            count += bits;
            while (count >= 8) {
                bytes[position++] = (byte) pending;
                pending >>>= 8;
                count -= 8;
            }
        }

        void align() {
            if (count > 0) {
                write(0, 8 - count);
            }
        }
    }
}
