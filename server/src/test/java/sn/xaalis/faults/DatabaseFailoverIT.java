package sn.xaalis.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiAssertions;
import sn.xaalis.support.AutoFailoverCluster;
import sn.xaalis.support.DatabaseAvailable;
import sn.xaalis.support.ServerProcess;
import sn.xaalis.support.TestDatabase;
import sn.xaalis.support.WebhookReceiver;

/**
 * PostgreSQL failing over under load (issue 16): a {@link AutoFailoverCluster pg_auto_failover}
 * cluster of the test's own (monitor, primary, synchronous standby), two Xaalis nodes on the
 * multi-host URL {@code jdbc:postgresql://p1,p2/xaalis?targetServerType=primary}, and the mixed load
 * of the other fault tests (initiations with Idempotency-Keys, simulations, magic phones; webhooks to
 * a receiver that refuses the first attempt of one notification in five with a 500). Two rounds:
 *
 * <ol>
 *   <li>a planned switch, {@code pg_autoctl perform failover};
 *   <li>a crash of the primary: every process of that node is SIGKILLed at once, as if its machine
 *       had died: its {@code pg_autoctl} service (the keeper, which reports to the monitor, and the
 *       Postgres controller, which would otherwise restart the postmaster within a second so that
 *       the monitor would never fail over), then the postmaster and its backends. The monitor finds
 *       the node unhealthy and promotes the standby; the node's {@code pg_autoctl} is then started
 *       again, rewinds and rejoins as the standby.
 * </ol>
 *
 * (Round 1 works around a race in the pg_auto_failover 2.0 monitor that can lose acknowledged
 * commits in a planned failover: see {@link AutoFailoverCluster#performFailover}.)
 *
 * Each round ends with the cluster back to primary + synchronous secondary. Meanwhile every refusal
 * is a 503 with the §7 body and a {@code Retry-After} (never a 500), the nodes recover by themselves,
 * and afterwards: nothing acknowledged is lost, one payment per key, no transition applied twice,
 * every status change delivered and signed ({@link Invariants}); both nodes' {@code LISTEN}
 * connections are on the new primary; magic phones still resolve (the payment jobs run); a node
 * started after the failovers boots and runs Flyway under its lock. Prints how long writes were
 * refused in each round, beside how long a probe of its own found no writable primary: Xaalis
 * refuses writes up to about 5 s longer than the database, because HikariCP (7.0) spaces its
 * attempts to open connections by a backoff that doubles from 10 ms up to a hard-coded 5 s while
 * the database refuses them. PostgreSQL only; needs {@code pg_autoctl} and the {@code pgautofailover}
 * extension (Debian: {@code pg-auto-failover-cli}, {@code postgresql-<major>-auto-failover}): skipped
 * without them, except on CI where it fails.
 */
@ExtendWith(DatabaseAvailable.class)
class DatabaseFailoverIT {

    private static final Duration PROGRESS = Duration.ofSeconds(40);
    private static final Duration HEALTHY = Duration.ofSeconds(60);
    private static final Duration SETTLE = Duration.ofSeconds(45);
    // Hikari waits 2 s for a connection (application.yml); the rest is slack for a busy machine.
    private static final long MAX_REFUSAL_MILLIS = 5_000;

    private AutoFailoverCluster cluster;
    private FaultNodes nodes;
    private WebhookReceiver receiver;
    private MixedLoad load;
    private WritableProbe probe;
    private long clusterMillis;

    /** What one round did to writes. */
    private record Round(String name, long startNanos, long endNanos, String from, String to) {}

    @BeforeEach
    void setUp() {
        assumeTrue(TestDatabase.postgres(), "a database failover is tested on PostgreSQL");
        var missing = AutoFailoverCluster.unavailable();
        if (missing.isPresent()) {
            String why = "SKIPPED: " + missing.get() + ", needed to run a pg_auto_failover cluster";
            if (TestDatabase.postgresRequired()) {
                fail(why);
            }
            assumeTrue(false, why);
        }
        long building = System.nanoTime();
        cluster = AutoFailoverCluster.start("faults-failover");
        clusterMillis = (System.nanoTime() - building) / 1_000_000;
        nodes = new FaultNodes(cluster.jdbcUrl(), null, Map.of());
        receiver = new WebhookReceiver(Clock.systemUTC());
    }

    @AfterEach
    void tearDown() {
        try {
            if (probe != null) {
                probe.close();
            }
            if (load != null) {
                load.close();
            }
            if (receiver != null) {
                receiver.close();
            }
        } finally {
            try {
                if (nodes != null) {
                    nodes.close();
                }
            } finally {
                if (cluster != null) {
                    cluster.close();
                }
            }
        }
    }

