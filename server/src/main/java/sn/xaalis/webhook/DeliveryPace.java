package sn.xaalis.webhook;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;

/**
 * The most deliveries a node starts per second ({@code xaalis.webhooks.max-deliveries-per-second}),
 * or no limit. Paced in steps of {@link #STEP}: each claim asks for at most a step's worth and waits
 * until the bucket holds that many, so a backlog drains as an even stream of small batches, never as
 * bursts that take every core from the requests beside it (stop 25: a drain at full speed put the
 * initiations' p99 at 176 ms). A local Bucket4j bucket holding one step's worth: after a quiet
 * spell, no more than one batch goes at once.
 */
final class DeliveryPace {

    static final Duration STEP = Duration.ofMillis(10);
    static final DeliveryPace UNLIMITED = new DeliveryPace(null, Integer.MAX_VALUE);

    private final Bucket bucket;
    private final int batch;

    private DeliveryPace(Bucket bucket, int batch) {
        this.bucket = bucket;
        this.batch = batch;
    }

    static DeliveryPace of(int perSecond) {
        return of(perSecond, TimeMeter.SYSTEM_NANOTIME);
    }

    static DeliveryPace of(int perSecond, TimeMeter time) {
        if (perSecond < 0) {
            throw new IllegalArgumentException(
                    "xaalis.webhooks.max-deliveries-per-second must be 0 (no limit) or more");
        }
        if (perSecond == 0) {
            return UNLIMITED;
        }
        int batch = (int)
                Math.max(1, perSecond * STEP.toNanos() / Duration.ofSeconds(1).toNanos());
        Bucket bucket = Bucket.builder()
                .addLimit(limit -> limit.capacity(batch).refillGreedy(perSecond, Duration.ofSeconds(1)))
                .withCustomTimePrecision(time)
                .build();
        return new DeliveryPace(bucket, batch);
    }

    /** How many to claim in this round, given how many slots are free. */
    int batch(int free) {
        return Math.min(free, batch);
    }

    /** How long to wait before {@code count} deliveries may start: zero when they may now. */
    long nanosUntil(int count) {
        return bucket == null || count <= 0
                ? 0
                : bucket.estimateAbilityToConsume(count).getNanosToWaitForRefill();
    }

    /** Counts the deliveries just started (fewer than asked for when fewer were due). */
    void started(int count) {
        if (bucket != null && count > 0) {
            bucket.consumeIgnoringRateLimits(count);
        }
    }
}
