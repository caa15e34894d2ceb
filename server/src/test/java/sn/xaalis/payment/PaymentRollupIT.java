package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;

/**
 * The dashboard's rollups give exactly the figures of a full scan of {@code payments}, after random
 * (seeded, printed) sequences of initiations and changes (API and jobs, sandbox and live, several
 * applications and hours), sequential and concurrent, and read in one snapshot with the scan even
 * while changes are under way.
 */
@IntegrationTest
class PaymentRollupIT extends ApiIntegrationTest {

    private static final String[] OUTCOMES = {"SUCCESS", "FAILED", "CANCELLED", "EXPIRED"};
    private static final String[] PHONES = {"+221700000001", "+221700000002", "+221700000003", "+221770000000"};

    @Autowired
    PaymentStatistics statistics;

    @Autowired
    PaymentRollups rollups;

    @Autowired
    InitiationStore initiationStore;

    @Autowired
    PaymentTransitions transitions;

    @Autowired
    Payments payments;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    @Autowired
    PlatformTransactionManager transactionManager;

    @Autowired
    Database database;

    /** A payment the sequences made: its application (index into apps), environment and reference. */
    private record Made(int app, boolean live, String reference) {}

    private final List<Api.Merchant> apps = new ArrayList<>();
    private final List<Made> made = new CopyOnWriteArrayList<>();
    private List<Set<UUID>> appSets;
    private Set<UUID> all;
    private Instant start;
    private FullScan scan;
    private volatile long queuedSeen;

