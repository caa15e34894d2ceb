package sn.xaalis.payout;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/** The payouts table, the caps' daily totals, and nothing else: every query names its application. */
@Component
class PayoutStore {

    static final String COLUMNS = "id, reference, application_id, environment, provider, amount, fee, currency,"
            + " recipient_phone, recipient_name, reason, metadata, status, stage, failure_code, failure_reason,"
            + " provider_reference, requested_from, requested_by, connection_id, checks, created_at, updated_at, settled_at";

    private static final String INSERT = "INSERT INTO payouts (" + COLUMNS + ", idempotency_key, request_hash,"
            + " next_attempt_at) VALUES (:id, :reference, :app, :env, :provider, :amount, :fee, :currency, :phone,"
            + " :name, :reason, :metadata, :status, :stage, NULL, NULL, NULL, :from, :by, :connection, 0, :created,"
            + " :created, NULL, :key, :hash, :created) ON CONFLICT DO NOTHING";

    /** The senders' queries, every second on every node: each reads an index (PayoutQueryPlansIT). */
    static final String LOCK_DUE =
            "SELECT " + COLUMNS + " FROM payouts WHERE stage = :stage AND next_attempt_at <= :now"
                    + " ORDER BY next_attempt_at LIMIT :limit FOR UPDATE SKIP LOCKED";

    /**
     * Held, not claimed: the payouts of an application whose payouts are turned off (not its settlements:
     * the installation pays those, out of its own account), and the live payouts
     * of a merchant the operator suspended. They stay queued (neither sent nor failed, no attempt counted)
     * and go once payouts are on again or the merchant reinstated. Read in the claim itself, so a change
     * holds the very next pass on every node; subqueries, so {@code FOR UPDATE} locks payouts only.
     */
    static final String NOT_HELD = " AND (payouts.requested_by = '" + Payout.SETTLEMENT + "' OR EXISTS (SELECT 1"
            + " FROM payout_settings s WHERE s.application_id = payouts.application_id AND s.enabled))"
            + " AND (payouts.environment <> 'live' OR EXISTS (SELECT 1 FROM applications a"
            + " JOIN merchants m ON m.id = a.merchant_id WHERE a.id = payouts.application_id AND NOT m.sandbox_only))";

    static final String LOCK_QUEUED = "SELECT " + COLUMNS + " FROM payouts WHERE stage = 'QUEUED' AND next_attempt_at"
            + " <= :now AND provider = :provider" + NOT_HELD
            + " ORDER BY next_attempt_at LIMIT :limit FOR UPDATE SKIP LOCKED";

    private final JdbcClient jdbc;

    PayoutStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A payout stored under an idempotency key, with the fingerprint of the request that made it. */
    record Keyed(Payout payout, String requestHash) {}

    Optional<Keyed> byKey(ApplicationId applicationId, Environment environment, String key) {
        return jdbc.sql("SELECT " + COLUMNS + ", request_hash FROM payouts WHERE application_id = :app"
                        + " AND environment = :env AND idempotency_key = :key")
                .param("app", applicationId.value())
                .param("env", environment.value())
                .param("key", key)
                .query((rs, n) -> new Keyed(map(rs), rs.getString("request_hash")))
                .optional();
    }

    /** Stores a new payout, queued; false when its key or reference is taken (nothing stored). */
    boolean insert(Payout p, String key, String requestHash) {
        return jdbc.sql(INSERT)
                        .param("id", p.id())
                        .param("reference", p.reference().value())
                        .param("app", p.applicationId().value())
                        .param("env", p.environment().value())
                        .param("provider", p.provider().name())
                        .param("amount", p.amount())
                        .param("fee", p.fee())
                        .param("currency", p.currency())
                        .param("phone", p.recipientPhone())
                        .param("name", p.recipientName())
                        .param("reason", p.reason())
                        .param("metadata", p.metadata())
                        .param("status", p.status().name())
                        .param("stage", p.stage().name())
                        .param("from", p.requestedFrom())
                        .param("by", p.requestedBy())
                        .param(
                                "connection",
                                p.connectionId() == null
                                        ? null
                                        : p.connectionId().value())
                        .param("created", Timestamps.toDatabase(p.createdAt()))
                        .param("key", key)
                        .param("hash", requestHash)
                        .update()
                == 1;
    }

    /**
     * Adds a payout to its application's total of the day if both caps allow it; false (nothing added)
     * when one would be passed. The row lock this takes orders concurrent payouts of one application,
     * on every node.
     */
    boolean reserve(
            ApplicationId applicationId,
            Environment environment,
            LocalDate day,
            BigDecimal amount,
            BigDecimal amountCap,
            int countCap) {
        return reserve(applicationId, environment, day, amount, 1, amountCap, countCap);
    }