    @Test
    void failoversUnderLoadMean503sThenRecoveryWithNothingLost() throws Exception {
        long began = System.nanoTime();
        // Both boot at once on the same database: Flyway runs under its lock on one, the other waits.
        List<ServerProcess> two = startAll("failover-a", "failover-b");
        ServerProcess a = two.get(0);
        ServerProcess b = two.get(1);
        Api.Merchant merchant = MixedLoad.merchantWithFlakyReceiver(a.api(), receiver, 500);
        load = new MixedLoad(merchant, List.of(a.api().base(), b.api().base()), 6);
        load.start();
        await(() -> load.createdByKey.size() >= 30 && receiver.received().size() >= 10, "load to get going");
        awaitListeners(Set.of("failover-a", "failover-b"));
        int createdBefore = load.createdByKey.size();
        probe = new WritableProbe(cluster.jdbcUrl());

        List<Round> rounds = new ArrayList<>();
        // Round 1: a planned switch.
        quietGap();
        String from = cluster.primary().name();
        long start = System.nanoTime();
        cluster.performFailover();
        cluster.awaitHealthy(HEALTHY);
        String to = cluster.primary().name();
        assertThat(to).as("primary after the planned switch").isNotEqualTo(from);
        awaitRecovery(start);
        rounds.add(new Round("round 1, pg_autoctl perform failover", start, System.nanoTime(), from, to));
        awaitListeners(Set.of("failover-a", "failover-b"));

        // Round 2: the primary's machine dies.
        quietGap();
        AutoFailoverCluster.Node victim = cluster.primary();
        start = System.nanoTime();
        cluster.kill(victim);
        long killed = System.nanoTime();
        awaitPromotion(victim);
        long promoted = System.nanoTime();
        cluster.restart(victim);
        cluster.awaitHealthy(HEALTHY);
        long rejoined = System.nanoTime();
        to = cluster.primary().name();
        assertThat(to).as("primary after the crash").isNotEqualTo(victim.name());
        awaitRecovery(start);
        rounds.add(new Round("round 2, SIGKILL of the primary", start, System.nanoTime(), victim.name(), to));

        // Both dispatchers LISTEN on the new primary again (as after round 1).
        awaitListeners(Set.of("failover-a", "failover-b"));

        // A node started after the failovers boots (Flyway under its lock, on the new primary) and
        // serves; node a is SIGKILLed and replaced by it, the clients go on with b and the new one.
        quietGap();
        a.kill();
        load.targets(List.of(b.api().base()));
        long restarting = System.nanoTime();
        ServerProcess c = start("failover-c");
        long restartMillis = (System.nanoTime() - restarting) / 1_000_000;
        load.targets(List.of(b.api().base(), c.api().base()));
        int createdAtRestart = load.createdByKey.size();
        int magicAtRestart = load.magicExpected.size();
        await(
                () -> load.createdByKey.size() >= createdAtRestart + 30
                        && load.magicExpected.size() >= magicAtRestart + 5,
                "load to go on with the restarted node");
        awaitListeners(Set.of("failover-b", "failover-c"));
        load.finish(Duration.ofSeconds(60));

        // Every refusal was a 503 with the §7 body and a Retry-After; no 500, ever.
        List<MixedLoad.Observation> refused =
                load.observations.stream().filter(o -> o.status() >= 500).toList();
        for (MixedLoad.Observation o : refused) {
            assertThat(o.status()).as("a refusal: %s", o.body()).isEqualTo(503);
            ApiAssertions.assertErrorBody(Api.JSON.readTree(o.body()), 503, "Service Unavailable");
            assertThat(o.retryAfter()).as("Retry-After of a 503").isNotNull().matches("[1-9][0-9]*");
            assertThat(o.millis()).as("time to a 503").isLessThanOrEqualTo(MAX_REFUSAL_MILLIS);
        }

        List<String> lines = new ArrayList<>();
        lines.add("before round 1: " + createdBefore + " payments answered 201 on 2 nodes");
        for (Round round : rounds) {
            lines.add(describe(round));
        }
        lines.add("round 2: the monitor promoted the standby " + (promoted - killed) / 1_000_000
                + " ms after the kill; the killed node was a synchronous secondary again "
                + (rejoined - killed) / 1_000_000 + " ms after the kill");
        lines.add("LISTEN of both dispatchers found again on the new primary after each round (" + to + " at the end)");
        lines.add("node a SIGKILLed after the failovers, node c booted in " + restartMillis + " ms (Flyway under"
                + " its lock), then " + (load.magicExpected.size() - magicAtRestart) + " more magic phones resolved");
        lines.add("5xx answers: " + refused.size() + ", all 503 with the §7 body and Retry-After, slowest "
                + refused.stream()
                        .mapToLong(MixedLoad.Observation::millis)
                        .max()
                        .orElse(0)
                + " ms; unanswered requests (in flight at node a's SIGKILL, retried): " + load.noAnswer.get());
        lines.add("cluster built in " + clusterMillis + " ms; the test itself took "
                + (System.nanoTime() - began) / 1_000_000_000 + " s");
        new Invariants(nodes.tablesUrl())
                .check(
                        "PostgreSQL failover (pg_auto_failover, synchronous standby) under load, two rounds",
                        load,
                        receiver,
                        SETTLE,
                        lines.toArray(String[]::new));
    }

