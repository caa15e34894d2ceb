package sn.xaalis.qr;

import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import com.google.zxing.qrcode.decoder.Version;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ZXing's mask-0 symbol of a byte-mode content (every payment link), built without ZXing's per-call
 * work: ZXing allocates a polynomial per Reed–Solomon step and a fresh matrix and bit arrays per code,
 * about 100 KB per payment. Here the error correction is a table-driven shift register and the
 * modules that do not depend on the content (finders, timing, alignment, format and version
 * information) come from a template learned once per version, from ZXing itself; the first symbol of
 * each version is checked against ZXing's, and a version that ever differed is left to ZXing.
 */
final class MaskZeroSymbols {

    private static final Logger log = LoggerFactory.getLogger(MaskZeroSymbols.class);
    private static final ErrorCorrectionLevel LEVEL = ErrorCorrectionLevel.M;
    // ECI designator 26 (UTF-8) then the byte mode indicator: 0111 00011010 0100, as ZXing writes them.
    private static final int ECI_UTF8_THEN_BYTE_MODE = 0x71A4;
    private static final Layout ZXING_ONLY = new Layout(0, new byte[0], new int[0], new byte[0]);
    private static final Map<Integer, Layout> LAYOUTS = new ConcurrentHashMap<>();
    private static final int[] EXP = new int[512];
    private static final int[] LOG = new int[256];
    private static final Map<Integer, int[]> GENERATORS = new ConcurrentHashMap<>();

    static {
        int x = 1;
        for (int i = 0; i < 255; i++) {
            EXP[i] = x;
            LOG[x] = i;
            x <<= 1;
            if (x >= 256) {
                x ^= 0x11D; // QR's field polynomial x^8 + x^4 + x^3 + x^2 + 1
            }
        }
        for (int i = 255; i < EXP.length; i++) {
            EXP[i] = EXP[i - 255];
        }
    }

    private MaskZeroSymbols() {}

    /** A symbol with mask 0, as rows of modules (1 = dark). */
    record Symbol(int version, int width, byte[] cells) {}

    /**
     * @param template the content-independent modules, zero elsewhere
     * @param order the data modules in placement order (index y × width + x)
     * @param mask0 whether mask 0 flips the module at the same position of {@code order}
     */
    private record Layout(int width, byte[] template, int[] order, byte[] mask0) {}

    /** The mask-0 symbol, or null when ZXing must make it (not byte mode, or a version left to ZXing). */
    static @Nullable Symbol encode(String content) {
        if (!byteMode(content)) {
            return null;
        }
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        Version version = version(bytes.length);
        Layout layout = LAYOUTS.get(version.getVersionNumber());
        if (layout == null) {
            layout = LAYOUTS.computeIfAbsent(version.getVersionNumber(), v -> learn(content, bytes, version));
        }
        if (layout == ZXING_ONLY) {
            return null;
        }
        return new Symbol(version.getVersionNumber(), layout.width(), place(layout, codewords(bytes, version)));
    }

    /** ZXing's choice of mode: anything beyond digits and its 45 alphanumeric characters is byte mode. */
    private static boolean byteMode(String content) {
        for (int i = 0; i < content.length(); i++) {
            char c = content.charAt(i);
            boolean alphanumeric = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || " $%*+-./:".indexOf(c) >= 0;
            if (!alphanumeric) {
                return true;
            }
        }
        return false;
    }

    /** ZXing's version choice: the smallest that fits, sized first with version 1's count field. */
    private static Version version(int length) {
        Version provisional = smallestFitting(16 + 8 + 8 * length);
        return smallestFitting(16 + countBits(provisional) + 8 * length);
    }

    private static Version smallestFitting(int bits) {
        for (int v = 1; v <= 40; v++) {
            Version version = Version.getVersionForNumber(v);
            if (dataBytes(version) >= (bits + 7) / 8) {
                return version;
            }
        }
        throw new IllegalArgumentException("Content does not fit in a QR code");
    }

