package sn.xaalis.settlement;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/** The settlements and their destinations; every query names its application. */
@Repository
class SettlementStore {

    private static final String COLUMNS =
            "id, reference, application_id, environment, amount, currency, provider, phone,"
                    + " status, payout_id, payout_reference, origin, failure_code, failure_reason, created_at, updated_at";
    private static final String DESTINATION =
            "application_id, environment, provider, phone, usable_from," + " changed_at, automatic, minimum";

    private final JdbcClient jdbc;

    SettlementStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Destination> destination(ApplicationId applicationId, Environment environment) {
        return jdbc.sql("SELECT " + DESTINATION + " FROM settlement_destinations WHERE application_id = :app"
                        + " AND environment = :env")
                .param("app", applicationId.value())
                .param("env", environment.value())
                .query((rs, n) -> destination(rs))
                .optional();
    }

    /** The destinations settled automatically, every application's (the daily job's list). */
    List<Destination> automatic() {
        return jdbc.sql("SELECT " + DESTINATION + " FROM settlement_destinations WHERE automatic")
                .query((rs, n) -> destination(rs))
                .list();
    }

    /** A new number (or provider): usable from {@code usableFrom}; the schedule is kept. */
    void saveDestination(Destination d, String by) {
        int updated = jdbc.sql("UPDATE settlement_destinations SET provider = :provider, phone = :phone,"
                        + " usable_from = :from, changed_at = :at, changed_by = :by"
                        + " WHERE application_id = :app AND environment = :env")
                .param("provider", d.provider().name())
                .param("phone", d.phone().international())
                .param("from", Timestamps.toDatabase(d.usableFrom()))
                .param("at", Timestamps.toDatabase(d.changedAt()))
                .param("by", by)
                .param("app", d.applicationId().value())
                .param("env", d.environment().value())
                .update();
        if (updated == 0) {
            jdbc.sql("INSERT INTO settlement_destinations (" + DESTINATION + ", changed_by) VALUES (:app, :env,"
                            + " :provider, :phone, :from, :at, :automatic, :minimum, :by)")
                    .param("app", d.applicationId().value())
                    .param("env", d.environment().value())
                    .param("provider", d.provider().name())
                    .param("phone", d.phone().international())
                    .param("from", Timestamps.toDatabase(d.usableFrom()))
                    .param("at", Timestamps.toDatabase(d.changedAt()))
                    .param("automatic", d.automatic())
                    .param("minimum", d.minimum())
                    .param("by", by)
                    .update();
        }
    }

    /** The schedule of an existing destination; false when there is none. */
    boolean saveSchedule(
            ApplicationId applicationId, Environment environment, boolean automatic, java.math.BigDecimal minimum) {
        return jdbc.sql("UPDATE settlement_destinations SET automatic = :automatic, minimum = :minimum"
                                + " WHERE application_id = :app AND environment = :env")
                        .param("automatic", automatic)
                        .param("minimum", minimum)
                        .param("app", applicationId.value())
                        .param("env", environment.value())
                        .update()
                == 1;
    }

    /** Stores a settlement under its key; false, nothing written, when the key has one already. */
    boolean insert(Settlement s, String key, String requestHash) {
        return jdbc.sql("INSERT INTO settlements (" + COLUMNS + ", idempotency_key, request_hash) VALUES (:id,"
                                + " :reference, :app, :env, :amount, :currency, :provider, :phone, :status, :payout,"
                                + " :payoutReference, :origin, NULL, NULL, :at, :at, :key, :hash)"
                                + " ON CONFLICT DO NOTHING")
                        .param("id", s.id())
                        .param("reference", s.reference())
                        .param("app", s.applicationId().value())
                        .param("env", s.environment().value())
                        .param("amount", s.amount())
                        .param("currency", s.currency())
                        .param("provider", s.provider().name())
                        .param("phone", s.phone().international())
                        .param("status", s.status().name())
                        .param("payout", s.payoutId())
                        .param("payoutReference", s.payoutReference())
                        .param("origin", s.origin())
                        .param("at", Timestamps.toDatabase(s.createdAt()))
                        .param("key", key)
                        .param("hash", requestHash)
                        .update()
                == 1;
    }

