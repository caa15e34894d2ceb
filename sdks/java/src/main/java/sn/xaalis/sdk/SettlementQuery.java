package sn.xaalis.sdk;

/**
 * The page {@link XaalisClient#listSettlements(SettlementQuery)} asks for; start with {@link #all()}.
 *
 * @param cursor the {@link SettlementPage#nextCursor()} of the previous page; null for the first
 * @param limit page size, 1 to 100
 */
public record SettlementQuery(String cursor, int limit) {

    /** Every settlement, 20 a page. */
    public static SettlementQuery all() {
        return new SettlementQuery(null, 20);
    }

    /** The page after the one that returned {@code nextCursor}. */
    public SettlementQuery after(String nextCursor) {
        return new SettlementQuery(nextCursor, limit);
    }

    /** Page size, 1 to 100. */
    public SettlementQuery limit(int value) {
        return new SettlementQuery(cursor, value);
    }
}
