package sn.xaalis.reconciliation;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.ledger.LedgerQueries.BalanceMismatch;
import sn.xaalis.ledger.LedgerQueries.Found;
import sn.xaalis.ledger.LedgerQueries.MissingPosting;
import sn.xaalis.ledger.LedgerQueries.Unbalanced;
import sn.xaalis.platform.Timestamps;
import tools.jackson.databind.json.JsonMapper;

/** The runs of the ledger check (V57): the daily run's claim of its day, and each run's result. */
@Repository
class LedgerCheckRuns {

    /** The lists a run keeps, as JSON text in its row. */
    record Details(Found<Unbalanced> unbalanced, Found<BalanceMismatch> mismatches, Found<MissingPosting> missing) {}

    private final JdbcClient jdbc;
    private final JsonMapper json;
    private final DailyClaim daily;

    LedgerCheckRuns(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
        this.daily = new DailyClaim(jdbc, "ledger_checks", "checked_at");
    }

    /** Claims the daily run of {@code day} for this node ({@link DailyClaim}). */
    boolean claim(UUID id, LocalDate day, Instant now, Instant staleBefore) {
        return daily.claim(id, day, now, staleBefore);
    }

    /** Stores the result of the claimed run {@code id}. */
    void complete(UUID id, LedgerCheck check) {
        jdbc.sql("UPDATE ledger_checks SET checked_at = :at, balanced = :balanced, transactions = :tx,"
                        + " unbalanced_count = :unbalanced, mismatch_count = :mismatches, missing_count = :missing,"
                        + " details = :details WHERE id = :id")
                .params(params(id, check))
                .update();
    }

    /** Stores the result of a run started on demand (no day claimed). */
    void insert(UUID id, LedgerCheck check) {
        jdbc.sql("INSERT INTO ledger_checks (id, started_at, checked_at, balanced, transactions, unbalanced_count,"
                        + " mismatch_count, missing_count, details) VALUES (:id, :at, :at, :balanced, :tx,"
                        + " :unbalanced, :mismatches, :missing, :details)")
                .params(params(id, check))
                .update();
    }

    private Map<String, Object> params(UUID id, LedgerCheck check) {
        var params = new HashMap<String, Object>();
        params.put("id", id);
        params.put("at", Timestamps.toDatabase(check.checkedAt()));
        params.put("balanced", check.balanced());
        params.put("tx", check.transactions());
        params.put("unbalanced", check.unbalanced().count());
        params.put("mismatches", check.mismatches().count());
        params.put("missing", check.missing().count());
        params.put(
                "details",
                json.writeValueAsString(new Details(check.unbalanced(), check.mismatches(), check.missing())));
        return params;
    }

    /** The last run with a result, if any. */
    Optional<LedgerCheck> latest() {
        return jdbc.sql("SELECT checked_at, transactions, details FROM ledger_checks WHERE checked_at IS NOT NULL"
                        + " ORDER BY checked_at DESC, id DESC LIMIT 1")
                .query((rs, n) -> {
                    Details details = json.readValue(rs.getString("details"), Details.class);
                    return new LedgerCheck(
                            Timestamps.fromDatabase(rs.getObject("checked_at", OffsetDateTime.class)),
                            rs.getLong("transactions"),
                            details.unbalanced(),
                            details.mismatches(),
                            details.missing());
                })
                .optional();
    }

    /** Breaks found by the last run with a result, 0 before the first. */
    long latestBreaks() {
        return jdbc.sql("SELECT unbalanced_count + mismatch_count + missing_count FROM ledger_checks"
                        + " WHERE checked_at IS NOT NULL ORDER BY checked_at DESC, id DESC LIMIT 1")
                .query(Long.class)
                .optional()
                .orElse(0L);
    }
}
