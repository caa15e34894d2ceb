package sn.xaalis.sdk;

import java.util.List;

/**
 * One page of {@link XaalisClient#listSettlements(SettlementQuery)}, newest first.
 *
 * @param nextCursor pass to {@link SettlementQuery#after(String)} for the next page; null on the last page
 */
public record SettlementPage(List<Settlement> settlements, boolean hasMore, String nextCursor) {

    /** Copies {@code settlements}. */
    public SettlementPage {
        settlements = List.copyOf(settlements);
    }
}
