package sn.xaalis.webhook;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.DeletionBatches;
import sn.xaalis.platform.Timestamps;

/**
 * The notifications and notification_attempts tables as the delivery log reads them, resends and
 * retention; the dispatcher's leases are {@link DeliveryLeases}.
 */
@Repository
class Notifications {

    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final DeletionBatches batches;

    Notifications(JdbcClient jdbc, TransactionTemplate transactions, DeletionBatches batches) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.batches = batches;
    }

    /** A new attempt series for a finished notification: same id, same body (D11). */
    boolean resend(ApplicationId applicationId, NotificationId id, Instant now) {
        return jdbc.sql("UPDATE notifications SET state = 'PENDING', attempts = 0, next_attempt_at = :now,"
                                + " leased_until = NULL, lease_token = NULL, updated_at = :now"
                                + " WHERE id = :id AND application_id = :app AND state <> 'PENDING'")
                        .param("now", Timestamps.toDatabase(now))
                        .param("id", id.value())
                        .param("app", applicationId.value())
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

    Optional<NotificationView> find(ApplicationId applicationId, NotificationId id) {
        return jdbc.sql(VIEW_SELECT + " WHERE id = :id AND application_id = :app")
                .param("id", id.value())
                .param("app", applicationId.value())
                .query((rs, n) -> view(rs))
                .optional()
                .map(v -> v.withAttempts(attempts(v.id())));
    }

    List<NotificationView> recent(ApplicationId applicationId, int limit) {
        return withAttempts(
                jdbc.sql(VIEW_SELECT + " WHERE application_id = :app ORDER BY created_at DESC, id DESC LIMIT :limit")
                        .param("app", applicationId.value())
                        .param("limit", limit)
                        .query((rs, n) -> view(rs))
                        .list());
    }

    Map<String, Long> countsByState(ApplicationId applicationId, Instant since) {
        Map<String, Long> counts = new HashMap<>();
        jdbc.sql("SELECT state, COUNT(*) AS notifications FROM notifications WHERE application_id = :app"
                        + " AND created_at >= :since AND NOT test GROUP BY state")
                .param("app", applicationId.value())
                .param("since", Timestamps.toDatabase(since))
                .query((rs, n) -> counts.put(rs.getString("state"), rs.getLong("notifications")))
                .list();
        return counts;
    }

    List<NotificationView> lastFailures(ApplicationId applicationId, int limit) {
        return jdbc.sql(VIEW_SELECT + " WHERE application_id = :app AND state IN ('FAILED', 'UNDELIVERABLE')"
                        + " ORDER BY updated_at DESC, id DESC LIMIT :limit")
                .param("app", applicationId.value())
                .param("limit", limit)
                .query((rs, n) -> view(rs))
                .list();
    }

    /** The application's latest test event with its attempts, if it ever sent one. */
    Optional<NotificationView> lastTest(ApplicationId applicationId) {
        return withAttempts(jdbc.sql(VIEW_SELECT + " WHERE application_id = :app AND test = TRUE"
                                + " ORDER BY created_at DESC, id DESC LIMIT 1")
                        .param("app", applicationId.value())
                        .query((rs, n) -> view(rs))
                        .list())
                .stream()
                .findFirst();
    }

    /** Every notification about one payment, oldest first. */
    List<NotificationView> forReference(ApplicationId applicationId, String reference) {
        return withAttempts(
                jdbc.sql(VIEW_SELECT + " WHERE application_id = :app AND event_id LIKE :prefix ORDER BY created_at, id")
                        .param("app", applicationId.value())
                        .param("prefix", reference + ":%")
                        .query((rs, n) -> view(rs))
                        .list());
    }

    private List<NotificationView> withAttempts(List<NotificationView> views) {
        if (views.isEmpty()) {
            return views;
        }
        // One query for every attempt of the page, not one per notification.
        var byNotification = new HashMap<NotificationId, List<NotificationView.AttemptView>>();
        jdbc.sql("SELECT notification_id, attempt, started_at, duration_ms, url, status_code, outcome, error,"
                        + " response_snippet FROM notification_attempts WHERE notification_id IN (:ids) ORDER BY id")
                .param("ids", views.stream().map(v -> v.id().value()).toList())
                .query((rs, n) -> {
                    byNotification
                            .computeIfAbsent(NotificationId.from(rs, "notification_id"), k -> new ArrayList<>())
                            .add(attempt(rs));
                    return null;
                })
                .list();
        return views.stream()
                .map(v -> v.withAttempts(byNotification.getOrDefault(v.id(), List.of())))
                .toList();
    }

    private List<NotificationView.AttemptView> attempts(NotificationId notificationId) {
        return jdbc.sql("SELECT attempt, started_at, duration_ms, url, status_code, outcome, error, response_snippet"
                        + " FROM notification_attempts WHERE notification_id = :id ORDER BY id")
                .param("id", notificationId.value())
                .query((rs, n) -> attempt(rs))
                .list();
    }

    private static NotificationView.AttemptView attempt(ResultSet rs) throws SQLException {
        int code = rs.getInt("status_code");
        Integer statusCode = rs.wasNull() ? null : code;
        return new NotificationView.AttemptView(
                rs.getInt("attempt"),
                Timestamps.fromDatabase(rs.getObject("started_at", OffsetDateTime.class)),
                rs.getLong("duration_ms"),
                rs.getString("url"),
                statusCode,
                rs.getString("outcome"),
                rs.getString("error"),
                rs.getString("response_snippet"));
    }

    private static final String VIEW_SELECT = "SELECT id, event_id, event, environment, state, attempts, body, test,"
            + " created_at, delivered_at, next_attempt_at, last_error FROM notifications";

    private static NotificationView view(ResultSet rs) throws SQLException {
        return new NotificationView(
                NotificationId.from(rs, "id"),
                rs.getString("event_id"),
                rs.getString("event"),
                rs.getString("environment"),
                rs.getString("state"),
                rs.getInt("attempts"),
                rs.getString("body"),
                rs.getBoolean("test"),
                Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class)),
                Timestamps.fromDatabase(rs.getObject("delivered_at", OffsetDateTime.class)),
                Timestamps.fromDatabase(rs.getObject("next_attempt_at", OffsetDateTime.class)),
                rs.getString("last_error"),
                List.of());
    }
}
