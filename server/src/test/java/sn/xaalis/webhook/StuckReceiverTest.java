package sn.xaalis.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When an application's receiver counts as stuck, and until when its waiting notifications wait. */
class StuckReceiverTest {

    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    @Test
    void everySlotHeldForASecondPutsTheBacklogOffBySecondOnly() {
        List<Instant> since = List.of(NOW.minusSeconds(9), NOW.minusSeconds(4), NOW.minusMillis(1_000));

        // A receiver that answers after 2 s loses at most this second, not the rest of the timeout.
        assertThat(StuckReceivers.stuckUntil(since, NOW, TIMEOUT)).contains(NOW.plusSeconds(1));
    }

    @Test
    void neverPastTheMomentTheOldestDeliveryTimesOut() {
        List<Instant> since = List.of(NOW.minusMillis(14_500), NOW.minusSeconds(2));

        assertThat(StuckReceivers.stuckUntil(since, NOW, TIMEOUT)).contains(NOW.plusMillis(500));
    }

    @Test
    void aDeliveryStartedWithinTheSecondMeansTheReceiverStillAnswers() {
        List<Instant> since = List.of(NOW.minusSeconds(9), NOW.minusMillis(999));

        assertThat(StuckReceivers.stuckUntil(since, NOW, TIMEOUT)).isEmpty();
        assertThat(StuckReceivers.stuckUntil(List.of(), NOW, TIMEOUT)).isEmpty();
    }
}