    @Test
    void theRollupsGiveExactlyTheFiguresOfAFullScanAfterRandomSequences() throws Exception {
        long seed = Long.getLong("xaalis.rollup.seed", System.nanoTime());
        System.out.println("PaymentRollupIT seed " + seed + " (-Dxaalis.rollup.seed=" + seed + " replays its choices)");
        setUpApplications();
        Random random = new Random(seed);
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < 40; i++) {
                step(random, false);
            }
            assertExact("after sequential round " + round + " (seed " + seed + ")");
        }
        for (int round = 0; round < 2; round++) {
            concurrently(seed * 31 + round, 4, 40);
            assertExact("after concurrent round " + round + " (seed " + seed + ")");
        }
        everyChangeOnce();
        for (int i = 0; i < 100 && scan.queued(all) > 0; i++) {
            rollups.drain(50);
        }
        assertThat(scan.queued(all)).as("changes left in the queue").isZero();
        assertExact("with every change moved into the rollups (seed " + seed + ")");
        Map<String, Long> moves = scan.changes(all);
        System.out.println("PaymentRollupIT: " + moves.get("null>PROCESSING") + " payments checked on "
                + (database.embedded() ? "H2" : "PostgreSQL") + ", changes " + moves + ", at most " + queuedSeen
                + " queued at a check");
        for (PaymentStatus from : PaymentStatus.values()) {
            for (PaymentStatus to : PaymentStatus.values()) {
                if (from.canMoveTo(to)) {
                    assertThat(moves).as("every change D1 allows, seed " + seed).containsKey(from + ">" + to);
                }
            }
        }
    }

    /** Each change D1 allows at least once, whatever the random sequences drew. */
    private void everyChangeOnce() {
        Api.Merchant merchant = apps.get(0);
        String late = api.newPayment(merchant);
        String paid = api.newPayment(merchant);
        for (String[] change : new String[][] {
            {late, "EXPIRED"}, {late, "SUCCESS"}, {paid, "SUCCESS"}, {api.newPayment(merchant), "FAILED"}
        }) {
            assertThat(retrying(() -> api.simulate(merchant, change[0], change[1]))
                            .status())
                    .isEqualTo(200);
        }
        for (String[] action : new String[][] {{late, "/refund/"}, {api.newPayment(merchant), "/cancel/"}}) {
            Api.Response response =
                    retrying(() -> api.post(merchant, "/payments/" + action[0] + action[1], null, Map.of()));
            assertThat(response.status()).as(response.body()).isEqualTo(200);
        }
    }

    private void setUpApplications() {
        Api.Merchant first = api.onboardBoth();
        Api.Response second = api.admin(
                "POST",
                "/merchants/" + first.merchantId() + "/applications",
                "{\"name\":\"Second shop\",\"providers\":[\"WALLET_SN\",\"MOBILEMONEY_SN\"]}");
        apps.add(first);
        apps.add(new Api.Merchant(
                first.merchantId(),
                second.json().get("id").stringValue(),
                second.json().get("endpoint_key").stringValue(),
                second.json().get("sandbox").get("api_key").stringValue(),
                second.json().get("sandbox").get("api_secret").stringValue()));
        apps.add(api.onboardBoth());
        UUID a = id(0);
        UUID b = id(1);
        UUID c = id(2);
        appSets = List.of(Set.of(a), Set.of(a, b), Set.of(c));
        all = Set.of(a, b, c);
        start = clock.instant();
        scan = new FullScan(jdbc);
    }

    /** One random action: most through the API or the services' own paths, some moving the clock. */
    private void step(Random random, boolean racing) {
        int dice = random.nextInt(100);
        int app = random.nextInt(apps.size());
        Api.Merchant merchant = apps.get(app);
        if (dice < 28 || made.isEmpty()) {
            Provider provider = random.nextBoolean() ? Provider.WALLET_SN : Provider.MOBILEMONEY_SN;
            String phone = PHONES[random.nextInt(PHONES.length)];
            String body = "{\"provider\":\"" + provider + "\",\"amount\":\"" + amount(random, provider)
                    + "\",\"customer_phone\":\"" + phone + "\"}";
            Api.Response response = retrying(() -> api.initiate(merchant, body));
            assertThat(response.status()).as(response.body()).isEqualTo(201);
            made.add(new Made(app, false, response.json().get("reference").stringValue()));
        } else if (dice < 38) {
            made.add(new Made(app, true, storeLive(random, app)));
        } else {
            Made payment = pick(random, racing);
            if (dice < 78) {
                change(random, payment, dice);
            } else if (dice < 90) {
                clock.advance(
                        random.nextInt(10) < 6
                                ? Duration.ofSeconds(1 + random.nextInt(600))
                                : random.nextInt(10) < 8
                                        ? Duration.ofMinutes(15 + random.nextInt(120))
                                        : Duration.ofHours(20 + random.nextInt(7)));
            } else {
                rollups.drain(1 + random.nextInt(20));
            }
        }
    }

    private void change(Random random, Made payment, int dice) {
        Api.Merchant merchant = apps.get(payment.app());
        if (payment.live()) {
            Payment read =
                    payments.findByReference(new Reference(payment.reference())).orElseThrow();
            // Mostly a move D1 allows from where the payment is (so refunds and late successes are
            // frequent), else any status, which D1 refuses or the conditional update loses.
            List<PaymentStatus> allowed = java.util.Arrays.stream(PaymentStatus.values())
                    .filter(read.status()::canMoveTo)
                    .toList();
            PaymentStatus to = !allowed.isEmpty() && random.nextInt(10) < 7
                    ? allowed.get(random.nextInt(allowed.size()))
                    : PaymentStatus.values()[1 + random.nextInt(PaymentStatus.values().length - 1)];
            transitions.apply(read, to, PaymentTransitions.Cause.of("test"), to == PaymentStatus.FAILED ? "No" : null);
            if (random.nextInt(5) == 0) {
                // The same read again: stale now if the first change went through, and must change nothing.
                transitions.apply(
                        read,
                        PaymentStatus.values()[1 + random.nextInt(5)],
                        PaymentTransitions.Cause.of("test:stale"),
                        null);
            }
            return;
        }
        String path = "/payments/" + payment.reference();
        Api.Response response = dice < 62
                ? retrying(() -> api.simulate(merchant, payment.reference(), OUTCOMES[random.nextInt(OUTCOMES.length)]))
                : dice < 70
                        ? retrying(() -> api.post(merchant, path + "/refund/", null, Map.of()))
                        : retrying(() -> api.post(merchant, path + "/cancel/", null, Map.of()));
        assertThat(response.status()).as(response.body()).isIn(200, 409);
    }

    /** A live payment, stored through the initiation's own storing path (no live provider here). */
    private String storeLive(Random random, int app) {
        Provider provider = random.nextBoolean() ? Provider.WALLET_SN : Provider.MOBILEMONEY_SN;
        Payment payment = NewPayments.processing(
                clock,
                new ApplicationId(id(app)),
                Environment.LIVE,
                provider,
                new BigDecimal(amount(random, provider)),
                Reference.random());
        assertThat(initiationStore.store(payment, null, "{}", null)).isNotNull();
        return payment.reference().value();
    }

    /** Changes race on the last few payments, or any payment when alone. */
    private Made pick(Random random, boolean racing) {
        int size = made.size();
        return made.get(racing ? Math.max(0, size - 1 - random.nextInt(Math.min(size, 8))) : random.nextInt(size));
    }

    private static String amount(Random random, Provider provider) {
        int whole = 1 + random.nextInt(99_999);
        return provider.wholeAmountsOnly() ? String.valueOf(whole) : whole + "." + (10 + random.nextInt(90));
    }

    /** Writers on several threads at once, and a reader comparing snapshots while they run. */
    private void concurrently(long seed, int threads, int steps) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
        AtomicBoolean writing = new AtomicBoolean(true);
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Random random = new Random(seed + t);
                writers.add(pool.submit(() -> {
                    for (int i = 0; i < steps; i++) {
                        step(random, true);
                    }
                    return null;
                }));
            }
            Future<Integer> reader = pool.submit(() -> {
                int checks = 0;
                while (writing.get()) {
                    assertExact("while writers run (seed " + seed + ")");
                    checks++;
                }
                return checks;
            });
            for (Future<?> writer : writers) {
                writer.get();
            }
            writing.set(false);
            assertThat(reader.get()).isPositive();
        } finally {
            writing.set(false);
            pool.shutdownNow();
        }
    }

    /** Every figure the dashboard can ask for, from the rollups and from a full scan, in one snapshot. */
    private void assertExact(String when) {
        var snapshot = new TransactionTemplate(transactionManager);
        // PostgreSQL's REPEATABLE READ and H2's SERIALIZABLE read every table as of the first read.
        snapshot.setIsolationLevel(
                database.embedded()
                        ? TransactionDefinition.ISOLATION_SERIALIZABLE
                        : TransactionDefinition.ISOLATION_REPEATABLE_READ);
        snapshot.setReadOnly(true);
        snapshot.executeWithoutResult(tx -> {
            scan.assertSameFigures(statistics, appSets, start, clock.instant(), when);
            assertThat(scan.createdBuckets(all)).as(when).isEqualTo(scan.createdBucketsScanned(all));
            assertThat(scan.paidBuckets(all)).as(when).isEqualTo(scan.paidBucketsScanned(all));
            assertThat(scan.negativeBuckets()).as(when + ": buckets below zero").isZero();
            queuedSeen = Math.max(queuedSeen, scan.queued(all));
        });
    }

    private UUID id(int app) {
        return UUID.fromString(apps.get(app).applicationId());
    }

    /** Should the API's rate limit refuse a request (429), it waits and goes again. */
    private static Api.Response retrying(Supplier<Api.Response> request) {
        for (int attempt = 0; ; attempt++) {
            Api.Response response = request.get();
            if (response.status() != 429 || attempt == 100) {
                return response;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return response;
            }
        }
    }
}
