package sn.xaalis.webhook;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.DeletionBatches;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;

/** The notifications and notification_attempts tables. */
@Repository
class Notifications {

    enum State {
        PENDING,
        DELIVERED,
        FAILED,
        UNDELIVERABLE
    }

    record Claimed(
            UUID id,
            UUID applicationId,
            Environment environment,
            String eventId,
            String event,
            String body,
            int attempts,
            UUID leaseToken,
            Instant createdAt) {}

    private final JdbcClient jdbc;
    private final Database database;
    private final TransactionTemplate transactions;
    private final DeletionBatches batches;

    Notifications(JdbcClient jdbc, Database database, TransactionTemplate transactions, DeletionBatches batches) {
        this.jdbc = jdbc;
        this.database = database;
        this.transactions = transactions;
        this.batches = batches;
    }

    /**
     * Leases up to {@code limit} due notifications, at most {@code perApplicationLimit} in flight per
     * application counting {@code inFlight}. Rows another node holds are skipped, not waited for; a
     * crashed node's lease simply runs out and the row is claimed again.
     */
    List<Claimed> claim(
            Instant now,
            int limit,
            Map<UUID, Integer> inFlight,
            int perApplicationLimit,
            Instant leaseUntil,
            UUID token) {
        Set<UUID> saturated = new java.util.HashSet<>();
        inFlight.forEach((app, count) -> {
            if (count >= perApplicationLimit) {
                saturated.add(app);
            }
        });
        // Saturated applications are left out of the search, so a hanging receiver's backlog never
        // fills the batch.
        String exclude = saturated.isEmpty() ? "" : " AND application_id NOT IN (:saturated)";
        if (!database.embedded()) {
            var spec = jdbc.sql(CLAIM_AT_ONCE.replace("/*exclude*/", exclude))
                    .param("now", Timestamps.toDatabase(now))
                    .param("limit", limit)
                    .param("busy", busyJson(inFlight, saturated))
                    .param("perApplication", perApplicationLimit)
                    .param("lease", Timestamps.toDatabase(leaseUntil))
                    .param("token", token);
            if (!saturated.isEmpty()) {
                spec = spec.param("saturated", new ArrayList<>(saturated));
            }
            return spec.query((rs, n) -> claimed(rs, token)).list();
        }
        List<Claimed> claimed = transactions.execute(
                tx -> claimInSteps(now, limit, inFlight, perApplicationLimit, leaseUntil, token, exclude, saturated));
        return claimed == null ? List.of() : claimed;
    }

    // PostgreSQL: search, per-application limit and lease in one statement that commits on its own
    // (one round trip instead of five). Rows locked by the search but not chosen are free again when
    // it ends. :busy is a JSON array of {"app": uuid, "busy": deliveries in flight}.
    private static final String CLAIM_AT_ONCE = "WITH due AS (SELECT id, application_id, next_attempt_at"
            + " FROM notifications WHERE state = 'PENDING' AND next_attempt_at <= :now"
            + " AND (leased_until IS NULL OR leased_until < :now)/*exclude*/"
            + " ORDER BY next_attempt_at, id LIMIT :limit FOR UPDATE SKIP LOCKED),"
            + " ranked AS (SELECT id, application_id,"
            + " row_number() OVER (PARTITION BY application_id ORDER BY next_attempt_at, id) AS position FROM due),"
            + " chosen AS (SELECT r.id FROM ranked r LEFT JOIN json_to_recordset(CAST(:busy AS json))"
            + " AS b(app uuid, busy int) ON b.app = r.application_id"
            + " WHERE r.position + COALESCE(b.busy, 0) <= :perApplication)"
            + " UPDATE notifications n SET leased_until = :lease, lease_token = :token FROM chosen"
            + " WHERE n.id = chosen.id"
            + " RETURNING n.id, n.application_id, n.environment, n.event_id, n.event, n.body, n.attempts, n.created_at";

