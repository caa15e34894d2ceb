package sn.xaalis.payment;

import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.Timestamps;

/**
 * The jobs' claims on open payments (D6, D13): payments whose provider check is due, and sandbox
 * payments whose magic phone decides them, each locked so that another node's job skips them.
 */
@Repository
class DuePayments {

    private final JdbcClient jdbc;
    private final PaymentRows rows;

    DuePayments(JdbcClient jdbc, PaymentRows rows) {
        this.jdbc = jdbc;
        this.rows = rows;
    }

    /** A payment claimed for a provider check, with how many checks it had before this one. */
    record Due(Payment payment, int checks) {}

    // The jobs' queries, run every second on every node: JobQueryPlansIT holds each to an index.
    static final String LOCK_EXPIRED =
            "SELECT " + PaymentRows.COLUMNS + ", check_count FROM payments WHERE status = 'PROCESSING'"
                    + " AND expires_at <= :now AND (next_check_at IS NULL OR next_check_at <= :now)"
                    + " ORDER BY expires_at LIMIT :limit FOR UPDATE SKIP LOCKED";
    static final String LOCK_RECONCILIATION_DUE = "SELECT " + PaymentRows.COLUMNS + ", check_count FROM payments"
            + " WHERE status = 'PROCESSING' AND next_check_at <= :now AND environment = 'live' AND expires_at > :now"
            + " ORDER BY next_check_at LIMIT :limit FOR UPDATE SKIP LOCKED";

    /**
     * Payments past their deadline whose next check is due (D6), locked so another node's job skips
     * them; the caller pushes their next check out before committing, which is its claim.
     */
    List<Due> lockExpired(Instant now, int limit) {
        return jdbc.sql(LOCK_EXPIRED)
                .param("now", Timestamps.toDatabase(now))
                .param("limit", limit)
                .query((rs, n) -> new Due(rows.map(rs), rs.getInt("check_count")))
                .list();
    }

    /** Live payments still open whose reconciliation check is due (missed callbacks), locked likewise. */
    List<Due> lockReconciliationDue(Instant now, int limit) {
        return jdbc.sql(LOCK_RECONCILIATION_DUE)
                .param("now", Timestamps.toDatabase(now))
                .param("limit", limit)
                .query((rs, n) -> new Due(rows.map(rs), rs.getInt("check_count")))
                .list();
    }

    void scheduleCheck(PaymentId id, Instant next) {
        jdbc.sql("UPDATE payments SET next_check_at = :next, check_count = check_count + 1 WHERE id = :id")
                .param("next", Timestamps.toDatabase(next))
                .param("id", id.value())
                .update();
    }

    /**
     * The magic phones written out, exactly as the predicate of the partial index that serves this
     * query on PostgreSQL (V18): with the phones as parameters the planner cannot prove that index
     * holds every row wanted, and scanned the whole table instead, every second on every node.
     */
    static final String LOCK_MAGIC = "SELECT " + PaymentRows.COLUMNS + " FROM payments WHERE status = 'PROCESSING'"
            + " AND environment = 'sandbox' AND customer_phone IN ('+221700000001', '+221700000002', '+221700000003')"
            + " AND created_at <= :before ORDER BY created_at LIMIT :limit FOR UPDATE SKIP LOCKED";

    /** Sandbox payments with a magic customer phone ({@link PaymentJobs#MAGIC_PHONES}), old enough to resolve (D13). */
    List<Payment> lockMagic(Instant createdBefore, int limit) {
        return jdbc.sql(LOCK_MAGIC)
                .param("before", Timestamps.toDatabase(createdBefore))
                .param("limit", limit)
                .query(rows)
                .list();
    }
}
