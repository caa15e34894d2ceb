package sn.xaalis.sdk;

import java.time.Instant;

/**
 * Filters for {@link XaalisClient#listPayouts(PayoutQuery)}; start with {@link #all()}. Null fields do not filter.
 *
 * @param limit page size, 1 to 100
 * @param createdFrom inclusive
 * @param createdTo exclusive
 * @param cursor the {@link PayoutPage#nextCursor()} of the previous page
 */
public record PayoutQuery(
        String status, String provider, Instant createdFrom, Instant createdTo, String cursor, int limit)
        implements ListQuery {

    /** Every payout, 20 a page. */
    public static PayoutQuery all() {
        return new PayoutQuery(null, null, null, null, null, 20);
    }

    /** Only payouts in this status, such as {@code SUCCESS}. */
    public PayoutQuery status(String value) {
        return new PayoutQuery(value, provider, createdFrom, createdTo, cursor, limit);
    }

    /** Only payouts through this provider. */
    public PayoutQuery provider(String value) {
        return new PayoutQuery(status, value, createdFrom, createdTo, cursor, limit);
    }

    /** Only payouts created in {@code [from, to)}; either may be null. */
    public PayoutQuery createdBetween(Instant from, Instant to) {
        return new PayoutQuery(status, provider, from, to, cursor, limit);
    }

    /** The page after the one that returned {@code nextCursor}. */
    public PayoutQuery after(String nextCursor) {
        return new PayoutQuery(status, provider, createdFrom, createdTo, nextCursor, limit);
    }

    /** Page size, 1 to 100. */
    public PayoutQuery limit(int value) {
        return new PayoutQuery(status, provider, createdFrom, createdTo, cursor, value);
    }
}