    private static String busyJson(Map<UUID, Integer> inFlight, Set<UUID> saturated) {
        StringBuilder json = new StringBuilder("[");
        inFlight.forEach((app, count) -> {
            if (count > 0 && !saturated.contains(app)) {
                json.append(json.length() > 1 ? "," : "")
                        .append("{\"app\":\"")
                        .append(app)
                        .append("\",\"busy\":")
                        .append(count)
                        .append('}');
            }
        });
        return json.append(']').toString();
    }

    private List<Claimed> claimInSteps(
            Instant now,
            int limit,
            Map<UUID, Integer> inFlight,
            int perApplicationLimit,
            Instant leaseUntil,
            UUID token,
            String exclude,
            Set<UUID> saturated) {
        var select = jdbc.sql("SELECT id, application_id FROM notifications WHERE state = 'PENDING'"
                        + " AND next_attempt_at <= :now AND (leased_until IS NULL OR leased_until < :now)" + exclude
                        + " ORDER BY next_attempt_at, id LIMIT :limit FOR UPDATE SKIP LOCKED")
                .param("now", Timestamps.toDatabase(now))
                .param("limit", limit);
        if (!saturated.isEmpty()) {
            select = select.param("saturated", new ArrayList<>(saturated));
        }
        // Keep at most the application's free slots; the rest stay unleased for the next round.
        Map<UUID, Integer> taken = new java.util.HashMap<>(inFlight);
        List<UUID> ids = new ArrayList<>();
        select.query((rs, n) -> {
                    UUID app = rs.getObject(2, UUID.class);
                    if (taken.getOrDefault(app, 0) < perApplicationLimit) {
                        taken.merge(app, 1, Integer::sum);
                        ids.add(rs.getObject(1, UUID.class));
                    }
                    return null;
                })
                .list();
        if (ids.isEmpty()) {
            return List.of();
        }
        jdbc.sql("UPDATE notifications SET leased_until = :lease, lease_token = :token WHERE id IN (:ids)")
                .param("lease", Timestamps.toDatabase(leaseUntil))
                .param("token", token)
                .param("ids", ids)
                .update();
        return jdbc.sql("SELECT id, application_id, environment, event_id, event, body, attempts, created_at"
                        + " FROM notifications WHERE id IN (:ids)")
                .param("ids", ids)
                .query((rs, n) -> claimed(rs, token))
                .list();
    }

    private static Claimed claimed(ResultSet rs, UUID token) throws SQLException {
        return new Claimed(
                rs.getObject(1, UUID.class),
                rs.getObject(2, UUID.class),
                Environment.fromValue(rs.getString(3)).orElseThrow(),
                rs.getString(4),
                rs.getString(5),
                rs.getString(6),
                rs.getInt(7),
                token,
                Timestamps.fromDatabase(rs.getObject(8, OffsetDateTime.class)));
    }

    /**
     * Gives claims back without recording an attempt (a node stopping with deliveries in flight):
     * the rows are due again at once for any node, instead of when their lease ends.
     */
    int release(List<Claimed> claims) {
        int released = 0;
        for (Claimed claimed : claims) {
            released += jdbc.sql("UPDATE notifications SET leased_until = NULL, lease_token = NULL"
                            + " WHERE id = :id AND lease_token = :token")
                    .param("id", claimed.id())
                    .param("token", claimed.leaseToken())
                    .update();
        }
        return released;
    }

