package sn.xaalis.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import sn.xaalis.support.Api;
import sn.xaalis.support.DatabaseAvailable;
import sn.xaalis.support.ServerProcess;
import sn.xaalis.support.TestDatabase;
import sn.xaalis.support.WebhookReceiver;
import tools.jackson.databind.JsonNode;

/**
 * At-least-once delivery across crashes and nodes (D11), on PostgreSQL with real server processes:
 * a node killed with SIGKILL mid-delivery loses nothing, and two nodes sharing one database deliver
 * everything without applying any transition twice.
 */
@ExtendWith(DatabaseAvailable.class)
class CrashAndClusterIT {

    private static final Duration WAIT = Duration.ofSeconds(90);

    private final List<ServerProcess> nodes = new ArrayList<>();
    private String schema;
    private WebhookReceiver receiver;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue(TestDatabase.postgres(), "several nodes and SIGKILL are tested on PostgreSQL");
        schema = "it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        TestDatabase.execute("CREATE SCHEMA " + schema);
        receiver = new WebhookReceiver(Clock.systemUTC());
    }

    @AfterEach
    void tearDown() throws Exception {
        nodes.forEach(ServerProcess::close);
        if (receiver != null) {
            receiver.close();
        }
        if (schema != null) {
            TestDatabase.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    @Test
    void aNodeKilledMidDeliveryLosesNoNotification() {
        ServerProcess first = node("crash-first");
        Api api = first.api();
        Api.Merchant merchant = api.onboardBoth();
        CountDownLatch killed = new CountDownLatch(1);
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        // Before the kill: hold every request open, so it is in flight when the node dies.
        receiver.acceptingSecrets(merchant.apiSecret()).respondWith(r -> {
            await(killed);
            return 500;
        });
        api.setWebhook(merchant, receiver.url("/hooks"));
        List<String> references = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String reference = api.newPayment(merchant);
            references.add(reference);
            assertThat(api.simulate(merchant, reference, "SUCCESS").status()).isEqualTo(200);
        }
        receiver.await(r -> r.size() >= 8, WAIT);
        first.kill();
        int inFlightAtKill = receiver.received().size();
        receiver.respondWith(r -> {
            acknowledged.add(Api.JSON.readTree(r.body()).get("id").stringValue());
            return 200;
        });
        killed.countDown();

        node("crash-second");
        Set<String> expected = references.stream().map(r -> r + ":SUCCESS").collect(Collectors.toSet());
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!acknowledged.containsAll(expected) && System.nanoTime() < deadline) {
            sleep(100);
        }

        assertThat(acknowledged).containsAll(expected);
        assertThat(receiver.received())
                .allSatisfy(r -> assertThat(r.signatureValid()).isTrue());
        assertThat(awaitZero("SELECT COUNT(*) FROM notifications WHERE state <> 'DELIVERED'"))
                .isZero();
        assertThat(count("SELECT COUNT(*) FROM payments WHERE status = 'SUCCESS'"))
                .isEqualTo(30);
        assertThat(count("SELECT COUNT(*) FROM payment_status_history WHERE to_status = 'SUCCESS'"))
                .isEqualTo(30);
        System.out.printf(
                "crash test: 30 notifications, %d in flight at SIGKILL, %d requests in all, all acknowledged after restart%n",
                inFlightAtKill, receiver.received().size());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void twoNodesOnOneDatabaseDeliverEverythingAndApplyNothingTwice() throws Exception {
        // Both boot at once on the same schema: Flyway runs under its lock on one, the other waits.
        ServerProcess a;
        ServerProcess b;
        try (var boot = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<ServerProcess> first = boot.submit(() -> node("cluster-a"));
            Future<ServerProcess> second = boot.submit(() -> node("cluster-b"));
            a = first.get();
            b = second.get();
        }
        Api.Merchant merchant = a.api().onboardBoth();
        receiver.acceptingSecrets(merchant.apiSecret());
        a.api().setWebhook(merchant, receiver.url("/hooks"));

        String[] outcomes = {"SUCCESS", "FAILED", "CANCELLED", "EXPIRED"};
        Map<String, String> expected = new HashMap<>();
        var pool = Executors.newFixedThreadPool(8);
        List<Future<?>> work = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Api initiator = (i % 2 == 0 ? a : b).api();
            String reference = initiator.newPayment(merchant);
            String outcome = outcomes[i % outcomes.length];
            expected.put(reference + ":" + outcome, outcome);
            // The same transition asked of both nodes at once: exactly one may apply.
            work.add(pool.submit(() -> a.api().simulate(merchant, reference, outcome)));
            work.add(pool.submit(() -> b.api().simulate(merchant, reference, outcome)));
        }
        for (var future : work) {
            future.get();
        }
        pool.shutdown();

        receiver.await(r -> ids(r).containsAll(expected.keySet()), WAIT);
        assertThat(ids(receiver.received())).containsAll(expected.keySet());
        assertThat(count("SELECT COUNT(*) FROM notifications")).isEqualTo(40);
        assertThat(awaitZero("SELECT COUNT(*) FROM notifications WHERE state <> 'DELIVERED'"))
                .isZero();
        assertThat(count("SELECT COUNT(*) FROM payment_status_history"))
                .as("one creation + one change each")
                .isEqualTo(80);
        assertThat(count("SELECT COUNT(*) FROM (SELECT payment_id, to_status FROM payment_status_history"
                        + " GROUP BY payment_id, to_status HAVING COUNT(*) > 1) twice"))
                .isZero();
        System.out.printf(
                "cluster test: 40 payments, %d webhook requests received for 40 notifications%n",
                receiver.received().size());
    }

    private ServerProcess node(String name) {
        Map<String, String> env = ServerProcess.nodeOn(TestDatabase.POSTGRES_URL, schema);
        env.put("XAALIS_RATE_LIMIT_REQUESTS_PER_SECOND", "1000");
        // C1 only and one GC thread, as the other cluster tests: a much quicker boot, plenty for 40 payments.
        env.put("JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
        ServerProcess node = ServerProcess.start(name, env, Duration.ofSeconds(120));
        synchronized (nodes) {
            nodes.add(node);
        }
        return node;
    }

    private static Set<String> ids(List<WebhookReceiver.Received> received) {
        return received.stream()
                .map(r -> Api.JSON.readTree(r.body()))
                .map(JsonNode::toString)
                .map(json -> Api.JSON.readTree(json).get("id").stringValue())
                .collect(Collectors.toSet());
    }

    /** The receiver sees a request before the node records its delivery: wait for the record. */
    private long awaitZero(String query) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        long value = count(query);
        while (value != 0 && System.nanoTime() < deadline) {
            sleep(100);
            value = count(query);
        }
        return value;
    }

    private long count(String query) {
        try (Connection connection = DriverManager.getConnection(
                        TestDatabase.POSTGRES_URL + "?currentSchema=" + schema, "postgres", "");
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