    /**
     * Writes refused in a round: from the first refused request to the first write accepted after
     * the last refused one was sent (earlier successes, on connections the switch had not reached
     * yet, do not end the outage); beside it, when the probe found no writable primary.
     */
    private String describe(Round round) {
        List<MixedLoad.Observation> in = load.observations.stream()
                .filter(o -> o.startNanos() >= round.startNanos() && o.startNanos() <= round.endNanos())
                .toList();
        List<MixedLoad.Observation> refusals =
                in.stream().filter(o -> o.status() >= 500 || o.status() == 0).toList();
        String head = round.name() + " (" + round.from() + " -> " + round.to() + "):\n    database: "
                + probe.describe(round) + "\n    Xaalis: ";
        if (refusals.isEmpty()) {
            return head + "no write refused (" + in.size() + " requests)";
        }
        long firstRefused = refusals.stream()
                .mapToLong(MixedLoad.Observation::startNanos)
                .min()
                .orElseThrow();
        long lastRefusedSent = refusals.stream()
                .mapToLong(MixedLoad.Observation::startNanos)
                .max()
                .orElseThrow();
        // Requests sent near the end of the round are answered after it.
        long recovered = load.observations.stream()
                .filter(o -> o.status() / 100 == 2 && o.startNanos() > lastRefusedSent)
                .mapToLong(MixedLoad.Observation::endNanos)
                .min()
                .orElseThrow(() -> new AssertionError(round.name() + ": no write accepted after the last refusal"));
        long accepted = in.stream().filter(o -> o.status() / 100 == 2).count();
        long slowestAccepted = in.stream()
                .filter(o -> o.status() / 100 == 2)
                .mapToLong(MixedLoad.Observation::millis)
                .max()
                .orElse(0);
        long slowest =
                refusals.stream().mapToLong(MixedLoad.Observation::millis).max().orElseThrow();
        String afterProbe = probe.writableAgain(round)
                .map(up -> ", " + (recovered - up) / 1_000_000 + " ms after the probe's first writable connection")
                .orElse("");
        return head + "writes refused for " + (recovered - firstRefused) / 1_000_000 + " ms (first refused "
                + millis(firstRefused - round.startNanos()) + " into the round, first accepted after the last refusal "
                + millis(recovered - round.startNanos()) + afterProbe + "); " + refusals.size() + " refused ("
                + refusals.stream().filter(o -> o.status() == 0).count() + " unanswered, slowest " + slowest
                + " ms), " + accepted + " accepted (slowest " + slowestAccepted + " ms), of " + in.size()
                + " requests sent in the round";
    }

    private static String millis(long nanos) {
        return nanos / 1_000_000 + " ms";
    }

    /**
     * What the database itself did: a new connection on the multi-host URL (the driver accepts only
     * a node that is out of recovery and not read-only) every 100 ms, from the test.
     */
    private static final class WritableProbe implements AutoCloseable {

        private record Attempt(long startNanos, long endNanos, boolean writable) {}

        private final List<Attempt> attempts = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final Thread thread;
        private volatile boolean running = true;

        WritableProbe(String url) {
            String probeUrl = url + "&connectTimeout=1&socketTimeout=2&loginTimeout=2&ApplicationName=probe";
            thread = Thread.ofVirtual().start(() -> {
                while (running) {
                    long start = System.nanoTime();
                    boolean writable;
                    try (var connection = java.sql.DriverManager.getConnection(probeUrl, "postgres", "")) {
                        writable = connection.isValid(1);
                    } catch (java.sql.SQLException e) {
                        writable = false;
                    }
                    attempts.add(new Attempt(start, System.nanoTime(), writable));
                    Invariants.sleep(100);
                }
            });
        }