    record Keyed(Settlement settlement, String requestHash) {}

    Optional<Keyed> byKey(ApplicationId applicationId, Environment environment, String key) {
        return jdbc.sql("SELECT " + COLUMNS + ", request_hash FROM settlements WHERE application_id = :app"
                        + " AND environment = :env AND idempotency_key = :key")
                .param("app", applicationId.value())
                .param("env", environment.value())
                .param("key", key)
                .query((rs, n) -> new Keyed(map(rs), rs.getString("request_hash")))
                .optional();
    }

    Optional<Settlement> find(ApplicationId applicationId, Environment environment, UUID id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM settlements WHERE id = :id AND application_id = :app"
                        + " AND environment = :env")
                .param("id", id)
                .param("app", applicationId.value())
                .param("env", environment.value())
                .query((rs, n) -> map(rs))
                .optional();
    }

    /** The settlement a payout carries, locked for the payout's status change; empty for any other payout. */
    Optional<Settlement> lockByPayout(UUID payoutId) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM settlements WHERE payout_id = :payout FOR UPDATE")
                .param("payout", payoutId)
                .query((rs, n) -> map(rs))
                .optional();
    }

    /** Moves a settlement from the status it was read in; false when it was moved meanwhile. */
    boolean move(Settlement from, Settlement to) {
        return jdbc.sql("UPDATE settlements SET status = :to, failure_code = :code, failure_reason = :reason,"
                                + " updated_at = :at WHERE id = :id AND status = :from")
                        .param("to", to.status().name())
                        .param("code", to.failureCode())
                        .param("reason", to.failureReason())
                        .param("at", Timestamps.toDatabase(to.updatedAt()))
                        .param("id", from.id())
                        .param("from", from.status().name())
                        .update()
                == 1;
    }

    /** A page of an application's settlements, newest first, after {@code after} when given. */
    List<Settlement> list(
            ApplicationId applicationId, Environment environment, PaymentFilter.@Nullable Position after, int limit) {
        var spec = jdbc.sql("SELECT " + COLUMNS + " FROM settlements WHERE application_id = :app AND environment = :env"
                        + (after == null
                                ? ""
                                : " AND (created_at < :afterAt OR (created_at = :afterAt AND id < :afterId))")
                        + " ORDER BY created_at DESC, id DESC LIMIT :limit")
                .param("app", applicationId.value())
                .param("env", environment.value())
                .param("limit", limit);
        if (after != null) {
            spec = spec.param("afterAt", Timestamps.toDatabase(after.createdAt()))
                    .param("afterId", after.id());
        }
        return spec.query((rs, n) -> map(rs)).list();
    }

    private static Destination destination(ResultSet rs) throws SQLException {
        return new Destination(
                ApplicationId.from(rs, "application_id"),
                Environment.fromValue(rs.getString("environment")).orElseThrow(),
                Provider.valueOf(rs.getString("provider")),
                phone(rs.getString("phone")),
                instant(rs, "usable_from"),
                instant(rs, "changed_at"),
                rs.getBoolean("automatic"),
                rs.getBigDecimal("minimum"));
    }

    private static Settlement map(ResultSet rs) throws SQLException {
        return new Settlement(
                rs.getObject("id", UUID.class),
                rs.getString("reference"),
                ApplicationId.from(rs, "application_id"),
                Environment.fromValue(rs.getString("environment")).orElseThrow(),
                rs.getBigDecimal("amount"),
                rs.getString("currency"),
                Provider.valueOf(rs.getString("provider")),
                phone(rs.getString("phone")),
                SettlementStatus.valueOf(rs.getString("status")),
                rs.getObject("payout_id", UUID.class),
                rs.getString("payout_reference"),
                rs.getString("origin"),
                rs.getString("failure_code"),
                rs.getString("failure_reason"),
                instant(rs, "created_at"),
                instant(rs, "updated_at"));
    }

    private static CustomerPhone phone(String stored) {
        return CustomerPhone.parse(stored).orElseThrow(() -> new IllegalStateException("A stored number is bad"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        return Objects.requireNonNull(Timestamps.fromDatabase(rs.getObject(column, OffsetDateTime.class)));
    }
}
