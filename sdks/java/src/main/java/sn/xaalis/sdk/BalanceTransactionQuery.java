package sn.xaalis.sdk;

/**
 * The page {@link XaalisClient#listBalanceTransactions(BalanceTransactionQuery)} asks for; start with
 * {@link #all()}.
 *
 * @param cursor the {@link BalanceTransactionPage#nextCursor()} of the previous page; null for the first
 * @param limit page size, 1 to 100
 */
public record BalanceTransactionQuery(String cursor, int limit) {

    /** Every transaction, 20 a page. */
    public static BalanceTransactionQuery all() {
        return new BalanceTransactionQuery(null, 20);
    }

    /** The page after the one that returned {@code nextCursor}. */
    public BalanceTransactionQuery after(String nextCursor) {
        return new BalanceTransactionQuery(nextCursor, limit);
    }

    /** Page size, 1 to 100. */
    public BalanceTransactionQuery limit(int value) {
        return new BalanceTransactionQuery(cursor, value);
    }
}
