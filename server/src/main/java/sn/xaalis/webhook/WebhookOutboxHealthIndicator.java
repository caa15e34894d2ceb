package sn.xaalis.webhook;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.stereotype.Component;

/**
 * The outbox in the readiness probe ({@code webhookOutbox}): the backlog and the age of its oldest
 * notification as details, and {@code DEGRADED} above the configured backlog threshold.
 *
 * <p>{@code DEGRADED} answers HTTP 200 (application.yml): the backlog is shared by every node, so
 * taking nodes out of the load balancer would stop payments without draining it any faster. A
 * database that cannot be read is reported by the {@code db} indicator; here it is only unknown.
 */
@Component
record WebhookOutboxHealthIndicator(OutboxBacklog backlog, WebhookProperties properties) implements HealthIndicator {

    static final Status DEGRADED = new Status("DEGRADED");

    @Override
    public Health health() {
        OutboxBacklog.Snapshot snapshot;
        try {
            snapshot = backlog.snapshot();
        } catch (RuntimeException e) {
            return Health.unknown().withDetail("error", "backlog unavailable").build();
        }
        Health.Builder health =
                snapshot.pending() > properties.backlogThreshold() ? Health.status(DEGRADED) : Health.up();
        return health.withDetail("backlog", snapshot.pending())
                .withDetail("oldestAgeSeconds", snapshot.oldestAge().toSeconds())
                .withDetail("threshold", properties.backlogThreshold())
                .build();
    }
}