    /** As {@link #reserve}, for {@code count} payouts of {@code amount} in all (a bulk file, at once). */
    boolean reserve(
            ApplicationId applicationId,
            Environment environment,
            LocalDate day,
            BigDecimal amount,
            int count,
            BigDecimal amountCap,
            int countCap) {
        jdbc.sql("INSERT INTO payout_days (application_id, environment, sent_on, amount, payouts)"
                        + " VALUES (:app, :env, :day, 0, 0) ON CONFLICT DO NOTHING")
                .param("app", applicationId.value())
                .param("env", environment.value())
                .param("day", day)
                .update();
        return jdbc.sql("UPDATE payout_days SET amount = amount + :amount, payouts = payouts + :count"
                                + " WHERE application_id = :app AND environment = :env AND sent_on = :day"
                                + " AND amount + :amount <= :amountCap AND payouts + :count <= :countCap")
                        .param("count", count)
                        .param("app", applicationId.value())
                        .param("env", environment.value())
                        .param("day", day)
                        .param("amount", amount)
                        .param("amountCap", amountCap)
                        .param("countCap", countCap)
                        .update()
                == 1;
    }

    /** Which of the two caps is the one that is full (for the refusal's words). */
    boolean countCapFull(ApplicationId applicationId, Environment environment, LocalDate day, int countCap) {
        return countCapFull(applicationId, environment, day, 1, countCap);
    }

    boolean countCapFull(ApplicationId applicationId, Environment environment, LocalDate day, int count, int countCap) {
        Integer sent = jdbc.sql("SELECT payouts FROM payout_days WHERE application_id = :app AND environment = :env"
                        + " AND sent_on = :day")
                .param("app", applicationId.value())
                .param("env", environment.value())
                .param("day", day)
                .query(Integer.class)
                .optional()
                .orElse(0);
        return sent + count > countCap;
    }

    /** A failed payout sent nothing: its share of the day goes back. */
    void release(Payout payout) {
        jdbc.sql("UPDATE payout_days SET amount = amount - :amount, payouts = payouts - 1 WHERE application_id = :app"
                        + " AND environment = :env AND sent_on = :day")
                .param("app", payout.applicationId().value())
                .param("env", payout.environment().value())
                .param("day", day(payout.createdAt()))
                .param("amount", payout.amount())
                .update();
    }

    static LocalDate day(Instant at) {
        return LocalDate.ofInstant(at, ZoneOffset.UTC);
    }

