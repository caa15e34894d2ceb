package sn.xaalis.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The delivery pace, on a clock the test moves: step-sized batches, the configured rate, no burst. */
class DeliveryPaceTest {

    /** A clock for the bucket that moves only when told. */
    private static final class Time implements TimeMeter {
        long nanos;

        @Override
        public long currentTimeNanos() {
            return nanos;
        }

        @Override
        public boolean isWallClockBased() {
            return false;
        }
    }

    @Test
    void noLimitAsksForEveryFreeSlotAndNeverWaits() {
        DeliveryPace pace = DeliveryPace.of(0);
        pace.started(1_000_000);
        assertThat(pace.nanosUntilStep(64)).isZero();
        assertThat(pace.batch(64)).isEqualTo(64);
    }

    @Test
    void afterAQuietSpellAtMostFiftyMillisecondsWorthGoesAtOnce() {
        assertThat(DeliveryPace.of(2000, new Time()).batch(1000)).isEqualTo(100);
        assertThat(DeliveryPace.of(2000, new Time()).batch(64))
                .as("no more than asked")
                .isEqualTo(64);
        assertThat(DeliveryPace.of(10, new Time()).batch(64)).as("at least one").isEqualTo(1);
    }

    @Test
    void theDispatcherWaitsForAStepsWorthThenClaimsWhatMayStart() {
        Time time = new Time();
        DeliveryPace pace = DeliveryPace.of(1000, time);
        pace.started(pace.batch(64));
        assertThat(pace.nanosUntilStep(64))
                .as("ten at 1,000/s")
                .isEqualTo(Duration.ofMillis(10).toNanos());
        assertThat(pace.nanosUntilStep(4))
                .as("fewer slots free")
                .isEqualTo(Duration.ofMillis(4).toNanos());
        time.nanos += Duration.ofMillis(13).toNanos();
        assertThat(pace.nanosUntilStep(64)).isZero();
        assertThat(pace.batch(64)).as("what accrued, a slow claim made up").isEqualTo(13);
        pace.started(3);
        assertThat(pace.batch(64))
                .as("fewer started than asked cost only what started")
                .isEqualTo(10);
    }

    @Test
    void aDispatcherFollowingThePaceKeepsTheRateThoughEveryClaimTakesTime() {
        for (long claimMillis : new long[] {0, 3, 20}) {
            Time time = new Time();
            DeliveryPace pace = DeliveryPace.of(1600, time);
            long end = Duration.ofSeconds(10).toNanos();
            int started = 0;
            int largest = 0;
            // The dispatcher's loop, with a backlog that never runs out and every slot free.
            while (time.nanos < end) {
                long wait = pace.nanosUntilStep(64);
                if (wait > 0) {
                    time.nanos += wait;
                    continue;
                }
                int asked = pace.batch(64);
                time.nanos += Duration.ofMillis(claimMillis).toNanos();
                pace.started(asked);
                started += asked;
                largest = Math.max(largest, asked);
            }
            // Ten seconds at 1,600/s, plus what the bucket held at the start (50 ms worth).
            assertThat(started).as("claims taking %d ms", claimMillis).isBetween(16_000 - 64, 16_000 + 80 + 64);
            assertThat(largest).as("claims taking %d ms", claimMillis).isLessThanOrEqualTo(64);
        }
    }

    @Test
    void aNegativeRateIsRefusedWithTheSettingsName() {
        assertThatThrownBy(() -> DeliveryPace.of(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("xaalis.webhooks.max-deliveries-per-second");
        assertThatThrownBy(() -> new WebhookProperties(
                        Duration.ofMinutes(1),
                        Duration.ofSeconds(15),
                        4,
                        128,
                        8,
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(10),
                        10000,
                        3,
                        -5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("xaalis.webhooks.max-deliveries-per-second");
    }
}
