package sn.xaalis.sdk;

import java.util.List;

/**
 * One page of {@link XaalisClient#list(PaymentQuery)}, newest first.
 *
 * @param nextCursor pass to {@link PaymentQuery#after(String)} for the next page; null on the last page
 */
public record PaymentPage(List<Payment> payments, boolean hasMore, String nextCursor) {

    /** Copies {@code payments}. */
    public PaymentPage {
        payments = List.copyOf(payments);
    }
}
