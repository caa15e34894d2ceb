package sn.xaalis.retention;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;
import sn.xaalis.payout.PayoutBatches;
import sn.xaalis.platform.PeriodicJob;
import sn.xaalis.provider.ProviderExchanges;
import sn.xaalis.webhook.WebhookDeliveries;

/**
 * Deletes what has outlived its window (D24), on every node, off the request threads: every
 * {@code interval}, per kind, at most {@code maxBatchesPerRun} batches of {@code batchSize} rows, each
 * batch its own short transaction whose rows are locked with {@code FOR UPDATE SKIP LOCKED}, so nodes
 * running at the same moment share the work instead of waiting for each other, and no lock is held
 * for long. The owning modules do the deleting; this module only decides when and how much.
 */
@Component
class RetentionJob {

    private static final Logger log = LoggerFactory.getLogger(RetentionJob.class);

    /** The kinds of record with a window, named as in the metrics. */
    enum Kind {
        DELIVERED_NOTIFICATIONS("delivered_notifications"),
        NOTIFICATION_ATTEMPTS("notification_attempts"),
        PROVIDER_EXCHANGES("provider_exchanges"),
        PAYOUT_DRAFTS("payout_drafts");

        final String tag;

        Kind(String tag) {
            this.tag = tag;
        }
    }

    /**
     * Rows deleted by one run on this node.
     *
     * @param notificationAttempts every attempt deleted, those that went with their notification too
     */
    record Deleted(int deliveredNotifications, int notificationAttempts, int providerExchanges, int payoutDrafts) {
        int total() {
            return deliveredNotifications + notificationAttempts + providerExchanges + payoutDrafts;
        }
    }

    /** One batch of one kind, as its owning module deletes it. */
    @FunctionalInterface
    private interface Batch {
        int delete(Instant cutoff, int size);
    }

    private final WebhookDeliveries deliveries;
    private final ProviderExchanges exchanges;
    private final PayoutBatches payoutFiles;
    private final RetentionProperties properties;
    private final Clock clock;
    private final Map<Kind, Counter> deleted = new EnumMap<>(Kind.class);

    RetentionJob(
            WebhookDeliveries deliveries,
            ProviderExchanges exchanges,
            PayoutBatches payoutFiles,
            RetentionProperties properties,
            Clock clock,
            MeterRegistry registry) {
        this.deliveries = deliveries;
        this.exchanges = exchanges;
        this.payoutFiles = payoutFiles;
        this.properties = properties;
        this.clock = clock;
        for (Kind kind : Kind.values()) {
            deleted.put(
                    kind,
                    Counter.builder("xaalis.retention.deleted")
                            .description("Rows deleted by retention, per kind of record")
                            .tag("kind", kind.tag)
                            .register(registry));
        }
    }

    /** Every {@code interval} on each node, the first one {@code interval} after the start: never urgent. */
    @Bean
    static PeriodicJob retention(RetentionJob job, RetentionProperties properties) {
        return PeriodicJob.every(properties.interval(), "retention", job::run);
    }

    private void run() {
        Deleted run = purge();
        if (run.total() > 0) {
            log.info(
                    "Retention deleted {} delivered notifications, {} delivery attempts, {} provider exchanges and {}"
                            + " rows of payout files never confirmed",
                    run.deliveredNotifications(),
                    run.notificationAttempts(),
                    run.providerExchanges(),
                    run.payoutDrafts());
        }
    }

    /**
     * One run: every kind in turn, each up to its batch limit. Delivered notifications go first, with
     * their attempts; then the attempts older than their own window; then provider exchanges. A kind
     * that fails (the database briefly away) is logged and left for the next run; the others go on.
     */
    Deleted purge() {
        Instant now = clock.instant();
        int[] attemptsWithNotifications = {0};
        int notifications = batches(
                Kind.DELIVERED_NOTIFICATIONS, now.minus(properties.deliveredNotifications()), (cutoff, size) -> {
                    WebhookDeliveries.Purged purged = deliveries.purgeDeliveredBefore(cutoff, size);
                    attemptsWithNotifications[0] += purged.attempts();
                    counter(Kind.NOTIFICATION_ATTEMPTS).increment(purged.attempts());
                    return purged.notifications();
                });
        int attempts = batches(
                Kind.NOTIFICATION_ATTEMPTS,
                now.minus(properties.notificationAttempts()),
                deliveries::purgeAttemptsBefore);
        int exchanged =
                batches(Kind.PROVIDER_EXCHANGES, now.minus(properties.providerExchanges()), exchanges::purgeBefore);
        int drafts =
                batches(Kind.PAYOUT_DRAFTS, now.minus(properties.payoutDrafts()), payoutFiles::purgeUnconfirmedBefore);
        return new Deleted(notifications, attempts + attemptsWithNotifications[0], exchanged, drafts);
    }

    /**
     * Up to {@code maxBatchesPerRun} batches, until one deletes nothing. A short batch is not the end:
     * on the embedded database the rows another transaction holds are skipped after the batch is chosen.
     */
    private Counter counter(Kind kind) {
        return Objects.requireNonNull(deleted.get(kind), "a counter for every kind is made at start");
    }

    private int batches(Kind kind, Instant cutoff, Batch batch) {
        int total = 0;
        try {
            for (int i = 0; i < properties.maxBatchesPerRun(); i++) {
                int gone = batch.delete(cutoff, properties.batchSize());
                counter(kind).increment(gone);
                total += gone;
                if (gone == 0) {
                    break;
                }
            }
        } catch (RuntimeException e) {
            log.warn("Retention of {} failed, the next run tries again: {}", kind.tag, e.toString());
        }
        return total;
    }
}