    private static int countBits(Version version) {
        return version.getVersionNumber() <= 9 ? 8 : 16;
    }

    private static int dataBytes(Version version) {
        return version.getTotalCodewords() - version.getECBlocksForLevel(LEVEL).getTotalECCodewords();
    }

    /** Data codewords (header, content, terminator, padding), then error correction, interleaved. */
    private static byte[] codewords(byte[] content, Version version) {
        int total = version.getTotalCodewords();
        int dataBytes = dataBytes(version);
        byte[] data = data(content, version, dataBytes);
        int blocks = version.getECBlocksForLevel(LEVEL).getNumBlocks();
        int longBlocks = total % blocks;
        int shortBlocks = blocks - longBlocks;
        int shortData = dataBytes / blocks;
        int ecBytes = total / blocks - shortData;
        int[] generator = GENERATORS.computeIfAbsent(ecBytes, MaskZeroSymbols::generator);
        byte[] out = new byte[total];
        int[] dataStart = new int[blocks];
        int[] dataLength = new int[blocks];
        byte[][] ec = new byte[blocks][];
        for (int b = 0, start = 0; b < blocks; b++) {
            dataStart[b] = start;
            dataLength[b] = shortData + (b < shortBlocks ? 0 : 1);
            ec[b] = remainder(data, start, dataLength[b], generator);
            start += dataLength[b];
        }
        int o = 0;
        for (int i = 0; i <= shortData; i++) {
            for (int b = 0; b < blocks; b++) {
                if (i < dataLength[b]) {
                    out[o++] = data[dataStart[b] + i];
                }
            }
        }
        for (int i = 0; i < ecBytes; i++) {
            for (int b = 0; b < blocks; b++) {
                out[o++] = ec[b][i];
            }
        }
        return out;
    }

    /** The data codewords: ECI and mode header, the content's length and bytes, terminator, padding. */
    private static byte[] data(byte[] content, Version version, int dataBytes) {
        byte[] data = new byte[dataBytes];
        int n = 0;
        data[n++] = (byte) (ECI_UTF8_THEN_BYTE_MODE >>> 8);
        data[n++] = (byte) ECI_UTF8_THEN_BYTE_MODE;
        if (countBits(version) == 16) {
            data[n++] = (byte) (content.length >>> 8);
        }
        data[n++] = (byte) content.length;
        System.arraycopy(content, 0, data, n, content.length);
        n += content.length;
        if (n < dataBytes) {
            data[n++] = 0; // the four-bit terminator and the zeros up to the byte boundary
        }
        for (int pad = 0; n < dataBytes; pad++) {
            data[n++] = (byte) ((pad & 1) == 0 ? 0xEC : 0x11);
        }
        return data;
    }

    /** The product of (x − α^i) for i below {@code degree}, highest power first, leading 1 dropped. */
    private static int[] generator(int degree) {
        int[] g = {1};
        for (int i = 0; i < degree; i++) {
            int[] next = new int[g.length + 1];
            for (int j = 0; j < g.length; j++) {
                next[j] ^= g[j];
                next[j + 1] ^= multiply(g[j], EXP[i]);
            }
            g = next;
        }
        return Arrays.copyOfRange(g, 1, g.length);
    }

    /** The Reed–Solomon remainder of one block, by the usual shift register. */
    private static byte[] remainder(byte[] data, int start, int length, int[] generator) {
        int degree = generator.length;
        int[] register = new int[degree];
        for (int i = start; i < start + length; i++) {
            int factor = (data[i] & 0xFF) ^ register[0];
            System.arraycopy(register, 1, register, 0, degree - 1);
            register[degree - 1] = 0;
            if (factor != 0) {
                int logFactor = LOG[factor];
                for (int j = 0; j < degree; j++) {
                    if (generator[j] != 0) {
                        register[j] ^= EXP[LOG[generator[j]] + logFactor];
                    }
                }
            }
        }
        byte[] out = new byte[degree];
        for (int j = 0; j < degree; j++) {
            out[j] = (byte) register[j];
        }
        return out;
    }

