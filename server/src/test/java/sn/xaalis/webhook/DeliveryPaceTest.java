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
        assertThat(pace.batch(64)).isEqualTo(64);
        pace.started(1_000_000);
        assertThat(pace.nanosUntil(64)).isZero();
    }

    @Test
    void batchesAreAStepsWorth() {
        assertThat(DeliveryPace.of(2000, new Time()).batch(64)).isEqualTo(20);
        assertThat(DeliveryPace.of(2000, new Time()).batch(5))
                .as("fewer slots free")
                .isEqualTo(5);
        assertThat(DeliveryPace.of(50, new Time()).batch(64)).as("at least one").isEqualTo(1);
        assertThat(DeliveryPace.of(100_000, new Time()).batch(64)).isEqualTo(64);
    }

    @Test
    void aDispatcherFollowingThePaceStartsTheConfiguredRateInEvenSteps() {
        Time time = new Time();
        DeliveryPace pace = DeliveryPace.of(1600, time);
        long end = Duration.ofSeconds(10).toNanos();
        int started = 0;
        int largest = 0;
        // The dispatcher's loop, with a backlog that never runs out and every slot free.
        while (time.nanos < end) {
            int asked = pace.batch(64);
            long wait = pace.nanosUntil(asked);
            if (wait > 0) {
                time.nanos += wait;
                continue;
            }
            pace.started(asked);
            started += asked;
            largest = Math.max(largest, asked);
        }
        assertThat(largest).isEqualTo(16);
        // Ten seconds at 1,600/s, plus the one step's worth the bucket held at the start.
        assertThat(started).isBetween(16_000, 16_000 + 16 + 16);
    }

    @Test
    void fewerStartedThanAskedCostOnlyWhatStarted() {
        Time time = new Time();
        DeliveryPace pace = DeliveryPace.of(1000, time);
        assertThat(pace.nanosUntil(10)).isZero();
        pace.started(3);
        assertThat(pace.nanosUntil(7)).as("seven tokens left").isZero();
        assertThat(pace.nanosUntil(10)).isEqualTo(Duration.ofMillis(3).toNanos());
        time.nanos += Duration.ofMillis(3).toNanos();
        assertThat(pace.nanosUntil(10)).isZero();
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
