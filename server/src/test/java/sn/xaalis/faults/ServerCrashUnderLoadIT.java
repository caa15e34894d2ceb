package sn.xaalis.faults;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
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
 * SIGKILL under mixed load (issue 8, faults): initiations with Idempotency-Keys, sandbox outcomes
 * (simulation API, conflicting outcomes, magic phones) and webhooks to a loopback receiver that
 * sometimes answers 503. Clients retry whatever got no answer with the same key. Complements
 * {@code CrashAndClusterIT} (a kill mid-delivery, two nodes, no client load). PostgreSQL only.
 */
@ExtendWith(DatabaseAvailable.class)
class ServerCrashUnderLoadIT {

    private static final Duration PROGRESS = Duration.ofSeconds(40);
    private static final Duration SETTLE = Duration.ofSeconds(45);

    private FaultNodes nodes;
    private WebhookReceiver receiver;
    private MixedLoad load;

    @BeforeEach
    void setUp() {
        assumeTrue(TestDatabase.postgres(), "SIGKILL of server processes is tested on PostgreSQL");
        nodes = new FaultNodes(TestDatabase.POSTGRES_URL, FaultNodes.freshSchema(), Map.of());
        receiver = new WebhookReceiver(Clock.systemUTC());
    }

    @AfterEach
    void tearDown() {
        if (load != null) {
            load.close();
        }
        if (receiver != null) {
            receiver.close();
        }
        if (nodes != null) {
            nodes.close();
        }
    }

    @Test
    void aServerKilledUnderLoadAndRestartedKeepsEveryPromise() throws Exception {
        ServerProcess node = nodes.start("faults-kill-first");
        Api.Merchant merchant = MixedLoad.merchantWithFlakyReceiver(node.api(), receiver, 503);
        load = new MixedLoad(merchant, List.of(node.api().base()), 6);
        load.start();
        await(() -> load.createdByKey.size() >= 40 && receiver.received().size() >= 15, "load to get going");

        node.kill();
        int createdAtKill = load.createdByKey.size();
        int receivedAtKill = receiver.received().size();
        long started = System.nanoTime();
        ServerProcess restarted = nodes.start("faults-kill-restarted");
        long downMillis = (System.nanoTime() - started) / 1_000_000;
        load.targets(List.of(restarted.api().base()));
        await(() -> load.createdByKey.size() >= createdAtKill + 30, "load to resume after the restart");
        load.finish(Duration.ofSeconds(60));

        new Invariants(nodes.tablesUrl())
                .check(
                        "SIGKILL of the only server under load, then restart",
                        load,
                        receiver,
                        SETTLE,
                        "at SIGKILL: " + createdAtKill + " payments answered 201, " + receivedAtKill
                                + " webhook requests received; server down for " + downMillis + " ms");
    }

    @Test
    void oneOfThreeNodesKilledUnderLoadBreaksNoPromise() throws Exception {
        List<ServerProcess> three = nodes.startAll("faults-three-a", "faults-three-b", "faults-three-c");
        Api.Merchant merchant = MixedLoad.merchantWithFlakyReceiver(three.get(0).api(), receiver, 503);
        List<String> bases = three.stream().map(n -> n.api().base()).toList();
        load = new MixedLoad(merchant, bases, 9);
        load.start();
        await(() -> load.createdByKey.size() >= 60 && receiver.received().size() >= 20, "load to get going");

        ServerProcess victim = three.get(1);
        victim.kill();
        // A load balancer stops sending to a dead node; requests it had in flight are retried elsewhere.
        load.targets(List.of(bases.get(0), bases.get(2)));
        int createdAtKill = load.createdByKey.size();
        int receivedAtKill = receiver.received().size();
        await(() -> load.createdByKey.size() >= createdAtKill + 40, "load to go on on the two survivors");
        load.finish(Duration.ofSeconds(60));

        new Invariants(nodes.tablesUrl())
                .check(
                        "three nodes on one PostgreSQL, one SIGKILLed under load",
                        load,
                        receiver,
                        SETTLE,
                        "at SIGKILL of node b: " + createdAtKill + " payments answered 201, " + receivedAtKill
                                + " webhook requests received");
    }

    private void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + PROGRESS.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + PROGRESS + " waiting for " + what + " ("
                        + load.createdByKey.size() + " payments created, "
                        + receiver.received().size()
                        + " webhook requests, problems: " + load.unexpected + ")");
            }
            Invariants.sleep(50);
        }
    }
}
