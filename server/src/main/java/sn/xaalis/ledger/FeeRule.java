package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.jspecify.annotations.Nullable;

/**
 * How the operator prices one provider's payments for a merchant. The fee of an amount is its
 * {@code percent} rounded half up to the whole franc, plus {@code fixed}, then raised to {@code min},
 * lowered to {@code max} (when there is one) and never above the amount itself.
 *
 * @param percent from 0 to 100, at most 4 decimals
 * @param fixed whole francs, 0 or more
 * @param min whole francs, 0 or more
 * @param max whole francs, at least {@code min}; null for no maximum
 */
public record FeeRule(BigDecimal percent, BigDecimal fixed, BigDecimal min, @Nullable BigDecimal max) {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    public FeeRule {
        if (percent.signum() < 0
                || percent.compareTo(HUNDRED) > 0
                || percent.stripTrailingZeros().scale() > 4) {
            throw new IllegalArgumentException("percent must be from 0 to 100 with at most 4 decimals");
        }
        if (!wholeFrancs(fixed) || !wholeFrancs(min) || (max != null && !wholeFrancs(max))) {
            throw new IllegalArgumentException("fixed, min and max must be whole francs, 0 or more");
        }
        if (max != null && max.compareTo(min) < 0) {
            throw new IllegalArgumentException("max must not be below min");
        }
    }

    /** Whether a value is a whole, non-negative number of francs (as fixed, min and max must be). */
    public static boolean wholeFrancs(BigDecimal value) {
        return value.signum() >= 0 && value.stripTrailingZeros().scale() <= 0;
    }

    /** The fee of {@code amount}, in whole francs (scale 2, as amounts are stored). */
    public BigDecimal feeOn(BigDecimal amount) {
        BigDecimal fee = amount.multiply(percent)
                .divide(HUNDRED, 0, RoundingMode.HALF_UP)
                .add(fixed);
        fee = fee.max(min);
        if (max != null) {
            fee = fee.min(max);
        }
        // An amount with centimes (not XOF's case) still never pays more than itself.
        return fee.min(amount).max(BigDecimal.ZERO).setScale(2, RoundingMode.HALF_UP);
    }
}
