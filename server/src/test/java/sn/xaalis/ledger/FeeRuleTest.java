package sn.xaalis.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The documented fee rule: percent half up to the franc, plus fixed, clamped to [min, max], never above the amount. */
class FeeRuleTest {

    private static BigDecimal fee(String percent, String fixed, String min, String max, String amount) {
        return new FeeRule(
                        new BigDecimal(percent),
                        new BigDecimal(fixed),
                        new BigDecimal(min),
                        max == null ? null : new BigDecimal(max))
                .feeOn(new BigDecimal(amount));
    }

    @Test
    void thePercentIsRoundedHalfUpToTheFrancThenTheFixedPartAdded() {
        assertThat(fee("1.5", "0", "0", null, "1500.00")).isEqualByComparingTo("23"); // 22.5
        assertThat(fee("1.5", "0", "0", null, "1033.00")).isEqualByComparingTo("15"); // 15.495
        assertThat(fee("1.5", "0", "0", null, "1100.00")).isEqualByComparingTo("17"); // 16.5
        assertThat(fee("2", "10", "0", null, "1000.00")).isEqualByComparingTo("30");
        assertThat(fee("1.5", "0", "0", null, "1500.00").scale()).isEqualTo(2);
    }

    @Test
    void theFeeIsRaisedToTheMinimumLoweredToTheMaximumAndNeverAboveTheAmount() {
        assertThat(fee("1", "0", "50", "2000", "1000.00")).isEqualByComparingTo("50");
        assertThat(fee("1", "0", "50", "2000", "1000000.00")).isEqualByComparingTo("2000");
        assertThat(fee("0", "100", "0", null, "60.00")).isEqualByComparingTo("60");
        assertThat(fee("0", "0", "0", null, "60.00")).isEqualByComparingTo("0");
    }

    @Test
    void aRuleOutsideItsBoundsIsABug() {
        assertThatThrownBy(() -> fee("100.5", "0", "0", null, "1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> fee("1.00001", "0", "0", null, "1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> fee("1", "0.5", "0", null, "1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> fee("1", "0", "10", "5", "1")).isInstanceOf(IllegalArgumentException.class);
    }

    @Provide
    Arbitrary<FeeRule> rules() {
        var percent = Arbitraries.bigDecimals()
                .between(BigDecimal.ZERO, BigDecimal.valueOf(100))
                .ofScale(4);
        var francs = Arbitraries.longs().between(0, 100_000).map(BigDecimal::valueOf);
        return Combinators.combine(percent, francs, francs, francs.injectNull(0.3))
                .as((p, fixed, min, max) -> new FeeRule(p, fixed, min, max == null ? null : max.add(min)));
    }

    @Property(tries = 500)
    void aFeeIsWholeFrancsBetweenZeroAndTheAmountAndWithinItsBounds(
            @ForAll("rules") FeeRule rule, @ForAll @LongRange(min = 1, max = 100_000_000) long francs) {
        BigDecimal amount = BigDecimal.valueOf(francs).setScale(2);
        BigDecimal fee = rule.feeOn(amount);

        assertThat(fee.signum()).isNotNegative();
        assertThat(fee).isLessThanOrEqualTo(amount);
        assertThat(fee.stripTrailingZeros().scale()).isNotPositive();
        if (rule.min().compareTo(amount) <= 0) {
            assertThat(fee).isGreaterThanOrEqualTo(rule.min());
        }
        if (rule.max() != null) {
            assertThat(fee).isLessThanOrEqualTo(rule.max());
        }
    }

    /** The rule of docs/operations.md §14.2, step by step, in whole francs: percent half up, fixed, clamps. */
    @Property(tries = 500)
    void theFeeIsTheDocumentedRuleAndTheNetIsTheRest(
            @ForAll("rules") FeeRule rule, @ForAll @LongRange(min = 1, max = 100_000_000) long francs) {
        BigDecimal amount = BigDecimal.valueOf(francs).setScale(2);
        BigDecimal hundredths = amount.multiply(rule.percent()); // percent × amount, in hundredths of francs
        BigDecimal rounded = hundredths.divide(BigDecimal.valueOf(100), 0, java.math.RoundingMode.HALF_UP);
        BigDecimal expected = rounded.add(rule.fixed()).max(rule.min());
        if (rule.max() != null) {
            expected = expected.min(rule.max());
        }
        expected = expected.min(amount);

        BigDecimal fee = rule.feeOn(amount);

        assertThat(fee).isEqualByComparingTo(expected);
        assertThat(fee.scale()).isEqualTo(2);
        assertThat(amount.subtract(fee).signum()).isNotNegative();
    }

    @Property(tries = 300)
    void aLargerAmountNeverPaysASmallerFee(
            @ForAll("rules") FeeRule rule,
            @ForAll @LongRange(min = 1, max = 10_000_000) long francs,
            @ForAll @LongRange(min = 0, max = 10_000_000) long more) {
        BigDecimal small = BigDecimal.valueOf(francs).setScale(2);
        BigDecimal large = BigDecimal.valueOf(francs + more).setScale(2);
        assertThat(rule.feeOn(large)).isGreaterThanOrEqualTo(rule.feeOn(small));
    }
}
