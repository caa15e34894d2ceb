package sn.xaalis.payout;

import java.math.BigDecimal;
import java.util.Map;

/**
 * Where a bulk file's payouts stand: how many (and how much) in each status, and the fees charged so far.
 */
public record PayoutBatchProgress(
        Map<PayoutStatus, Integer> counts, Map<PayoutStatus, BigDecimal> amounts, BigDecimal fees) {

    public PayoutBatchProgress {
        counts = Map.copyOf(counts);
        amounts = Map.copyOf(amounts);
    }

    public int count(PayoutStatus status) {
        return counts.getOrDefault(status, 0);
    }

    public BigDecimal amount(PayoutStatus status) {
        return amounts.getOrDefault(status, BigDecimal.ZERO);
    }

    /** By status name, for pages. */
    public int countOf(String status) {
        return PayoutStatus.fromName(status).map(this::count).orElse(0);
    }

    public BigDecimal amountOf(String status) {
        return PayoutStatus.fromName(status).map(this::amount).orElse(BigDecimal.ZERO);
    }

    public int total() {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Payouts with an outcome (every status but {@code PROCESSING}). */
    public int finished() {
        return total() - count(PayoutStatus.PROCESSING);
    }

    public boolean done() {
        return count(PayoutStatus.PROCESSING) == 0;
    }

    /** Whole percent finished, for the progress bar. */
    public int percent() {
        return total() == 0 ? 100 : finished() * 100 / total();
    }
}
