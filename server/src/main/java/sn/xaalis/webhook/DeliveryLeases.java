package sn.xaalis.webhook;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;

/**
 * The dispatcher's side of the notifications table (D11): claims under a lease, the outcome of each
 * attempt, release and postponement. One implementation per database, where their SQL differs for
 * speed ({@link PostgresDeliveryLeases}, {@link H2DeliveryLeases}), chosen once at start-up by
 * {@link WebhookStores}; both on a pool of their own ({@code xaalis.webhooks.connections}), so that a
 * backlog being drained never takes a request's connection.
 */
interface DeliveryLeases extends AutoCloseable {

    enum State {
        PENDING,
        DELIVERED,
        FAILED,
        UNDELIVERABLE
    }

    record Claimed(
            NotificationId id,
            ApplicationId applicationId,
            Environment environment,
            String eventId,
            String event,
            String body,
            int attempts,
            UUID leaseToken,
            Instant createdAt) {}

    /**
     * One attempt's outcome: the attempt row, the notification's next state and due time, and when the
     * attempt ended (its updated_at, and delivered_at if delivered).
     */
    record Completion(
            Claimed claimed, NotificationView.AttemptView attempt, State state, Instant nextAttemptAt, Instant ended) {}

    /**
     * Leases up to {@code limit} due notifications, at most {@code perApplicationLimit} in flight per
     * application counting {@code inFlight}. Rows another node holds are skipped, not waited for; a
     * crashed node's lease simply runs out and the row is claimed again.
     */
    List<Claimed> claim(
            Instant now,
            int limit,
            Map<ApplicationId, Integer> inFlight,
            int perApplicationLimit,
            Instant leaseUntil,
            UUID token);

    /**
     * Records each attempt and its notification's next state, only where our lease is still the
     * current one, all in one transaction.
     *
     * @return the notifications whose outcome was recorded; the others' lease was lost
     */
    Set<NotificationId> complete(List<Completion> completions);

    /**
     * Gives claims back without recording an attempt (a node stopping with deliveries in flight):
     * the rows are due again at once for any node, instead of when their lease ends.
     */
    int release(List<Claimed> claims);

    /**
     * Postpones to {@code until} the unleased notifications of an application due before then, while
     * its receiver holds every delivery slot it may have: no claim could take them meanwhile, and every
     * claim would walk past them (a claim filters them out row by row). Never brings one forward.
     */
    int postpone(ApplicationId applicationId, Instant now, Instant until);

    /** No URL to send to: kept, visible, and re-sendable once one is configured. */
    boolean markUndeliverable(Claimed claimed, String reason, Instant now);

    /** Closes the pool. */
    @Override
    void close();
}
