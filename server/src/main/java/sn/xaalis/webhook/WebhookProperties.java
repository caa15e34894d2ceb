package sn.xaalis.webhook;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Delivery policy (SPEC §6.4, D11). The allowed private ranges are read by the platform's address
 * policy from the same prefix.
 *
 * @param retryDelay the pause after a failed attempt ended, before the next one
 * @param timeout the receiver's time to answer, connection included
 * @param maxAttempts the first attempt plus the retries
 * @param concurrency deliveries in flight at once on this node
 * @param perApplicationConcurrency deliveries in flight at once for one application, so a receiver
 *     that hangs cannot take every slot
 * @param pollInterval how often the outbox is checked when no wake-up arrives
 * @param shutdownGrace how long a stopping node lets in-flight deliveries finish; the claims of those
 *     still running are then released, so another node (or the next start) delivers them at once
 *     instead of after the lease
 * @param backlogThreshold notifications waiting (cluster-wide) above which readiness reports
 *     {@code DEGRADED}
 * @param connections the dispatcher's own database connections on PostgreSQL (claims and recorded
 *     attempts), on top of the requests' pool: a backlog being drained never takes theirs
 * @param maxDeliveriesPerSecond the most deliveries this node starts per second, evenly paced, so a
 *     backlog drains without taking the machine from the requests; 0 for no limit
 */
@ConfigurationProperties("xaalis.webhooks")
public record WebhookProperties(
        @DefaultValue("PT1M") Duration retryDelay,
        @DefaultValue("PT15S") Duration timeout,
        @DefaultValue("4") int maxAttempts,
        @DefaultValue("128") int concurrency,
        @DefaultValue("8") int perApplicationConcurrency,
        @DefaultValue("PT1S") Duration pollInterval,
        @DefaultValue("PT10S") Duration shutdownGrace,
        @DefaultValue("10000") long backlogThreshold,
        @DefaultValue("3") int connections,
        @DefaultValue("0") int maxDeliveriesPerSecond) {

    public WebhookProperties {
        if (maxDeliveriesPerSecond < 0) {
            throw new IllegalArgumentException(
                    "xaalis.webhooks.max-deliveries-per-second must be 0 (no limit) or more");
        }
    }
}
