package sn.xaalis.qr;

import com.google.zxing.qrcode.encoder.ByteMatrix;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The mask choice of {@link QrMatrix} for symbols up to 64 modules wide (versions 1 to 11, every
 * payment link): each row and each column is one {@code long}, so a penalty rule costs a few bit
 * operations per line instead of one branch per module.
 */
final class PackedSymbols {

    private static final int MASKS = 8;
    private static final Map<Integer, Difference[]> DIFFERENCES = new ConcurrentHashMap<>();

    private PackedSymbols() {}

    /** A symbol as rows ({@code rows[y]} bit x = module (x, y), 1 = dark) and as columns. */
    record Packed(int width, long[] rows, long[] columns) {
        static Packed of(ByteMatrix matrix) {
            return of(QrMatrix.flatten(matrix), matrix.getWidth());
        }

        static Packed of(byte[] cells, int w) {
            long[] rows = new long[w];
            long[] columns = new long[w];
            for (int y = 0; y < w; y++) {
                int row = y * w;
                long bits = 0;
                for (int x = 0; x < w; x++) {
                    long dark = cells[row + x] & 1L;
                    bits |= dark << x;
                    columns[x] |= dark << y;
                }
                rows[y] = bits;
            }
            return new Packed(w, rows, columns);
        }

        Packed xor(Difference d) {
            long[] r = new long[width];
            long[] c = new long[width];
            for (int i = 0; i < width; i++) {
                r[i] = rows[i] ^ d.rows()[i];
                c[i] = columns[i] ^ d.columns()[i];
            }
            return new Packed(width, r, c);
        }

        QrMatrix.Modules modules() {
            byte[] cells = new byte[width * width];
            for (int y = 0; y < width; y++) {
                long row = rows[y];
                for (int x = 0; x < width; x++) {
                    cells[y * width + x] = (byte) ((row >>> x) & 1);
                }
            }
            return new QrMatrix.Modules(width, cells);
        }
    }

    /** What turns the mask-0 symbol into another mask's; depends on the version only. */
    record Difference(long[] rows, long[] columns) {}

    static QrMatrix.Modules encode(String content, MaskZeroSymbols.Symbol base) {
        Packed masked0 = Packed.of(base.cells(), base.width());
        Difference[] differences = DIFFERENCES.computeIfAbsent(base.version(), version -> learn(content, masked0));
        Packed best = masked0;
        int bestPenalty = penalty(masked0);
        for (int mask = 1; mask < MASKS; mask++) {
            Packed candidate = masked0.xor(differences[mask]);
            int penalty = penalty(candidate);
            if (penalty < bestPenalty) { // ties keep the lower mask
                bestPenalty = penalty;
                best = candidate;
            }
        }
        return best.modules();
    }

    private static Difference[] learn(String content, Packed masked0) {
        Difference[] differences = new Difference[MASKS];
        for (int mask = 1; mask < MASKS; mask++) {
            Packed masked = Packed.of(QrMatrix.zxing(content, mask).getMatrix());
            long[] rows = new long[masked0.width()];
            long[] columns = new long[masked0.width()];
            for (int i = 0; i < rows.length; i++) {
                rows[i] = masked0.rows()[i] ^ masked.rows()[i];
                columns[i] = masked0.columns()[i] ^ masked.columns()[i];
            }
            differences[mask] = new Difference(rows, columns);
        }
        return differences;
    }

    /** The same four rules as {@link QrMatrix.Penalties}, on packed lines. */
    static int penalty(Packed p) {
        int w = p.width();
        return runs(p.rows(), w)
                + runs(p.columns(), w)
                + 3 * blocks(p.rows(), w)
                + 40 * (finderLike(p.rows(), w) + finderLike(p.columns(), w))
                + balance(p.rows(), w);
    }

    /**
     * Rule 1 along each line: {@code fives} marks every module that starts five equal ones, so a run of
     * length L ≥ 5 marks L − 4 modules in a row; its penalty L − 2 is those marks plus 2 per run.
     */
    static int runs(long[] lines, int w) {
        int penalty = 0;
        long pairs = mask(w - 1);
        for (long line : lines) {
            long equalNext = ~(line ^ (line >>> 1)) & pairs;
            long fives = equalNext & (equalNext >>> 1) & (equalNext >>> 2) & (equalNext >>> 3);
            penalty += Long.bitCount(fives) + 2 * Long.bitCount(fives & ~(fives << 1));
        }
        return penalty;
    }

    /** Rule 2: 2×2 blocks of one colour. */
    static int blocks(long[] rows, int w) {
        int count = 0;
        long pairs = mask(w - 1);
        for (int y = 0; y + 1 < w; y++) {
            long top = rows[y];
            long bottom = rows[y + 1];
            long same = ~(top ^ (top >>> 1)) & ~(top ^ bottom) & ~(bottom ^ (bottom >>> 1)) & pairs;
            count += Long.bitCount(same);
        }
        return count;
    }

    /** Rule 3 along each line: 1011101 with four light modules, inside the symbol, before or after it. */
    static int finderLike(long[] lines, int w) {
        if (w < 7) {
            return 0;
        }
        int count = 0;
        long starts = mask(w - 6);
        long lightBeforeAllowed = ~mask(4);
        long lightAfterAllowed = mask(w - 10);
        for (long line : lines) {
            long pattern = line
                    & ~(line >>> 1)
                    & (line >>> 2)
                    & (line >>> 3)
                    & (line >>> 4)
                    & ~(line >>> 5)
                    & (line >>> 6)
                    & starts;
            if (pattern == 0) {
                continue;
            }
            long lightBefore = ~((line << 1) | (line << 2) | (line << 3) | (line << 4)) & lightBeforeAllowed;
            long lightAfter = ~((line >>> 7) | (line >>> 8) | (line >>> 9) | (line >>> 10)) & lightAfterAllowed;
            count += Long.bitCount(pattern & (lightBefore | lightAfter));
        }
        return count;
    }

    /** Rule 4: 10 for every full 5 % the share of dark modules is away from half. */
    static int balance(long[] rows, int w) {
        int dark = 0;
        for (long row : rows) {
            dark += Long.bitCount(row);
        }
        return QrMatrix.Penalties.balance(dark, w * w);
    }

    /** The lowest {@code bits} bits set (none for bits ≤ 0, all for 64). */
    private static long mask(int bits) {
        if (bits <= 0) {
            return 0;
        }
        return bits >= Long.SIZE ? -1L : (1L << bits) - 1;
    }
}
