package sn.xaalis.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When an application's receiver counts as hanging, and until when its waiting notifications wait. */
class StuckReceiverTest {

    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    @Test
    void everySlotHeldForASecondIsStuckUntilTheOldestTimesOut() {
        List<Instant> since = List.of(NOW.minusSeconds(9), NOW.minusSeconds(4), NOW.minusMillis(1_000));

        assertThat(WebhookDispatcher.stuckUntil(since, NOW, TIMEOUT))
                .contains(NOW.minusSeconds(9).plus(TIMEOUT));
    }

    @Test
    void aDeliveryStartedWithinTheSecondMeansTheReceiverStillAnswers() {
        List<Instant> since = List.of(NOW.minusSeconds(9), NOW.minusMillis(999));

        assertThat(WebhookDispatcher.stuckUntil(since, NOW, TIMEOUT)).isEmpty();
        assertThat(WebhookDispatcher.stuckUntil(List.of(), NOW, TIMEOUT)).isEmpty();
    }
}