    private static final String COMPLETE = "UPDATE notifications SET state = :state, attempts = :attempts,"
            + " next_attempt_at = :next, leased_until = NULL, lease_token = NULL, updated_at = :now,"
            + " delivered_at = CASE WHEN :delivered THEN :now ELSE delivered_at END, last_error = :error"
            + " WHERE id = :id AND lease_token = :token";
    private static final String ATTEMPT_COLUMNS =
            "notification_id, attempt, started_at, duration_ms, url, status_code, outcome, error, response_snippet";
    // PostgreSQL: the attempt is recorded only if the completion changed the row. The casts type the
    // parameters that a SELECT list would otherwise leave unknown (a null status code).
    private static final String COMPLETE_AND_RECORD = "WITH completed AS (" + COMPLETE + " RETURNING id)"
            + " INSERT INTO notification_attempts (" + ATTEMPT_COLUMNS + ") SELECT id, CAST(:attempt AS INT),"
            + " CAST(:started AS TIMESTAMP WITH TIME ZONE), CAST(:duration AS BIGINT), CAST(:url AS VARCHAR),"
            + " CAST(:code AS INT), CAST(:outcome AS VARCHAR), CAST(:error AS VARCHAR),"
            + " CAST(:snippet AS VARCHAR) FROM completed";

    /** Records an attempt and the notification's next state, only if our lease is still the current one. */
    boolean complete(
            Claimed claimed, NotificationView.AttemptView attempt, State state, Instant nextAttemptAt, Instant now) {
        if (!database.embedded()) {
            // Both rows in one statement: one round trip and one commit per delivery on PostgreSQL.
            var spec = bindCompletion(jdbc.sql(COMPLETE_AND_RECORD), claimed, attempt, state, nextAttemptAt, now);
            return bindAttempt(spec, attempt).update() == 1;
        }
        return Boolean.TRUE.equals(transactions.execute(tx -> {
            if (bindCompletion(jdbc.sql(COMPLETE), claimed, attempt, state, nextAttemptAt, now)
                            .update()
                    != 1) {
                return false;
            }
            bindAttempt(
                            jdbc.sql("INSERT INTO notification_attempts (" + ATTEMPT_COLUMNS + ") VALUES (:id,"
                                    + " :attempt, :started, :duration, :url, :code, :outcome, :error, :snippet)"),
                            attempt)
                    .param("id", claimed.id())
                    .update();
            return true;
        }));
    }

    private static JdbcClient.StatementSpec bindCompletion(
            JdbcClient.StatementSpec spec,
            Claimed claimed,
            NotificationView.AttemptView attempt,
            State state,
            Instant nextAttemptAt,
            Instant now) {
        return spec.param("state", state.name())
                .param("attempts", attempt.attempt())
                .param("next", Timestamps.toDatabase(nextAttemptAt))
                .param("now", Timestamps.toDatabase(now))
                .param("delivered", state == State.DELIVERED)
                .param("error", attempt.error())
                .param("id", claimed.id())
                .param("token", claimed.leaseToken());
    }

    private static JdbcClient.StatementSpec bindAttempt(
            JdbcClient.StatementSpec spec, NotificationView.AttemptView attempt) {
        return spec.param("attempt", attempt.attempt())
                .param("started", Timestamps.toDatabase(Timestamps.truncate(attempt.startedAt())))
                .param("duration", attempt.durationMillis())
                .param("url", attempt.url())
                .param("code", attempt.statusCode())
                .param("outcome", attempt.outcome())
                .param("error", attempt.error())
                .param("snippet", attempt.responseSnippet());
    }

    /**
     * Postpones to {@code until} the unleased notifications of an application due before then, while
     * its receiver holds every delivery slot it may have: no claim could take them meanwhile, and every
     * claim would walk past them (a claim filters them out row by row). Never brings one forward.
     */
    int postpone(UUID applicationId, Instant now, Instant until) {
        return jdbc.sql("UPDATE notifications SET next_attempt_at = :until WHERE state = 'PENDING'"
                        + " AND application_id = :app AND next_attempt_at < :until"
                        + " AND (leased_until IS NULL OR leased_until < :now)")
                .param("until", Timestamps.toDatabase(until))
                .param("app", applicationId)
                .param("now", Timestamps.toDatabase(now))
                .update();
    }

