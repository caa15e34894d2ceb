package sn.xaalis.webhook;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The most deliveries a node starts per second ({@code xaalis.webhooks.max-deliveries-per-second}),
 * or no limit. Paced in steps: the dispatcher waits until a {@link #STEP}'s worth may start, then
 * claims what the bucket holds, so a backlog drains as an even stream of small batches instead of
 * bursts that take every core from the requests beside it (stop 25: a drain at full speed put the
 * initiations' p99 at 176 ms). The bucket (local, Bucket4j) holds up to {@link #CARRY}'s worth: a
 * claim that took a few milliseconds is made up by the next batch instead of lowering the rate, and
 * after a quiet spell no more than that goes at once.
 */
final class DeliveryPace {

    static final Duration STEP = Duration.ofMillis(10);
    static final Duration CARRY = Duration.ofMillis(50);
    static final DeliveryPace UNLIMITED = new DeliveryPace(null, 0);

    private final @Nullable Bucket bucket; // none when unlimited
    private final int step;

    private DeliveryPace(@Nullable Bucket bucket, int step) {
        this.bucket = bucket;
        this.step = step;
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
        int step = worth(perSecond, STEP);
        int carry = Math.max(step, worth(perSecond, CARRY));
        Bucket bucket = Bucket.builder()
                .addLimit(limit -> limit.capacity(carry).refillGreedy(perSecond, Duration.ofSeconds(1)))
                .withCustomTimePrecision(time)
                .build();
        return new DeliveryPace(bucket, step);
    }

    /** How many start in {@code period} at {@code perSecond}; at least one. */
    private static int worth(int perSecond, Duration period) {
        return (int) Math.max(
                1, (long) perSecond * period.toNanos() / Duration.ofSeconds(1).toNanos());
    }

    /** How long to wait before a step's worth (or {@code free}, if fewer) may start: zero when now. */
    long nanosUntilStep(int free) {
        if (bucket == null || free <= 0) {
            return 0;
        }
        return bucket.estimateAbilityToConsume(Math.min(free, step)).getNanosToWaitForRefill();
    }

    /** How many to claim now: what may start, up to {@code most}. */
    int batch(int most) {
        return bucket == null ? most : (int) Math.min(most, bucket.getAvailableTokens());
    }

    /** Counts the deliveries just started (fewer than asked for when fewer were due). */
    void started(int count) {
        if (bucket != null && count > 0) {
            bucket.consumeIgnoringRateLimits(count);
        }
    }
}
