package sn.xaalis.qr;

import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import com.google.zxing.qrcode.encoder.ByteMatrix;
import com.google.zxing.qrcode.encoder.Encoder;
import com.google.zxing.qrcode.encoder.QRCode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The module matrix of a QR code with the mask ISO/IEC 18004 §7.8 asks for (the lowest penalty), made
 * fast. ZXing renders all eight masked symbols and scores them cell by cell, which is most of the cost
 * of a payment's QR code. Here the mask-0 symbol is made once ({@link MaskZeroSymbols}, or ZXing for
 * content that is not byte mode); the other seven symbols differ from it
 * only where the layout lets them (data modules under differing mask patterns, and the format
 * information), and that difference depends on the version alone. So it is learned once per version,
 * and each candidate is one XOR away; the penalties are then counted on flat arrays.
 */
final class QrMatrix {

    private static final ErrorCorrectionLevel LEVEL = ErrorCorrectionLevel.M;
    private static final int MASKS = 8;
    private static final Map<Integer, byte[][]> DIFFERENCES = new ConcurrentHashMap<>();

    private QrMatrix() {}

    /** The modules, row after row (1 = dark), of a symbol {@code width} modules wide. */
    record Modules(int width, byte[] cells) {
        boolean dark(int x, int y) {
            return cells[y * width + x] == 1;
        }
    }

    static Modules encode(String content) {
        MaskZeroSymbols.Symbol base = MaskZeroSymbols.encode(content);
        if (base == null) {
            QRCode zxing = zxing(content, 0);
            base = new MaskZeroSymbols.Symbol(
                    zxing.getVersion().getVersionNumber(), zxing.getMatrix().getWidth(), flatten(zxing.getMatrix()));
        }
        int width = base.width();
        if (width <= Long.SIZE) {
            return PackedSymbols.encode(content, base);
        }
        byte[] masked0 = base.cells();
        byte[][] differences = DIFFERENCES.computeIfAbsent(base.version(), version -> learn(content, masked0));
        byte[] best = masked0;
        int bestPenalty = Penalties.total(masked0, width);
        byte[] candidate = new byte[masked0.length];
        for (int mask = 1; mask < MASKS; mask++) {
            byte[] difference = differences[mask];
            for (int i = 0; i < candidate.length; i++) {
                candidate[i] = (byte) (masked0[i] ^ difference[i]);
            }
            int penalty = Penalties.total(candidate, width);
            if (penalty < bestPenalty) { // ties keep the lower mask, as the standard's order does
                bestPenalty = penalty;
                best = candidate;
                candidate = new byte[masked0.length];
            }
        }
        return new Modules(width, best);
    }

    /** What turns the mask-0 symbol into each other mask's, for this content's version. */
    private static byte[][] learn(String content, byte[] masked0) {
        byte[][] differences = new byte[MASKS][];
        differences[0] = new byte[masked0.length];
        for (int mask = 1; mask < MASKS; mask++) {
            byte[] masked = flatten(zxing(content, mask).getMatrix());
            byte[] difference = new byte[masked0.length];
            for (int i = 0; i < difference.length; i++) {
                difference[i] = (byte) (masked0[i] ^ masked[i]);
            }
            differences[mask] = difference;
        }
        return differences;
    }

    /** ZXing's encoding with the mask forced, or chosen by ZXing itself when {@code mask} is negative. */
    static QRCode zxing(String content, int mask) {
        Map<EncodeHintType, Object> hints = mask < 0
                ? Map.of(EncodeHintType.CHARACTER_SET, StandardCharsets.UTF_8.name())
                : Map.of(
                        EncodeHintType.CHARACTER_SET,
                        StandardCharsets.UTF_8.name(),
                        EncodeHintType.QR_MASK_PATTERN,
                        mask);
        try {
            return Encoder.encode(content, LEVEL, hints);
        } catch (WriterException e) {
            throw new IllegalArgumentException("Content does not fit in a QR code", e);
        }
    }

    static byte[] flatten(ByteMatrix matrix) {
        int width = matrix.getWidth();
        byte[] cells = new byte[width * matrix.getHeight()];
        byte[][] rows = matrix.getArray();
        for (int y = 0; y < rows.length; y++) {
            System.arraycopy(rows[y], 0, cells, y * width, width);
        }
        return cells;
    }

