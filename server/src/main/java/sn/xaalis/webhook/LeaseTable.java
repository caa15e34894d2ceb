package sn.xaalis.webhook;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.lang.Contract;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.SeparatePool;
import sn.xaalis.platform.Timestamps;

/**
 * What both databases' {@link DeliveryLeases} share: the pool, the statements written the same way
 * on both, and how a claimed row and a stored text are read and written.
 */
abstract class LeaseTable implements DeliveryLeases {

    static final String ATTEMPT_COLUMNS =
            "notification_id, attempt, started_at, duration_ms, url, status_code, outcome, error, response_snippet";

    private final SeparatePool pool;
    protected final JdbcClient jdbc;
    protected final TransactionTemplate transactions;

    LeaseTable(SeparatePool pool) {
        this.pool = pool;
        this.jdbc = pool.jdbc();
        this.transactions = pool.transactions();
    }

    @Override
    public void close() {
        pool.close();
    }

    @Override
    public final List<Claimed> claim(
            Instant now,
            int limit,
            Map<ApplicationId, Integer> inFlight,
            int perApplicationLimit,
            Instant leaseUntil,
            UUID token) {
        Set<ApplicationId> saturated = new HashSet<>();
        inFlight.forEach((app, count) -> {
            if (count >= perApplicationLimit) {
                saturated.add(app);
            }
        });
        return claim(new ClaimRound(now, limit, inFlight, perApplicationLimit, leaseUntil, token, saturated));
    }

    /** One claim, as the database's own statements make it. */
    abstract List<Claimed> claim(ClaimRound round);

    /**
     * One claim's terms.
     *
     * @param saturated the applications with no free slot, left out of the search
     */
    record ClaimRound(
            Instant now,
            int limit,
            Map<ApplicationId, Integer> inFlight,
            int perApplicationLimit,
            Instant leaseUntil,
            UUID token,
            Set<ApplicationId> saturated) {

        /** Saturated applications are left out of the search, so a hanging receiver's backlog never fills the batch. */
        String exclude() {
            return saturated.isEmpty() ? "" : " AND application_id NOT IN (:saturated)";
        }

        /** The saturated applications as SQL parameter values. */
        List<UUID> saturatedValues() {
            return saturated.stream().map(ApplicationId::value).toList();
        }
    }

    /** A claimed row, read from the columns of {@code id, application_id, ..., created_at}. */
    static Claimed claimed(ResultSet rs, UUID token) throws SQLException {
        return new Claimed(
                NotificationId.from(rs, "id"),
                ApplicationId.from(rs, "application_id"),
                Environment.fromValue(rs.getString("environment")).orElseThrow(),
                rs.getString("event_id"),
                rs.getString("event"),
                rs.getString("body"),
                rs.getInt("attempts"),
                token,
                Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class)));
    }

    // PostgreSQL's text holds no NUL character, and a receiver's answer may contain one: it must not
    // keep the attempt (and the others written with it) from being recorded.
    @Contract("null -> null; !null -> !null")
    static @Nullable String storable(@Nullable String text) {
        return text == null ? null : text.replace('\u0000', '\uFFFD');
    }

    @Override
    public int release(List<Claimed> claims) {
        int released = 0;
        for (Claimed claimed : claims) {
            released += jdbc.sql("UPDATE notifications SET leased_until = NULL, lease_token = NULL"
                            + " WHERE id = :id AND lease_token = :token")
                    .param("id", claimed.id().value())
                    .param("token", claimed.leaseToken())
                    .update();
        }
        return released;
    }

    @Override
    public int postpone(ApplicationId applicationId, Instant now, Instant until) {
        return jdbc.sql("UPDATE notifications SET next_attempt_at = :until WHERE state = 'PENDING'"
                        + " AND application_id = :app AND next_attempt_at < :until"
                        + " AND (leased_until IS NULL OR leased_until < :now)")
                .param("until", Timestamps.toDatabase(until))
                .param("app", applicationId.value())
                .param("now", Timestamps.toDatabase(now))
                .update();
    }

    @Override
    public boolean markUndeliverable(Claimed claimed, String reason, Instant now) {
        return jdbc.sql("UPDATE notifications SET state = 'UNDELIVERABLE', leased_until = NULL, lease_token = NULL,"
                                + " last_error = :reason, updated_at = :now WHERE id = :id AND lease_token = :token")
                        .param("reason", reason)
                        .param("now", Timestamps.toDatabase(now))
                        .param("id", claimed.id().value())
                        .param("token", claimed.leaseToken())
                        .update()
                == 1;
    }
}
