package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import sn.xaalis.support.Api;
import sn.xaalis.support.DatabaseAvailable;
import sn.xaalis.support.ServerProcess;
import sn.xaalis.support.TestDatabase;

/**
 * The rate limit holds for the whole cluster: two server processes on one fresh schema, one
 * application flooding both as fast as it can, accepted in total R × seconds + the burst (2R), within
 * 10 %, where each node counting for itself would accept twice as much.
 */
@ExtendWith(DatabaseAvailable.class)
class ClusterRateLimitIT {

    private static final int RATE = 20;
    private static final Duration FLOOD = Duration.ofSeconds(4);
    private static final int CLIENTS = 8;

    private final List<ServerProcess> nodes = new ArrayList<>();
    private String schema;

    @AfterEach
    void tearDown() throws Exception {
        nodes.forEach(ServerProcess::kill);
        if (schema != null) {
            TestDatabase.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    @Test
    void twoNodesTogetherAcceptTheRateOfOne() throws Exception {
        assumeTrue(TestDatabase.postgres(), "several nodes share PostgreSQL");
        schema = "it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        TestDatabase.execute("CREATE SCHEMA " + schema);
        startNodes("limit-a", "limit-b");
        Api.Merchant merchant = nodes.getFirst().api().onboardBoth();
        List<Api> apis = nodes.stream().map(n -> n.api().unchecked()).toList();

        AtomicIntegerArray accepted = new AtomicIntegerArray(2);
        AtomicIntegerArray refused = new AtomicIntegerArray(2);
        AtomicIntegerArray other = new AtomicIntegerArray(2);
        long start = System.nanoTime();
        long end = start + FLOOD.toNanos();
        try (var clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int first = c % 2;
                running.add(clients.submit(() -> {
                    // Round robin: each client alternates between the nodes.
                    for (int i = first; System.nanoTime() < end; i++) {
                        int node = i % 2;
                        int status =
                                apis.get(node).status(merchant, "SVC-AAAAAAAA").status();
                        (status == 404 ? accepted : status == 429 ? refused : other).incrementAndGet(node);
                    }
                }));
            }
            for (Future<?> client : running) {
                client.get();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;

        int total = accepted.get(0) + accepted.get(1);
        double expected = RATE * seconds + 2 * RATE;
        System.out.printf(
                "cluster rate limit: %d/s, %.2f s: accepted %d + %d = %d (expected %.0f), refused %d + %d, other %d + %d%n",
                RATE,
                seconds,
                accepted.get(0),
                accepted.get(1),
                total,
                expected,
                refused.get(0),
                refused.get(1),
                other.get(0),
                other.get(1));
        assertThat(other.get(0) + other.get(1)).as("only 404 and 429").isZero();
        assertThat(refused.get(0)).as("node a was flooded").isGreaterThan(total);
        assertThat(refused.get(1)).as("node b was flooded").isGreaterThan(total);
        assertThat(accepted.get(0)).as("node a accepted its part").isPositive();
        assertThat(accepted.get(1)).as("node b accepted its part").isPositive();
        assertThat((double) total).isBetween(expected * 0.9, expected * 1.1);
    }

    private void startNodes(String... names) throws Exception {
        try (var boot = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<ServerProcess>> starting = new ArrayList<>();
            for (String name : names) {
                starting.add(boot.submit(() -> ServerProcess.start(name, environment(), Duration.ofSeconds(120))));
            }
            for (Future<ServerProcess> node : starting) {
                nodes.add(node.get());
            }
        }
    }

    private Map<String, String> environment() {
        Map<String, String> env = ServerProcess.nodeOn(TestDatabase.POSTGRES_URL, schema);
        env.put("XAALIS_RATE_LIMIT_REQUESTS_PER_SECOND", Integer.toString(RATE));
        // A quicker boot on a busy machine; plenty for this load.
        env.put("JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
        return env;
    }
}