    /** The four penalty rules of ISO/IEC 18004 §7.8.3 (weights 3, 3, 40, 10), on a flat square matrix. */
    static final class Penalties {

        private Penalties() {}

        static int total(byte[] m, int w) {
            return runs(m, w) + blocks(m, w) + finderLike(m, w) + balance(m, w);
        }

        /** Rule 1: each run of five or more same-coloured modules in a row or column scores 3 + (length − 5). */
        static int runs(byte[] m, int w) {
            int penalty = 0;
            for (int line = 0; line < w; line++) {
                int rowRun = 1;
                int columnRun = 1;
                int rowStart = line * w;
                for (int i = 1; i < w; i++) {
                    // Branch-free, counted as the run grows: 3 when it reaches five, then 1 per module.
                    int sameInRow = (m[rowStart + i] ^ m[rowStart + i - 1]) ^ 1;
                    rowRun = (rowRun & -sameInRow) + 1;
                    penalty += growth(rowRun);
                    int sameInColumn = (m[i * w + line] ^ m[(i - 1) * w + line]) ^ 1;
                    columnRun = (columnRun & -sameInColumn) + 1;
                    penalty += growth(columnRun);
                }
            }
            return penalty;
        }

        /** What a run's newest module adds: 3 at the fifth, 1 after, 0 before. */
        private static int growth(int run) {
            int atLeastFive = (4 - run) >>> 31;
            int exactlyFive = atLeastFive & ((run - 6) >>> 31);
            return atLeastFive + 2 * exactlyFive;
        }

        /** Rule 2: each 2×2 block of one colour scores 3. */
        static int blocks(byte[] m, int w) {
            int count = 0;
            for (int y = 0; y < w - 1; y++) {
                int top = y * w;
                for (int x = top; x < top + w - 1; x++) {
                    // Branch-free: on a masked symbol the outcome is a coin toss a branch would mispredict.
                    int v = m[x];
                    int differs = (v ^ m[x + 1]) | (v ^ m[x + w]) | (v ^ m[x + w + 1]);
                    count += differs ^ 1;
                }
            }
            return 3 * count;
        }

        private static final int FINDER_LIKE = 0b1011101;
        private static final int WINDOW = 0x7FFF;

        /**
         * Rule 3: each dark-light-dark×3-light-dark sequence (1:1:3:1:1) with four light modules on either
         * side scores 40, in rows and in columns. The four must lie inside the symbol (the quiet zone does
         * not count), which is how ZXing scores and what the equivalence test holds us to.
         */
        static int finderLike(byte[] m, int w) {
            int count = 0;
            for (int line = 0; line < w; line++) {
                count += finderLikeAlong(m, line * w, 1, w) + finderLikeAlong(m, line, w, w);
            }
            return 40 * count;
        }

        /**
         * One line, through a window of 15 modules: four before a candidate, its seven, four after.
         * Modules off the symbol enter the window as dark, so they never count as the light margin.
         */
        private static int finderLikeAlong(byte[] m, int start, int step, int w) {
            int count = 0;
            int window = WINDOW;
            for (int j = 0; j < w + 4; j++) {
                int cell = j < w ? m[start + j * step] : 1;
                window = ((window << 1) | cell) & WINDOW;
                int x = j - 10;
                if (x >= 0 && x + 6 < w && ((window >>> 4) & 0x7F) == FINDER_LIKE) {
                    if ((window >>> 11) == 0 || (window & 0xF) == 0) {
                        count++;
                    }
                }
            }
            return count;
        }

        /** Rule 4: 10 for every full 5 % the share of dark modules is away from half. */
        static int balance(byte[] m, int w) {
            int dark = 0;
            for (byte cell : m) {
                dark += cell;
            }
            return balance(dark, w * w);
        }

        /** Rule 4 from the count of dark modules, whatever the representation that counted them. */
        static int balance(int dark, int total) {
            return Math.abs(dark * 2 - total) * 10 / total * 10;
        }
    }
}
