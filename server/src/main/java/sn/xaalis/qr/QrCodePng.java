package sn.xaalis.qr;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.CRC32;

/**
 * Renders a QR code as a 1-bit grayscale PNG. The image is written directly from the module matrix and
 * compressed by {@link ScanlineDeflate}: no AWT, no ImageIO, no zlib, safe to call from any thread.
 */
public final class QrCodePng {

    // The QR standard asks for a 4-module quiet zone so that scanners find the code.
    private static final int QUIET_ZONE = 4;
    // 4 px per module keeps a typical link around 160 px: sharp on phones, a few hundred bytes.
    private static final int SCALE = 4; // the row loop below writes one nibble per module
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final byte[] IHDR = "IHDR".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] IDAT = "IDAT".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] IEND = "IEND".getBytes(StandardCharsets.US_ASCII);

    private QrCodePng() {}

    /** Standard base64 of the PNG, without a {@code data:} prefix (SPEC §2.1). */
    public static String base64(String content) {
        return Base64.getEncoder().encodeToString(render(content));
    }

    public static byte[] render(String content) {
        if (content == null || content.isEmpty()) {
            throw new IllegalArgumentException("QR content must not be empty");
        }
        QrMatrix.Modules matrix = QrMatrix.encode(content);
        int size = (matrix.width() + 2 * QUIET_ZONE) * SCALE;
        int rowBytes = (size + 7) / 8;
        byte[] raw = scanlines(matrix, rowBytes);

        ByteArrayOutputStream png = new ByteArrayOutputStream(512);
        png.writeBytes(SIGNATURE);
        byte[] header = new byte[13];
        putInt(header, 0, size);
        putInt(header, 4, size);
        header[8] = 1; // bit depth
        header[9] = 0; // colour type: grayscale
        chunk(png, IHDR, header, header.length);
        byte[] compressed = ScanlineDeflate.zlib(raw, rowBytes + 1);
        chunk(png, IDAT, compressed, compressed.length);
        chunk(png, IEND, new byte[0], 0);
        return png.toByteArray();
    }

    /** The image's scanlines, each a filter byte then {@code rowBytes} of pixels, quiet zone included. */
    private static byte[] scanlines(QrMatrix.Modules matrix, int rowBytes) {
        int modules = matrix.width() + 2 * QUIET_ZONE;
        byte[] raw = new byte[(rowBytes + 1) * modules * SCALE];
        int offset = 0;
        for (int y = 0; y < modules; y++) {
            int rowStart = offset;
            raw[offset++] = 0; // filter: none
            int my = y - QUIET_ZONE;
            // A module is SCALE = 4 pixels wide, half a byte: write nibbles, not pixels.
            for (int m = 0; m < modules; m++) {
                int mx = m - QUIET_ZONE;
                boolean dark = my >= 0 && my < matrix.width() && mx >= 0 && mx < matrix.width() && matrix.dark(mx, my);
                if (!dark) { // white is 1 in grayscale
                    raw[offset + (m >> 1)] |= (byte) ((m & 1) == 0 ? 0xF0 : 0x0F);
                }
            }
            offset += rowBytes;
            // The remaining SCALE-1 pixel rows of this module row are identical: copy, don't recompute.
            for (int repeat = 1; repeat < SCALE; repeat++) {
                System.arraycopy(raw, rowStart, raw, offset, rowBytes + 1);
                offset += rowBytes + 1;
            }
        }
        return raw;
    }

    private static void chunk(ByteArrayOutputStream out, byte[] typeBytes, byte[] data, int length) {
        byte[] lengthBytes = new byte[4];
        putInt(lengthBytes, 0, length);
        out.writeBytes(lengthBytes);
        out.writeBytes(typeBytes);
        out.write(data, 0, length);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data, 0, length);
        byte[] crcBytes = new byte[4];
        putInt(crcBytes, 0, (int) crc.getValue());
        out.writeBytes(crcBytes);
    }

    private static void putInt(byte[] target, int at, int value) {
        target[at] = (byte) (value >>> 24);
        target[at + 1] = (byte) (value >>> 16);
        target[at + 2] = (byte) (value >>> 8);
        target[at + 3] = (byte) value;
    }
}
