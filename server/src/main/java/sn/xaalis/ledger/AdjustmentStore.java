package sn.xaalis.ledger;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;

/** The ledger_adjustments table: one row per adjustment, under its key; only ever inserted. */
@Repository
class AdjustmentStore {

    private static final String COLUMNS =
            "id, application_id, environment, currency, amount, reason, operator, created_at, request_hash";

    private final JdbcClient jdbc;

    AdjustmentStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** An adjustment with the fingerprint of the request that made it. */
    record Keyed(Adjustment adjustment, String requestHash) {}

    /**
     * Stores the adjustment under its key, unless the key has one already: false then. On PostgreSQL a
     * second writer of the key waits here for the first one's commit.
     */
    boolean insert(Adjustment a, String key, String requestHash) {
        return jdbc.sql("INSERT INTO ledger_adjustments (id, application_id, environment, currency, amount, reason,"
                                + " operator, idempotency_key, request_hash, created_at) VALUES (:id, :app, :env,"
                                + " :currency, :amount, :reason, :operator, :key, :hash, :at) ON CONFLICT DO NOTHING")
                        .param("id", a.id())
                        .param("app", a.applicationId().value())
                        .param("env", a.environment().value())
                        .param("currency", a.currency())
                        .param("amount", a.amount())
                        .param("reason", a.reason())
                        .param("operator", a.operator())
                        .param("key", key)
                        .param("hash", requestHash)
                        .param("at", Timestamps.toDatabase(a.createdAt()))
                        .update()
                == 1;
    }

    Optional<Keyed> byKey(ApplicationId applicationId, String key) {
        return jdbc.sql("SELECT " + COLUMNS
                        + " FROM ledger_adjustments WHERE application_id = :app AND idempotency_key = :key")
                .param("app", applicationId.value())
                .param("key", key)
                .query((rs, n) -> new Keyed(adjustment(rs), rs.getString("request_hash")))
                .optional();
    }

    /** The application's adjustments, newest first, up to {@code limit}. */
    List<Adjustment> of(ApplicationId applicationId, int limit) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM ledger_adjustments WHERE application_id = :app"
                        + " ORDER BY created_at DESC, id DESC LIMIT :limit")
                .param("app", applicationId.value())
                .param("limit", limit)
                .query((rs, n) -> adjustment(rs))
                .list();
    }

    private static Adjustment adjustment(ResultSet rs) throws SQLException {
        return new Adjustment(
                rs.getObject("id", UUID.class),
                ApplicationId.from(rs, "application_id"),
                Environment.fromValue(rs.getString("environment")).orElseThrow(),
                rs.getString("currency"),
                rs.getBigDecimal("amount"),
                rs.getString("reason"),
                rs.getString("operator"),
                Objects.requireNonNull(Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class))));
    }
}
