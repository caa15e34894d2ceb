package sn.xaalis.webhook;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;

/** The delivery log and the operator's and merchant's levers on it: resend and test events (D11). */
@Service
public class WebhookDeliveries {

    private final Notifications notifications;
    private final NotificationOutbox outbox;
    private final AuditTrail audit;
    private final Clock clock;

    WebhookDeliveries(Notifications notifications, NotificationOutbox outbox, AuditTrail audit, Clock clock) {
        this.audit = audit;
        this.notifications = notifications;
        this.outbox = outbox;
        this.clock = clock;
    }

    public List<NotificationView> recent(ApplicationId applicationId, int limit) {
        return notifications.recent(applicationId, Math.max(1, Math.min(limit, 200)));
    }

    /**
     * How an application's webhooks fare over the last 30 days (test events excluded).
     *
     * @param successRate delivered among finished notifications, in percent; null when none finished
     * @param lastTest the latest test event and its attempts, whenever it was sent; null if none was
     */
    public record Health(
            long delivered,
            long failed,
            long undeliverable,
            long pending,
            @Nullable Integer successRate,
            List<NotificationView> lastFailures,
            @Nullable NotificationView lastTest) {}

    public Health health(ApplicationId applicationId) {
        Map<String, Long> counts =
                notifications.countsByState(applicationId, clock.instant().minus(Duration.ofDays(30)));
        long delivered = counts.getOrDefault("DELIVERED", 0L);
        long failed = counts.getOrDefault("FAILED", 0L);
        long undeliverable = counts.getOrDefault("UNDELIVERABLE", 0L);
        long finished = delivered + failed + undeliverable;
        Integer rate = finished == 0 ? null : (int) Math.round(100.0 * delivered / finished);
        return new Health(
                delivered,
                failed,
                undeliverable,
                counts.getOrDefault("PENDING", 0L),
                rate,
                notifications.lastFailures(applicationId, 5),
                notifications.lastTest(applicationId).orElse(null));
    }

    /** The application's latest test event with its attempts, if it sent one. */
    public Optional<NotificationView> lastTest(ApplicationId applicationId) {
        return notifications.lastTest(applicationId);
    }

    public List<NotificationView> forPayment(ApplicationId applicationId, String reference) {
        return notifications.forReference(applicationId, reference);
    }

    public Optional<NotificationView> find(ApplicationId applicationId, NotificationId notificationId) {
        return notifications.find(applicationId, notificationId);
    }

    /**
     * What one retention batch removed.
     *
     * @param notifications delivered notifications deleted
     * @param attempts their attempts, deleted with them
     */
    public record Purged(int notifications, int attempts) {}

    /**
     * Retention (D24): deletes up to {@code batch} notifications delivered before {@code cutoff},
     * each with its attempts, in one short transaction. Pending, failed and undeliverable
     * notifications stay: they may still be delivered or re-sent. Safe on every node at once.
     */
    public Purged purgeDeliveredBefore(Instant cutoff, int batch) {
        return notifications.purgeDelivered(cutoff, batch);
    }

    /**
     * Retention (D24): deletes up to {@code batch} delivery attempts started before {@code cutoff}, of
     * notifications not being delivered right now, in one short transaction. The notification keeps
     * its state, attempt count, last error and delivery time. Safe on every node at once.
     */
    public int purgeAttemptsBefore(Instant cutoff, int batch) {
        return notifications.purgeAttempts(cutoff, batch);
    }

    /** What asking for a resend came to. */
    public sealed interface Resend {

        /** A new attempt series started: the notification as it is now. */
        record Resent(NotificationView notification) implements Resend {}

        /** The application has no such notification. */
        record Unknown() implements Resend {}

        /** Refused: an attempt series is still running ({@code state} is PENDING). */
        record StillDelivering(String state) implements Resend {}
    }

    /** Starts a new attempt series with the same id and body; refused while one is still running. */
    @Transactional
    public Resend requestResend(ApplicationId applicationId, NotificationId notificationId) {
        Optional<NotificationView> current = notifications.find(applicationId, notificationId);
        if (current.isEmpty()) {
            return new Resend.Unknown();
        }
        if (!notifications.resend(applicationId, notificationId, Timestamps.truncate(clock.instant()))) {
            return new Resend.StillDelivering(current.get().state());
        }
        outbox.announce(); // after the commit, to this node and the others
        audit.record(
                "notification.resent",
                null,
                notificationId.toString(),
                Map.of("state", current.get().state().toString()),
                Map.of("state", "resent"));
        return new Resend.Resent(
                notifications.find(applicationId, notificationId).orElseThrow());
    }

    /** A signed sample {@code transaction.success} to the configured URL, marked as a test in the log. */
    @Transactional
    public NotificationView sendTest(ApplicationId applicationId, Environment environment) {
        String reference = "SVC-TEST" + RandomTokens.upperAlphanumeric(4);
        String now = Timestamps.micros(Timestamps.truncate(clock.instant()));
        String data = "{\"transaction_uuid\":\"" + UUID.randomUUID() + "\",\"reference\":\"" + reference
                + "\",\"provider\":\"WALLET_SN\",\"environment\":\"" + environment.value()
                + "\",\"amount\":\"100.00\",\"currency\":\"XOF\",\"status\":\"SUCCESS\","
                + "\"provider_reference\":\"test\",\"paid_at\":\"" + now + "\",\"expired_at\":null,"
                + "\"error_message\":null,\"metadata\":{\"test\":true},\"fee\":\"0.00\",\"net_amount\":\"100.00\"}";
        NotificationId id = outbox.insert(
                new NewNotification(applicationId, environment, reference + ":SUCCESS", "transaction.success", data),
                true);
        audit.record(
                "webhook.test_sent",
                null,
                id.toString(),
                null,
                Map.of("application", applicationId.toString(), "environment", environment.value()));
        return notifications.find(applicationId, id).orElseThrow();
    }
}
