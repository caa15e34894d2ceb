package sn.xaalis.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.SettingsNobodyElseMinds;
import sn.xaalis.support.WebhookReceiver;

/**
 * A node with {@code xaalis.webhooks.max-deliveries-per-second} drains a backlog at that pace, as an
 * even stream rather than in bursts, and still delivers all of it. On both databases.
 */
@IntegrationTest
@SettingsNobodyElseMinds
class DeliveryPaceIT extends ApiIntegrationTest {

    static final int PER_SECOND = SettingsNobodyElseMinds.DELIVERIES_PER_SECOND;
    private static final int BACKLOG = 150;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    private final WebhookReceiver receiver = new WebhookReceiver(Clock.systemUTC());

    @AfterEach
    void closeReceiver() {
        receiver.close();
    }

    @Test
    void aBacklogDrainsEvenlyAtTheConfiguredPace() throws InterruptedException {
        ConcurrentLinkedQueue<Long> arrivals = new ConcurrentLinkedQueue<>();
        receiver.respondWith(request -> {
            arrivals.add(System.nanoTime());
            return 200;
        });
        Api.Merchant merchant = api.onboardBoth();
        api.setWebhook(merchant, receiver.url("/hooks"));
        UUID application = UUID.fromString(merchant.applicationId());
        api.simulate(merchant, api.newPayment(merchant), "SUCCESS");
        receiver.await(received -> received.size() == 1, Duration.ofSeconds(10));
        // The backlog: copies of that real notification (the receiver checks every body), all due.
        String body = jdbc.sql("SELECT body FROM notifications WHERE application_id = :app")
                .param("app", application)
                .query(String.class)
                .single();
        arrivals.clear();

        DueNotifications.insert(
                jdbc, clock, application, BACKLOG, clock.instant().minusSeconds(1), "SVC-PACE", body);
        receiver.await(received -> received.size() >= 1 + BACKLOG, Duration.ofSeconds(30));

        List<Long> times = new ArrayList<>(arrivals);
        times.sort(null);
        Duration spread = Duration.ofNanos(times.getLast() - times.getFirst());
        // Unpaced, 150 deliveries to a local receiver arrive within a few hundred milliseconds.
        assertThat(spread)
                .as("%d deliveries at %d/s, five of them at once, take about 1.45 s", BACKLOG, PER_SECOND)
                .isGreaterThan(Duration.ofMillis(1200));
        // Ten a tenth of a second, plus the bucket's five at the start, plus up to the application's
        // eight that a stall on the way could hold and release together.
        assertThat(busiestTenthOfASecond(times))
                .as("about %d in any tenth of a second, never a burst", PER_SECOND / 10)
                .isLessThanOrEqualTo(PER_SECOND / 10 + 5 + 8);
        // A delivery is recorded just after its receiver answered: wait for the records.
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (delivered(application) < 1 + BACKLOG && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(delivered(application)).as("everything was delivered").isEqualTo(1 + BACKLOG);
    }

    private int delivered(UUID application) {
        return jdbc.sql("SELECT COUNT(*) FROM notifications WHERE application_id = :app AND state = 'DELIVERED'")
                .param("app", application)
                .query(Integer.class)
                .single();
    }

    private static int busiestTenthOfASecond(List<Long> sortedNanos) {
        long window = Duration.ofMillis(100).toNanos();
        int most = 0;
        int start = 0;
        for (int end = 0; end < sortedNanos.size(); end++) {
            while (sortedNanos.get(end) - sortedNanos.get(start) >= window) {
                start++;
            }
            most = Math.max(most, end - start + 1);
        }
        return most;
    }
}
