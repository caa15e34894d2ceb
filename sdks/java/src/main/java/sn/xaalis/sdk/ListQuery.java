package sn.xaalis.sdk;

import java.time.Instant;

/**
 * What {@link PaymentQuery} and {@link PayoutQuery} share: a list's filters, its cursor and its page size,
 * read by {@link XaalisClient} to build the list's query string. Null fields do not filter. Package-private:
 * each query stays a record of its own, with its own copy-on-change methods.
 */
interface ListQuery {

    /** Only those in this status, such as {@code SUCCESS}. */
    String status();

    /** Only those through this provider. */
    String provider();

    /** Created at or after. */
    Instant createdFrom();

    /** Created before. */
    Instant createdTo();

    /** The {@code nextCursor} of the previous page. */
    String cursor();

    /** Page size, 1 to 100. */
    int limit();
}
