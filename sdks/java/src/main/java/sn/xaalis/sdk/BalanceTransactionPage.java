package sn.xaalis.sdk;

import java.util.List;

/**
 * One page of {@link XaalisClient#listBalanceTransactions(BalanceTransactionQuery)}, newest first.
 *
 * @param nextCursor pass to {@link BalanceTransactionQuery#after(String)} for the next page; null on the last page
 */
public record BalanceTransactionPage(List<BalanceTransaction> transactions, boolean hasMore, String nextCursor) {

    /** Copies {@code transactions}. */
    public BalanceTransactionPage {
        transactions = List.copyOf(transactions);
    }
}