    Optional<Payout> find(ApplicationId applicationId, Environment environment, String reference) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM payouts WHERE reference = :reference AND application_id = :app"
                        + " AND environment = :env")
                .param("reference", reference)
                .param("app", applicationId.value())
                .param("env", environment.value())
                .query((rs, n) -> map(rs))
                .optional();
    }

    /** A page of an application's payouts, newest first, after {@code after} when given. */
    List<Payout> list(
            ApplicationId applicationId,
            Environment environment,
            @Nullable PayoutStatus status,
            @Nullable Provider provider,
            @Nullable Instant from,
            @Nullable Instant to,
            PaymentFilter.@Nullable Position after,
            int limit) {
        StringBuilder sql = new StringBuilder(
                "SELECT " + COLUMNS + " FROM payouts WHERE application_id = :app AND environment = :env");
        Map<String, Object> params = new HashMap<>();
        params.put("app", applicationId.value());
        params.put("env", environment.value());
        params.put("limit", limit);
        if (status != null) {
            sql.append(" AND status = :status");
            params.put("status", status.name());
        }
        if (provider != null) {
            sql.append(" AND provider = :provider");
            params.put("provider", provider.name());
        }
        if (from != null) {
            sql.append(" AND created_at >= :from");
            params.put("from", Timestamps.toDatabase(from));
        }
        if (to != null) {
            sql.append(" AND created_at < :to");
            params.put("to", Timestamps.toDatabase(to));
        }
        if (after != null) {
            sql.append(" AND (created_at < :afterAt OR (created_at = :afterAt AND id < :afterId))");
            params.put("afterAt", Timestamps.toDatabase(after.createdAt()));
            params.put("afterId", after.id());
        }
        sql.append(" ORDER BY created_at DESC, id DESC LIMIT :limit");
        return jdbc.sql(sql.toString()).params(params).query((rs, n) -> map(rs)).list();
    }

    /** How many of an application's payouts are queued, not yet handed to their provider (held ones too). */
    int queued(ApplicationId applicationId, Environment environment) {
        return jdbc.sql("SELECT COUNT(*) FROM payouts WHERE stage = 'QUEUED' AND application_id = :app"
                        + " AND environment = :env")
                .param("app", applicationId.value())
                .param("env", environment.value())
                .query(Integer.class)
                .single();
    }

    /** Payouts of a stage whose next attempt is due, locked so another node's sender skips them. */
    List<Payout> lockDue(PayoutStage stage, Instant now, int limit) {
        return jdbc.sql(LOCK_DUE)
                .param("stage", stage.name())
                .param("now", Timestamps.toDatabase(now))
                .param("limit", limit)
                .query((rs, n) -> map(rs))
                .list();
    }

    /** Queued payouts of one provider, due, locked likewise: each provider is sent to at its own pace. */
    List<Payout> lockQueued(Provider provider, Instant now, int limit) {
        return jdbc.sql(LOCK_QUEUED)
                .param("provider", provider.name())
                .param("now", Timestamps.toDatabase(now))
                .param("limit", limit)
                .query((rs, n) -> map(rs))
                .list();
    }

    /** Marks a queued payout as handed to its provider (committed before the call); false if it was not queued. */
    boolean markSending(UUID id, Instant now, Instant checkAt) {
        return jdbc.sql("UPDATE payouts SET stage = 'SENDING', sent_at = :now, updated_at = :now,"
                                + " next_attempt_at = :check WHERE id = :id AND stage = 'QUEUED'")
                        .param("now", Timestamps.toDatabase(now))
                        .param("check", Timestamps.toDatabase(checkAt))
                        .param("id", id)
                        .update()
                == 1;
    }

    /** A queued payout left queued, looked at again at {@code at} (its account sends nothing for now). */
    void postpone(UUID id, Instant at) {
        jdbc.sql("UPDATE payouts SET next_attempt_at = :at WHERE id = :id AND stage = 'QUEUED'")
                .param("at", Timestamps.toDatabase(at))
                .param("id", id)
                .update();
    }

    /** The provider's id for a payout sent, kept before anything else is known about it. */
    void remember(UUID id, String providerReference) {
        jdbc.sql("UPDATE payouts SET provider_reference = :ref WHERE id = :id AND provider_reference IS NULL")
                .param("ref", providerReference)
                .param("id", id)
                .update();
    }

    /**
     * A payout its provider never got (no call left Xaalis, or the provider says it has none where sending
     * again cannot pay twice): queued again, to go at {@code at}.
     */
    boolean requeue(UUID id, Instant now, Instant at) {
        return jdbc.sql("UPDATE payouts SET stage = 'QUEUED', next_attempt_at = :at, updated_at = :now"
                                + " WHERE id = :id AND stage = 'SENDING' AND status = 'PROCESSING'")
                        .param("now", Timestamps.toDatabase(now))
                        .param("at", Timestamps.toDatabase(at))
                        .param("id", id)
                        .update()
                == 1;
    }

    /** A watched payout no longer asked about (its provider's reversal window is over). */
    void stopWatching(UUID id, Instant now) {
        jdbc.sql("UPDATE payouts SET stage = 'DONE', updated_at = :now WHERE id = :id AND stage = 'WATCH'")
                .param("now", Timestamps.toDatabase(now))
                .param("id", id)
                .update();
    }

    /** An unknown outcome is asked about again later. */
    void askAgainAt(UUID id, Instant next) {
        jdbc.sql("UPDATE payouts SET checks = checks + 1, next_attempt_at = :next WHERE id = :id")
                .param("next", Timestamps.toDatabase(next))
                .param("id", id)
                .update();
    }

    /**
     * Moves a payout from the status it was read in to {@code to}, with what the provider said; false
     * when another node moved it first. Runs in the transaction that also stores the webhook.
     */
    boolean move(Payout from, Payout to, Instant next) {
        return jdbc.sql("UPDATE payouts SET status = :to, stage = :stage, fee = :fee, failure_code = :code,"
                                + " failure_reason = :reason, provider_reference = :ref, updated_at = :now,"
                                + " settled_at = :settled, next_attempt_at = :next"
                                + " WHERE id = :id AND status = :from AND stage = :fromStage")
                        .param("to", to.status().name())
                        .param("stage", to.stage().name())
                        .param("fee", to.fee())
                        .param("code", to.failureCode())
                        .param("reason", to.failureReason())
                        .param("ref", to.providerReference())
                        .param("now", Timestamps.toDatabase(to.updatedAt()))
                        .param("settled", Timestamps.toDatabase(to.settledAt()))
                        .param("next", Timestamps.toDatabase(next))
                        .param("id", from.id())
                        .param("from", from.status().name())
                        .param("fromStage", from.stage().name())
                        .update()
                == 1;
    }

    static Payout map(ResultSet rs) throws SQLException {
        return new Payout(
                rs.getObject("id", UUID.class),
                new PayoutReference(rs.getString("reference")),
                ApplicationId.from(rs, "application_id"),
                Environment.fromValue(rs.getString("environment")).orElseThrow(),
                Provider.valueOf(rs.getString("provider")),
                rs.getBigDecimal("amount"),
                rs.getBigDecimal("fee"),
                rs.getString("currency"),
                rs.getString("recipient_phone"),
                rs.getString("recipient_name"),
                rs.getString("reason"),
                rs.getString("metadata"),
                PayoutStatus.valueOf(rs.getString("status")),
                PayoutStage.valueOf(rs.getString("stage")),
                rs.getString("failure_code"),
                rs.getString("failure_reason"),
                rs.getString("provider_reference"),
                rs.getString("requested_from"),
                rs.getString("requested_by"),
                ConnectionId.fromNullable(rs, "connection_id"),
                rs.getInt("checks"),
                instant(rs, "created_at"),
                instant(rs, "updated_at"),
                Timestamps.fromDatabase(rs.getObject("settled_at", OffsetDateTime.class)));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Instant value = Timestamps.fromDatabase(rs.getObject(column, OffsetDateTime.class));
        if (value == null) {
            throw new SQLException(column + " is null");
        }
        return value;
    }
}