    /** No URL to send to: kept, visible, and re-sendable once one is configured. */
    boolean markUndeliverable(Claimed claimed, String reason, Instant now) {
        return jdbc.sql("UPDATE notifications SET state = 'UNDELIVERABLE', leased_until = NULL, lease_token = NULL,"
                                + " last_error = :reason, updated_at = :now WHERE id = :id AND lease_token = :token")
                        .param("reason", reason)
                        .param("now", Timestamps.toDatabase(now))
                        .param("id", claimed.id())
                        .param("token", claimed.leaseToken())
                        .update()
                == 1;
    }

    /** A new attempt series for a finished notification: same id, same body (D11). */
    boolean resend(UUID applicationId, UUID id, Instant now) {
        return jdbc.sql("UPDATE notifications SET state = 'PENDING', attempts = 0, next_attempt_at = :now,"
                                + " leased_until = NULL, lease_token = NULL, updated_at = :now"
                                + " WHERE id = :id AND application_id = :app AND state <> 'PENDING'")
                        .param("now", Timestamps.toDatabase(now))
                        .param("id", id)
                        .param("app", applicationId)
                        .update()
                == 1;
    }

    // The oldest delivered notifications first, by the (state, delivered_at) index of V14 (ordered by
    // both columns, or H2 sorts the whole range). A resend turns a row back to PENDING under a lock: such
    // a row is skipped, or no longer meets the condition once locked.
    private static final String DELIVERED = "state = 'DELIVERED' AND delivered_at < :cutoff";

    /**
     * Deletes up to {@code batch} notifications delivered before {@code cutoff} with all their attempts,
     * in one short transaction: a notification never outlives its attempts' deletion, nor the reverse.
     */
    WebhookDeliveries.Purged purgeDelivered(Instant cutoff, int batch) {
        WebhookDeliveries.Purged purged = transactions.execute(tx -> {
            List<Object> ids = batches.lockOldest(
                    "notifications",
                    DELIVERED,
                    "state, delivered_at",
                    Map.of("cutoff", Timestamps.toDatabase(cutoff)),
                    batch);
            if (ids.isEmpty()) {
                return new WebhookDeliveries.Purged(0, 0);
            }
            int attempts = jdbc.sql("DELETE FROM notification_attempts WHERE notification_id IN (:ids)")
                    .param("ids", ids)
                    .update();
            int notifications = jdbc.sql("DELETE FROM notifications WHERE id IN (:ids)")
                    .param("ids", ids)
                    .update();
            return new WebhookDeliveries.Purged(notifications, attempts);
        });
        return purged == null ? new WebhookDeliveries.Purged(0, 0) : purged;
    }

    // The oldest attempts first, by the started_at index of V14. A notification still being delivered
    // (PENDING) keeps its log until it is finished; the dispatcher never reads attempt rows (it counts
    // in notifications.attempts), so a finished notification's log may shrink without changing it.
    private static final String OLD_ATTEMPT = "started_at < :cutoff AND NOT EXISTS (SELECT 1 FROM notifications n"
            + " WHERE n.id = notification_attempts.notification_id AND n.state = 'PENDING')";

    /** Deletes up to {@code batch} attempts started before {@code cutoff}, in one short transaction. */
    int purgeAttempts(Instant cutoff, int batch) {
        return batches.deleteOldest(
                "notification_attempts",
                OLD_ATTEMPT,
                "started_at",
                Map.of("cutoff", Timestamps.toDatabase(cutoff)),
                batch);
    }

    Optional<NotificationView> find(UUID applicationId, UUID id) {
        return jdbc.sql(VIEW_SELECT + " WHERE id = :id AND application_id = :app")
                .param("id", id)
                .param("app", applicationId)
                .query((rs, n) -> view(rs))
                .optional()
                .map(v -> v.withAttempts(attempts(v.id())));
    }

    List<NotificationView> recent(UUID applicationId, int limit) {
        return withAttempts(
                jdbc.sql(VIEW_SELECT + " WHERE application_id = :app ORDER BY created_at DESC, id DESC LIMIT :limit")
                        .param("app", applicationId)
                        .param("limit", limit)
                        .query((rs, n) -> view(rs))
                        .list());
    }

