package sn.xaalis.sdk;

import java.util.List;

/**
 * One page of {@link XaalisClient#listPaymentLinks(String, int)}, newest first.
 *
 * @param nextCursor pass back as the cursor for the next page; null on the last page
 */
public record PaymentLinkPage(List<PaymentLink> links, boolean hasMore, String nextCursor) {

    /** Copies {@code links}. */
    public PaymentLinkPage {
        links = List.copyOf(links);
    }
}
