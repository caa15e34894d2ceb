package sn.xaalis.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import sn.xaalis.support.Api;
import sn.xaalis.support.DatabaseAvailable;
import sn.xaalis.support.ServerProcess;
import sn.xaalis.support.TestDatabase;
import sn.xaalis.support.WebhookReceiver;

/**
 * Receivers that hang, dribble one byte per second, or send 50 MB (issue 8, faults): each attempt
 * ends by {@code xaalis.webhooks.timeout} (2 s here) as a failure, or with the body cut off after a
 * snippet, and deliveries to a healthy receiver in the same run keep flowing with a short delay. A
 * real server process, so the dispatcher's own threads, pool and memory are the ones under test.
 */
@ExtendWith(DatabaseAvailable.class)
class HostileReceiversIT {

    private static final long TIMEOUT_MILLIS = 2_000;
    // Scheduling on a busy machine; a socket timeout that restarts on every byte would need 64 s.
    private static final long SLACK_MILLIS = 3_000;
    private static final long HEALTHY_DELAY_MILLIS = 3_000;
    private static final int HOSTILE_NOTIFICATIONS = 6;
    private static final int HEALTHY_NOTIFICATIONS = 20;

    private FaultNodes nodes;
    private WebhookReceiver healthy;
    private final Map<HostileReceiver.Mode, HostileReceiver> hostile = new EnumMap<>(HostileReceiver.Mode.class);

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue(TestDatabase.postgres(), "hostile receivers are tested once, on PostgreSQL, with a server process");
        nodes = new FaultNodes(
                TestDatabase.POSTGRES_URL, FaultNodes.freshSchema(), Map.of("XAALIS_WEBHOOKS_TIMEOUT", "PT2S"));
        healthy = new WebhookReceiver(Clock.systemUTC());
        for (HostileReceiver.Mode mode : HostileReceiver.Mode.values()) {
            hostile.put(mode, new HostileReceiver(mode));
        }
    }

    @AfterEach
    void tearDown() throws Exception {
        for (HostileReceiver receiver : hostile.values()) {
            receiver.close();
        }
        if (healthy != null) {
            healthy.close();
        }
        if (nodes != null) {
            nodes.close();
        }
    }

    @Test
    void hostileReceiversEndAtTheTimeoutAndDoNotSlowOthers() throws Exception {
        ServerProcess node = nodes.start("faults-hostile");
        Api api = node.api();
        Map<HostileReceiver.Mode, Api.Merchant> hostileMerchants = new EnumMap<>(HostileReceiver.Mode.class);
        for (var entry : hostile.entrySet()) {
            Api.Merchant merchant = api.onboardBoth();
            api.setWebhook(merchant, entry.getValue().url());
            hostileMerchants.put(entry.getKey(), merchant);
        }
        Api.Merchant good = api.onboardBoth();
        Map<String, Long> receivedAt = new ConcurrentHashMap<>();
        healthy.acceptingSecrets(good.apiSecret()).respondWith(r -> {
            receivedAt.putIfAbsent(Api.JSON.readTree(r.body()).get("id").stringValue(), System.currentTimeMillis());
            return 200;
        });
        api.setWebhook(good, healthy.url("/hooks"));

        for (Api.Merchant merchant : hostileMerchants.values()) {
            for (int i = 0; i < HOSTILE_NOTIFICATIONS; i++) {
                String reference = api.newPayment(merchant);
                assertThat(api.simulate(merchant, reference, "SUCCESS").status())
                        .isEqualTo(200);
            }
        }
        // While the hostile deliveries hang, dribble and stream: healthy notifications, timed from the
        // moment the status change was answered to the moment the receiver got it.
        Map<String, Long> changedAt = new ConcurrentHashMap<>();
        for (int i = 0; i < HEALTHY_NOTIFICATIONS; i++) {
            String reference = api.newPayment(good);
            assertThat(api.simulate(good, reference, "SUCCESS").status()).isEqualTo(200);
            changedAt.put(reference + ":SUCCESS", System.currentTimeMillis());
            Invariants.sleep(250);
        }
        List<WebhookReceiver.Received> received =
                healthy.await(r -> ids(r).containsAll(changedAt.keySet()), Duration.ofSeconds(20));
        assertThat(ids(received)).as("healthy notifications received").containsAll(changedAt.keySet());
        long slowestHealthy = 0;
        for (var change : changedAt.entrySet()) {
            slowestHealthy = Math.max(slowestHealthy, receivedAt.get(change.getKey()) - change.getValue());
        }
        assertThat(slowestHealthy).as("healthy delivery delay, ms").isLessThanOrEqualTo(HEALTHY_DELAY_MILLIS);

        Invariants db = new Invariants(nodes.tablesUrl());
        awaitFinal(db, Duration.ofSeconds(40));
        Map<HostileReceiver.Mode, List<Long>> durations = new EnumMap<>(HostileReceiver.Mode.class);
        StringBuilder out = new StringBuilder("\n=== hostile receivers, xaalis.webhooks.timeout = 2 s ===\n");
        for (var entry : hostileMerchants.entrySet()) {
            HostileReceiver.Mode mode = entry.getKey();
            List<String[]> attempts = db.rows(
                    "SELECT a.duration_ms, a.outcome, COALESCE(a.error, ''), COALESCE(a.status_code, 0),"
                            + " COALESCE(LENGTH(a.response_snippet), 0), n.state FROM notification_attempts a"
                            + " JOIN notifications n ON n.id = a.notification_id WHERE n.application_id = '"
                            + entry.getValue().applicationId() + "'",
                    6);
            long longest =
                    attempts.stream().mapToLong(a -> Long.parseLong(a[0])).max().orElse(-1);
            List<String> outcomes = new ArrayList<>();
            for (String[] a : attempts) {
                outcomes.add(a[1] + "/" + a[2] + "/" + a[3]);
                if (mode == HostileReceiver.Mode.HUGE_BODY) {
                    assertThat(a[3]).as("the 50 MB answer's status is read").isEqualTo("200");
                    assertThat(Integer.parseInt(a[4])).as("snippet kept").isLessThanOrEqualTo(2048);
                    assertThat(a[5]).isEqualTo("DELIVERED");
                } else {
                    assertThat(a[1]).as("%s attempt outcome", mode).isEqualTo("RETRY");
                    assertThat(a[2]).as("%s attempt error", mode).isEqualTo("timeout");
                    assertThat(a[5]).isEqualTo("FAILED");
                }
            }
            if (mode != HostileReceiver.Mode.HUGE_BODY) {
                assertThat(attempts).as("every attempt made, %s", mode).hasSize(HOSTILE_NOTIFICATIONS * 4);
            }
            durations.put(
                    mode,
                    attempts.stream().map(a -> Long.parseLong(a[0])).sorted().toList());
            out.append(String.format(
                    "  %-20s %2d attempts, longest %5d ms, outcomes %s%n      durations (ms) %s%n",
                    mode, attempts.size(), longest, outcomes.stream().distinct().toList(), durations.get(mode)));
        }
        System.out.print(out);
        durations.forEach((mode, millis) -> assertThat(millis)
                .as("attempt durations to the %s receiver, ms", mode)
                .isNotEmpty()
                .allSatisfy(ms -> assertThat(ms).isBetween(0L, TIMEOUT_MILLIS + SLACK_MILLIS)));
        out.setLength(0);
        long mostWritten =
                hostile.get(HostileReceiver.Mode.HUGE_BODY).mostBytesWritten.get();
        assertThat(mostWritten)
                .as("bytes of the 50 MB body the server let through before hanging up")
                .isLessThan(HostileReceiver.HUGE_BYTES / 4);
        out.append(String.format(
                "  50 MB body: at most %d bytes sent before the server hung up (kernel buffers included)%n",
                mostWritten));
        out.append(String.format(
                "  healthy receiver: %d notifications, slowest %d ms from status change to receipt%n",
                HEALTHY_NOTIFICATIONS, slowestHealthy));
        System.out.print(out);
    }

    private static void awaitFinal(Invariants db, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String query = "SELECT COUNT(*) FROM notifications WHERE state NOT IN ('DELIVERED', 'FAILED')";
        while (db.count(query) > 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("notifications still being attempted after " + timeout + ": "
                        + db.rows("SELECT state || ' x' || COUNT(*) FROM notifications GROUP BY state", 1).stream()
                                .map(r -> r[0])
                                .toList());
            }
            Invariants.sleep(200);
        }
    }

    private static java.util.Set<String> ids(List<WebhookReceiver.Received> received) {
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (WebhookReceiver.Received r : received) {
            ids.add(Api.JSON.readTree(r.body()).get("id").stringValue());
        }
        return ids;
    }
}
