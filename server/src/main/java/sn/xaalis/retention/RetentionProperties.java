package sn.xaalis.retention;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long each kind of record is kept, and how the deleting is paced (D24). Payments and their status
 * history have no setting: they are never deleted.
 *
 * @param notificationAttempts how long a webhook delivery attempt (the delivery log's rows) is kept
 * @param providerExchanges how long a request to or from a provider is kept
 * @param deliveredNotifications how long a delivered notification is kept after its delivery; it goes
 *     with its attempts. Failed, undeliverable and pending notifications are kept.
 * @param batchSize rows deleted per transaction: small, so no lock is held for long
 * @param maxBatchesPerRun batches per kind and run on one node, so one run stays short however much
 *     has piled up
 * @param interval the pause between two runs on one node
 * @param payoutDrafts how long a bulk payout file never confirmed (its lines: numbers, names) is kept
 */
@ConfigurationProperties("xaalis.retention")
public record RetentionProperties(
        @DefaultValue("P90D") Duration notificationAttempts,
        @DefaultValue("P90D") Duration providerExchanges,
        @DefaultValue("P90D") Duration deliveredNotifications,
        @DefaultValue("500") int batchSize,
        @DefaultValue("40") int maxBatchesPerRun,
        @DefaultValue("PT5M") Duration interval,
        @DefaultValue("P7D") Duration payoutDrafts) {

    // At least a day: a shorter window would delete what is still in use (the exchanges of a payment
    // still being reconciled, the attempts of a delivery still being retried, the log a merchant's
    // staff check the same day), and a bare number binds as milliseconds ("90" is 90 ms, not 90 days),
    // which must stop the server rather than empty the tables.
    static final Duration MIN_WINDOW = Duration.ofDays(1);
    static final int MAX_BATCH_SIZE = 10_000;
    static final Duration MIN_INTERVAL = Duration.ofSeconds(1);

    public RetentionProperties {
        window("notification-attempts", notificationAttempts);
        window("provider-exchanges", providerExchanges);
        window("delivered-notifications", deliveredNotifications);
        window("payout-drafts", payoutDrafts);
        if (batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
            throw new IllegalArgumentException(
                    "xaalis.retention.batch-size must be between 1 and " + MAX_BATCH_SIZE + ", not " + batchSize);
        }
        if (maxBatchesPerRun < 1) {
            throw new IllegalArgumentException(
                    "xaalis.retention.max-batches-per-run must be at least 1, not " + maxBatchesPerRun);
        }
        if (interval == null || interval.compareTo(MIN_INTERVAL) < 0) {
            throw new IllegalArgumentException("xaalis.retention.interval must be at least 1 s, not " + interval);
        }
    }

    private static void window(String name, Duration window) {
        if (window == null || window.compareTo(MIN_WINDOW) < 0) {
            throw new IllegalArgumentException("xaalis.retention." + name + " must be at least one day (P1D), not "
                    + window + " (a bare number is milliseconds: write P90D or 90d)");
        }
    }
}
