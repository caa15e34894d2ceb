package sn.xaalis.sdk;

import java.time.Instant;

/**
 * Filters for {@link XaalisClient#list(PaymentQuery)}; start with {@link #all()}. Null fields do not filter.
 *
 * @param limit page size, 1 to 100
 * @param createdFrom inclusive
 * @param createdTo exclusive
 * @param cursor the {@link PaymentPage#nextCursor()} of the previous page
 */
public record PaymentQuery(
        String status, String provider, Instant createdFrom, Instant createdTo, String cursor, int limit)
        implements ListQuery {

    /** Every payment, 20 a page. */
    public static PaymentQuery all() {
        return new PaymentQuery(null, null, null, null, null, 20);
    }

    /** Only payments in this status, such as {@code SUCCESS}. */
    public PaymentQuery status(String value) {
        return new PaymentQuery(value, provider, createdFrom, createdTo, cursor, limit);
    }

    /** Only payments through this provider. */
    public PaymentQuery provider(String value) {
        return new PaymentQuery(status, value, createdFrom, createdTo, cursor, limit);
    }

    /** Only payments created in {@code [from, to)}; either may be null. */
    public PaymentQuery createdBetween(Instant from, Instant to) {
        return new PaymentQuery(status, provider, from, to, cursor, limit);
    }

    /** The page after the one that returned {@code nextCursor}. */
    public PaymentQuery after(String nextCursor) {
        return new PaymentQuery(status, provider, createdFrom, createdTo, nextCursor, limit);
    }

    /** Page size, 1 to 100. */
    public PaymentQuery limit(int value) {
        return new PaymentQuery(status, provider, createdFrom, createdTo, cursor, value);
    }
}
