package sn.xaalis.sdk;

import java.util.List;

/**
 * One page of {@link XaalisClient#listPayouts(PayoutQuery)}, newest first.
 *
 * @param nextCursor pass to {@link PayoutQuery#after(String)} for the next page; null on the last page
 */
public record PayoutPage(List<Payout> payouts, boolean hasMore, String nextCursor) {

    /** Copies {@code payouts}. */
    public PayoutPage {
        payouts = List.copyOf(payouts);
    }
}
