package sn.xaalis.sdk;

import java.math.BigDecimal;

/**
 * A settlement to ask for (API §17.1): {@link #all()} that is available, or {@link #of(BigDecimal)} an amount.
 *
 * @param amount whole francs, at most what is available; null for all that is available
 */
public record SettlementRequest(BigDecimal amount) {

    /** All that is available. */
    public static SettlementRequest all() {
        return new SettlementRequest(null);
    }

    /** This amount, in whole francs. */
    public static SettlementRequest of(BigDecimal amount) {
        return new SettlementRequest(java.util.Objects.requireNonNull(amount, "amount"));
    }

    /** The same, with the amount as exact decimal text such as {@code "4500"}. */
    public static SettlementRequest of(String amount) {
        return of(new BigDecimal(amount));
    }
}
