package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.Timestamps;

/**
 * The ledger read as a whole, for the checks that it balances and agrees with the payments: each
 * question is one set-based statement (a statement reads one snapshot, so a posting committed
 * meanwhile can never show as half written), answered as a count and its first rows.
 */
@Repository
public class LedgerQueries {

    /** A journal transaction whose entries do not sum to zero in a currency. */
    public record Unbalanced(UUID transactionId, String currency, BigDecimal sum) {}

    /** A running balance that differs from the sum of its account's entries (or entries with no balance row). */
    public record BalanceMismatch(String accountKey, BigDecimal balance, BigDecimal entries) {}

    /** A payment on the installation's accounts whose status asks for a posting the ledger lacks. */
    public record MissingPosting(UUID paymentId, String reference, String status, String posting) {}

    /** The first rows of a list and how many there are in all. */
    public record Found<T>(long count, List<T> first) {}

    private static final String UNBALANCED =
            "SELECT transaction_id, currency, SUM(amount) AS total FROM ledger_entries GROUP BY transaction_id,"
                    + " currency HAVING SUM(amount) <> 0";

    // Only merchant accounts have running balances (V51); a balance row without entries sums to zero.
    private static final String MISMATCHES = "SELECT b.account_key, b.balance, COALESCE(s.total, 0) AS total"
            + " FROM ledger_balances b LEFT JOIN (SELECT account_key, SUM(amount) AS total FROM ledger_entries"
            + " WHERE account_key LIKE 'pending:%' OR account_key LIKE 'available:%' GROUP BY account_key) s"
            + " ON s.account_key = b.account_key WHERE b.balance <> COALESCE(s.total, 0)"
            + " UNION ALL SELECT e.account_key, NULL, SUM(e.amount) FROM ledger_entries e"
            + " WHERE (e.account_key LIKE 'pending:%' OR e.account_key LIKE 'available:%') AND NOT EXISTS"
            + " (SELECT 1 FROM ledger_balances b WHERE b.account_key = e.account_key) GROUP BY e.account_key";

    // The unique (cause_kind, cause_id) index answers each NOT EXISTS; payments paid before the ledger
    // existed are left out by :since.
    private static final String MISSING = "SELECT p.id, p.reference, p.status, 'payment' AS posting FROM payments p"
            + " WHERE p.status IN ('SUCCESS', 'REFUNDED') AND p.connection_id IS NULL AND %1$s NOT EXISTS"
            + " (SELECT 1 FROM ledger_transactions t WHERE t.cause_kind = 'payment'"
            + " AND t.cause_id = CAST(p.id AS VARCHAR(64)))"
            + " UNION ALL SELECT p.id, p.reference, p.status, 'refund' FROM payments p"
            + " WHERE p.status = 'REFUNDED' AND p.connection_id IS NULL AND %1$s NOT EXISTS"
            + " (SELECT 1 FROM ledger_transactions t WHERE t.cause_kind = 'refund'"
            + " AND t.cause_id = CAST(p.id AS VARCHAR(64)))";

    private final JdbcClient jdbc;

    LedgerQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public long transactions() {
        return jdbc.sql("SELECT COUNT(*) FROM ledger_transactions")
                .query(Long.class)
                .single();
    }

    /** Journal transactions whose entries do not sum to zero per currency. */
    public Found<Unbalanced> unbalanced(int limit) {
        long[] count = {0};
        var first = jdbc.sql(counted(UNBALANCED, "transaction_id, currency"))
                .param("limit", limit)
                .query((rs, n) -> {
                    count[0] = rs.getLong("found");
                    return new Unbalanced(
                            rs.getObject("transaction_id", UUID.class),
                            rs.getString("currency"),
                            rs.getBigDecimal("total"));
                })
                .list();
        return new Found<>(count[0], first);
    }

    /** Running balances that are not the sum of their entries, and merchant accounts with entries but no balance. */
    public Found<BalanceMismatch> balanceMismatches(int limit) {
        long[] count = {0};
        var first = jdbc.sql(counted(MISMATCHES, "account_key"))
                .param("limit", limit)
                .query((rs, n) -> {
                    count[0] = rs.getLong("found");
                    BigDecimal balance = rs.getBigDecimal("balance");
                    return new BalanceMismatch(
                            rs.getString("account_key"),
                            balance == null ? BigDecimal.ZERO : balance,
                            rs.getBigDecimal("total"));
                })
                .list();
        return new Found<>(count[0], first);
    }

    /**
     * SUCCESS and REFUNDED payments on the installation's accounts (sandbox included) without their
     * {@code payment} posting, and REFUNDED ones without their {@code refund} posting.
     *
     * @param since only payments paid at or after it, when given (those paid before the ledger existed have
     *     no postings)
     */
    public Found<MissingPosting> missingPostings(@Nullable Instant since, int limit) {
        String sql = MISSING.formatted(since == null ? "" : "p.paid_at >= :since AND");
        var rows = jdbc.sql(counted(sql, "reference, posting")).param("limit", limit);
        if (since != null) {
            rows = rows.param("since", Timestamps.toDatabase(since));
        }
        long[] count = {0};
        var first = rows.query((rs, n) -> {
                    count[0] = rs.getLong("found");
                    return new MissingPosting(
                            rs.getObject("id", UUID.class),
                            rs.getString("reference"),
                            rs.getString("status"),
                            rs.getString("posting"));
                })
                .list();
        return new Found<>(count[0], first);
    }

    /**
     * The first rows of a question with, on each, how many rows it has in all: one pass over the ledger
     * instead of a second one to count (the window is computed before the limit).
     */
    private static String counted(String sql, String order) {
        return "SELECT m.*, COUNT(*) OVER () AS found FROM (" + sql + ") m ORDER BY " + order + " LIMIT :limit";
    }
}