    Map<String, Long> countsByState(UUID applicationId, Instant since) {
        Map<String, Long> counts = new java.util.HashMap<>();
        jdbc.sql("SELECT state, COUNT(*) FROM notifications WHERE application_id = :app AND created_at >= :since"
                        + " AND NOT test GROUP BY state")
                .param("app", applicationId)
                .param("since", Timestamps.toDatabase(since))
                .query((rs, n) -> counts.put(rs.getString(1), rs.getLong(2)))
                .list();
        return counts;
    }

    List<NotificationView> lastFailures(UUID applicationId, int limit) {
        return jdbc.sql(VIEW_SELECT + " WHERE application_id = :app AND state IN ('FAILED', 'UNDELIVERABLE')"
                        + " ORDER BY updated_at DESC, id DESC LIMIT :limit")
                .param("app", applicationId)
                .param("limit", limit)
                .query((rs, n) -> view(rs))
                .list();
    }

    /** Every notification about one payment, oldest first. */
    List<NotificationView> forReference(UUID applicationId, String reference) {
        return withAttempts(
                jdbc.sql(VIEW_SELECT + " WHERE application_id = :app AND event_id LIKE :prefix ORDER BY created_at, id")
                        .param("app", applicationId)
                        .param("prefix", reference + ":%")
                        .query((rs, n) -> view(rs))
                        .list());
    }

    private List<NotificationView> withAttempts(List<NotificationView> views) {
        if (views.isEmpty()) {
            return views;
        }
        // One query for every attempt of the page, not one per notification.
        var byNotification = new java.util.HashMap<UUID, List<NotificationView.AttemptView>>();
        jdbc.sql("SELECT notification_id, attempt, started_at, duration_ms, url, status_code, outcome, error,"
                        + " response_snippet FROM notification_attempts WHERE notification_id IN (:ids) ORDER BY id")
                .param("ids", views.stream().map(NotificationView::id).toList())
                .query((rs, n) -> {
                    byNotification
                            .computeIfAbsent(rs.getObject(1, UUID.class), k -> new ArrayList<>())
                            .add(attempt(rs, 2));
                    return null;
                })
                .list();
        return views.stream()
                .map(v -> v.withAttempts(byNotification.getOrDefault(v.id(), List.of())))
                .toList();
    }

    private List<NotificationView.AttemptView> attempts(UUID notificationId) {
        return jdbc.sql("SELECT attempt, started_at, duration_ms, url, status_code, outcome, error, response_snippet"
                        + " FROM notification_attempts WHERE notification_id = :id ORDER BY id")
                .param("id", notificationId)
                .query((rs, n) -> attempt(rs, 1))
                .list();
    }

    private static NotificationView.AttemptView attempt(ResultSet rs, int first) throws SQLException {
        int code = rs.getInt(first + 4);
        Integer statusCode = rs.wasNull() ? null : code;
        return new NotificationView.AttemptView(
                rs.getInt(first),
                Timestamps.fromDatabase(rs.getObject(first + 1, OffsetDateTime.class)),
                rs.getLong(first + 2),
                rs.getString(first + 3),
                statusCode,
                rs.getString(first + 5),
                rs.getString(first + 6),
                rs.getString(first + 7));
    }

    private static final String VIEW_SELECT = "SELECT id, event_id, event, environment, state, attempts, body, test,"
            + " created_at, delivered_at, next_attempt_at, last_error FROM notifications";

    private static NotificationView view(ResultSet rs) throws SQLException {
        return new NotificationView(
                rs.getObject(1, UUID.class),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getInt(6),
                rs.getString(7),
                rs.getBoolean(8),
                Timestamps.fromDatabase(rs.getObject(9, OffsetDateTime.class)),
                Timestamps.fromDatabase(rs.getObject(10, OffsetDateTime.class)),
                Timestamps.fromDatabase(rs.getObject(11, OffsetDateTime.class)),
                rs.getString(12),
                List.of());
    }
}