        private java.util.Optional<Attempt> firstFailed(Round round) {
            return attempts.stream()
                    .filter(a -> a.startNanos() >= round.startNanos() && a.startNanos() <= round.endNanos())
                    .filter(a -> !a.writable())
                    .findFirst();
        }

        /** The end of the first writable attempt after the round's first failed one. */
        java.util.Optional<Long> writableAgain(Round round) {
            return firstFailed(round).flatMap(down -> attempts.stream()
                    .filter(a -> a.writable() && a.startNanos() > down.startNanos())
                    .findFirst()
                    .map(Attempt::endNanos));
        }

        /** From the first failed attempt of the round to the first writable one after it. */
        String describe(Round round) {
            var down = firstFailed(round);
            if (down.isEmpty()) {
                return "the probe always found a writable primary";
            }
            long from = down.get().startNanos();
            return writableAgain(round)
                    .map(up -> "no writable primary for " + (up - from) / 1_000_000 + " ms (probe: first failed "
                            + (from - round.startNanos()) / 1_000_000 + " ms into the round, writable again at "
                            + (up - round.startNanos()) / 1_000_000 + " ms)")
                    .orElse("no writable primary found again by the probe");
        }

        @Override
        public void close() {
            running = false;
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Each node's URL names the node, so that its connections are told apart in pg_stat_activity. */
    private ServerProcess start(String name) {
        return nodes.start(name, Map.of("SPRING_DATASOURCE_URL", cluster.jdbcUrl() + "&ApplicationName=" + name));
    }

    private List<ServerProcess> startAll(String... names) throws Exception {
        List<Future<ServerProcess>> futures = new ArrayList<>();
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (String name : names) {
                futures.add(pool.submit(() -> start(name)));
            }
            List<ServerProcess> started = new ArrayList<>();
            for (var future : futures) {
                started.add(future.get());
            }
            return started;
        }
    }

    /**
     * A pause between two faults, longer than a request may take (a 503 comes after at most 2 s of
     * waiting for a connection), so that no request of one round is answered in the next one.
     */
    private static void quietGap() {
        Invariants.sleep(2_500);
    }

    /** Until the monitor has the other node as the primary (wait_primary: no standby to wait for). */
    private void awaitPromotion(AutoFailoverCluster.Node victim) {
        long deadline = System.nanoTime() + HEALTHY.toNanos();
        while (true) {
            Map<String, String[]> states = cluster.states();
            boolean promoted = states.entrySet().stream()
                    .anyMatch(e -> !e.getKey().equals(victim.name())
                            && Set.of("wait_primary", "primary").contains(e.getValue()[0]));
            if (promoted) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the monitor did not promote the standby within " + HEALTHY + ": "
                        + AutoFailoverCluster.describe(states));
            }
            Invariants.sleep(100);
        }
    }

    /** Until a write sent after the round started was accepted, and the load went on. */
    private void awaitRecovery(long roundStart) {
        await(
                () -> load.observations.stream().anyMatch(o -> o.startNanos() > roundStart && o.status() / 100 == 2),
                "a write accepted after the switch");
        int created = load.createdByKey.size();
        await(() -> load.createdByKey.size() >= created + 20, "load to go on after the switch");
    }

    /**
     * Until the current primary has, for each node, a backend whose last query is the dispatcher's
     * {@code LISTEN} (pg_stat_activity, told apart by application_name).
     */
    private void awaitListeners(Set<String> names) {
        long deadline = System.nanoTime() + PROGRESS.toNanos();
        while (true) {
            AutoFailoverCluster.Node primary = cluster.primary();
            Set<String> listening = ConcurrentHashMap.newKeySet();
            cluster.query(
                    primary.port(),
                    "xaalis",
                    "SELECT application_name FROM pg_stat_activity WHERE query LIKE 'LISTEN %'",
                    rs -> listening.add(rs.getString(1)));
            if (listening.containsAll(names)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("LISTEN connections on the primary " + primary + ": " + listening
                        + ", expected those of " + names);
            }
            Invariants.sleep(200);
        }
    }

    private void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + PROGRESS.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + PROGRESS + " waiting for " + what + " ("
                        + load.createdByKey.size() + " payments created, "
                        + receiver.received().size() + " webhook requests, problems: " + load.unexpected
                        + ", cluster: " + AutoFailoverCluster.describe(cluster.states()) + ")");
            }
            Invariants.sleep(50);
        }
    }
}
