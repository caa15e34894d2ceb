package sn.xaalis.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
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
import sn.xaalis.support.ApiAssertions;
import sn.xaalis.support.DatabaseAvailable;
import sn.xaalis.support.PrivatePostgres;
import sn.xaalis.support.ServerProcess;
import sn.xaalis.support.TestDatabase;
import sn.xaalis.support.WebhookReceiver;

/**
 * PostgreSQL stopped for real under load (issue 8, faults): a private cluster of the test's own is
 * stopped with {@code pg_ctl stop -m immediate} (backends killed, crash recovery at restart) for
 * {@code -Dxaalis.test.outage-seconds} (20 by default), then started again. Meanwhile every API answer
 * is a quick 503 with the SPEC §7 body; afterwards the server recovers by itself and nothing a client
 * was told, nor any notification, is lost. The shared PostgreSQL is never touched.
 */
@ExtendWith(DatabaseAvailable.class)
class DatabaseOutageIT {

    private static final Duration OUTAGE = Duration.ofSeconds(Long.getLong("xaalis.test.outage-seconds", 20));
    // Hikari waits 2 s for a connection (application.yml); the rest is slack for a busy machine.
    private static final long MAX_ANSWER_MILLIS = 3_500;
    private static final Duration RECOVERY = Duration.ofSeconds(20);

    private PrivatePostgres postgres;
    private FaultNodes nodes;
    private WebhookReceiver receiver;
    private MixedLoad load;

    @BeforeEach
    void setUp() {
        assumeTrue(TestDatabase.postgres(), "a database outage is tested on PostgreSQL");
        if (PrivatePostgres.binaries().isEmpty()) {
            String why = "SKIPPED: no PostgreSQL server binaries (initdb, pg_ctl) to run a private cluster";
            if (TestDatabase.postgresRequired()) {
                fail(why);
            }
            assumeTrue(false, why);
        }
        postgres = PrivatePostgres.start("faults-outage");
        nodes = new FaultNodes(postgres.jdbcUrl(), null, Map.of());
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
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void postgresStoppedUnderLoadMeans503sQuicklyThenRecoveryWithNothingLost() throws Exception {
        ServerProcess node = nodes.start("faults-outage");
        Api api = node.api();
        String email = "outage" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        receiver.acceptingSecrets(merchant.apiSecret());
        api.setWebhook(merchant, receiver.url("/hooks"));
        sn.xaalis.support.PortalSession staff = new sn.xaalis.support.PortalSession(node.port());
        staff.signIn(email, Api.PASSWORD);
        load = new MixedLoad(merchant, List.of(api.base()), 4);
        load.start();
        await(() -> load.createdByKey.size() >= 30 && receiver.received().size() >= 10, "load to get going", RECOVERY);

        int createdBefore = load.createdByKey.size();
        long stopping = System.nanoTime();
        postgres.stopImmediately();
        long stopped = System.nanoTime();
        Invariants.sleep(OUTAGE.toMillis() / 2);
        // A person on the portal meanwhile gets a page saying to try again, not an error body.
        var page = staff.getPage("/portal/dashboard");
        assertThat(page.statusCode()).as(page.body()).isEqualTo(503);
        assertThat(page.headers().firstValue("Retry-After")).hasValue("2");
        assertThat(page.body()).contains("<html lang=\"en\"", "Service briefly unavailable", "nothing is lost");
        Invariants.sleep(OUTAGE.toMillis() / 2);
        long restarting = System.nanoTime();
        postgres.start();
        long up = System.nanoTime();
        await(
                () -> load.observations.stream().anyMatch(o -> o.startNanos() > up && o.status() / 100 == 2),
                "the server to answer 2xx again after PostgreSQL came back",
                RECOVERY);
        long recoveredMillis = load.observations.stream()
                        .filter(o -> o.startNanos() > up && o.status() / 100 == 2)
                        .mapToLong(MixedLoad.Observation::endNanos)
                        .min()
                        .orElseThrow()
                - up;
        int createdAtRecovery = load.createdByKey.size();
        await(() -> load.createdByKey.size() >= createdAtRecovery + 20, "load to go on after recovery", RECOVERY);
        load.finish(Duration.ofSeconds(30));

        // Requests sent while the database was down (after pg_ctl stop returned, before the restart).
        List<MixedLoad.Observation> during = load.observations.stream()
                .filter(o -> o.startNanos() >= stopped && o.endNanos() <= restarting)
                .toList();
        assertThat(during).as("requests during the outage").hasSizeGreaterThan(10);
        for (MixedLoad.Observation o : during) {
            assertThat(o.status()).as("answer during the outage: %s", o.body()).isEqualTo(503);
            ApiAssertions.assertErrorBody(Api.JSON.readTree(o.body()), 503, "Service Unavailable");
            assertThat(o.millis()).as("time to a 503 during the outage").isLessThanOrEqualTo(MAX_ANSWER_MILLIS);
        }
        // Requests in flight when the database went away: answered too, and as quickly.
        List<MixedLoad.Observation> caught = load.observations.stream()
                .filter(o -> o.startNanos() < stopped && o.endNanos() > stopping)
                .toList();
        for (MixedLoad.Observation o : caught) {
            assertThat(o.status()).as("answer to a request caught by the stop").isIn(200, 201, 409, 503);
            assertThat(o.millis()).isLessThanOrEqualTo(MAX_ANSWER_MILLIS + (stopped - stopping) / 1_000_000);
        }
        long slowest =
                during.stream().mapToLong(MixedLoad.Observation::millis).max().orElse(0);

        new Invariants(postgres.jdbcUrl())
                .check(
                        "PostgreSQL stopped (immediate) for " + OUTAGE.toSeconds() + " s under load",
                        load,
                        receiver,
                        Duration.ofSeconds(45),
                        "before the stop: " + createdBefore + " payments answered 201",
                        "during the outage: " + during.size() + " requests, all 503 with the §7 body, slowest "
                                + slowest + " ms; " + caught.size() + " caught in flight by the stop",
                        "first 2xx answered " + recoveredMillis / 1_000_000 + " ms after PostgreSQL was back");
    }

    private void await(BooleanSupplier condition, String what, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what + " ("
                        + load.createdByKey.size() + " payments created, problems: " + load.unexpected + ")");
            }
            Invariants.sleep(50);
        }
    }
}