    private static int multiply(int a, int b) {
        return a == 0 || b == 0 ? 0 : EXP[LOG[a] + LOG[b]];
    }

    private static byte[] place(Layout layout, byte[] codewords) {
        byte[] cells = layout.template().clone();
        int[] order = layout.order();
        byte[] mask0 = layout.mask0();
        int bits = Math.min(order.length, codewords.length * 8);
        for (int k = 0; k < bits; k++) {
            cells[order[k]] = (byte) (((codewords[k >>> 3] >>> (7 - (k & 7))) & 1) ^ mask0[k]);
        }
        for (int k = bits; k < order.length; k++) {
            cells[order[k]] = mask0[k]; // remainder bits are zeros, masked
        }
        return cells;
    }

    /** This version's template and placement order; kept only if it reproduces ZXing's symbol. */
    private static Layout learn(String content, byte[] bytes, Version version) {
        byte[] reference = QrMatrix.flatten(QrMatrix.zxing(content, 0).getMatrix());
        int width = version.getDimensionForVersion();
        boolean[] function = functionModules(version, width);
        byte[] template = new byte[width * width];
        int[] order = new int[width * width];
        byte[] mask0 = new byte[width * width];
        int count = 0;
        for (int i = 0; i < template.length; i++) {
            if (function[i]) {
                template[i] = reference[i];
            }
        }
        // ZXing's zigzag: column pairs from the right, up then down, skipping the vertical timing column.
        int direction = -1;
        int y = width - 1;
        for (int x = width - 1; x > 0; x -= 2) {
            if (x == 6) {
                x--;
            }
            for (; y >= 0 && y < width; y += direction) {
                for (int i = 0; i < 2; i++) {
                    int xx = x - i;
                    if (!function[y * width + xx]) {
                        order[count] = y * width + xx;
                        mask0[count] = (byte) (((xx + y) & 1) == 0 ? 1 : 0);
                        count++;
                    }
                }
            }
            direction = -direction;
            y += direction;
        }
        Layout layout = new Layout(width, template, Arrays.copyOf(order, count), Arrays.copyOf(mask0, count));
        if (!Arrays.equals(place(layout, codewords(bytes, version)), reference)) {
            log.warn("QR version {} differs from ZXing's encoding; ZXing encodes it", version.getVersionNumber());
            return ZXING_ONLY;
        }
        return layout;
    }

    /** Finders with separators, timing, alignment patterns, format and version information. */
    private static boolean[] functionModules(Version version, int n) {
        boolean[] f = new boolean[n * n];
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                boolean finder = (x < 8 && y < 8) || (x >= n - 8 && y < 8) || (x < 8 && y >= n - 8);
                boolean timing = x == 6 || y == 6;
                boolean format = (x == 8 && (y <= 8 || y >= n - 8)) || (y == 8 && (x <= 8 || x >= n - 8));
                boolean versionInfo = version.getVersionNumber() >= 7
                        && ((x < 6 && y >= n - 11 && y <= n - 9) || (y < 6 && x >= n - 11 && x <= n - 9));
                f[y * n + x] = finder || timing || format || versionInfo;
            }
        }
        int[] centers = version.getAlignmentPatternCenters();
        for (int cy : centers) {
            for (int cx : centers) {
                boolean inFinder = (cx < 8 && cy < 8) || (cx >= n - 8 && cy < 8) || (cx < 8 && cy >= n - 8);
                if (inFinder) {
                    continue;
                }
                for (int dy = -2; dy <= 2; dy++) {
                    for (int dx = -2; dx <= 2; dx++) {
                        f[(cy + dy) * n + cx + dx] = true;
                    }
                }
            }
        }
        return f;
    }
}
