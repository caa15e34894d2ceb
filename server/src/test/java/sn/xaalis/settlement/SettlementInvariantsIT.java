package sn.xaalis.settlement;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.ledger.LedgerTestAccess;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;

/**
 * Random interleavings (drawn by jqwik) of payments, releases, changes of number (one that pays, one
 * whose payouts fail, one whose payouts are reversed after their success) and withdrawals made by two
 * "nodes" at once (two threads settling the same balance under different keys), on the real database
 * with the real payout sender running: available never goes below zero, every journal transaction sums
 * to zero, and every settlement has exactly one debit and a credit back exactly when it failed or was
 * reversed; in the end the balance is what the payments and the settlements that went say it is.
 */
@IntegrationTest
class SettlementInvariantsIT extends ApiIntegrationTest {

    private static final int SEQUENCES = 6;
    private static final List<String> NUMBERS = List.of("771234567", "700000011", "700000012");

    @Autowired
    SettlementCreation creation;

    @Autowired
    SettlementDestinations destinations;

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ApplicationContext context;

    sealed interface Step {}

    record Pay(int amount) implements Step {}

    record Release() implements Step {}

    record Number(int which) implements Step {}

    /** Two nodes at once; a null amount settles all that is available. */
    record Withdraw(@Nullable Integer first, @Nullable Integer second) implements Step {}

    private static Arbitrary<@Nullable Integer> amount() {
        return Arbitraries.integers().between(1, 60).map(n -> n * 100).injectNull(0.3);
    }

    private static Arbitrary<List<Step>> sequences() {
        Arbitrary<Step> step = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.integers().between(1, 50).map(n -> (Step) new Pay(n * 100))),
                net.jqwik.api.Tuple.of(2, Arbitraries.just((Step) new Release())),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 2).map(n -> (Step) new Number(n))),
                net.jqwik.api.Tuple.of(
                        4, Combinators.combine(amount(), amount()).as((a, b) -> (Step) new Withdraw(a, b))));
        return step.list().ofMinSize(6).ofMaxSize(14);
    }

    @Test
    void randomInterleavingsOnTwoNodesKeepEveryInvariant() throws Exception {
        List<List<Step>> drawn = sequences().sampleStream().limit(SEQUENCES).toList();
        for (List<Step> steps : drawn) {
            run(steps);
        }
    }

    private void run(List<Step> steps) throws Exception {
        Api.Merchant merchant = api.onboardBoth();
        ApplicationId app = ApplicationId.valueOf(merchant.applicationId());
        number(merchant, 0);
        long unreleased = 0;
        long released = 0;
        int keys = 0;
        for (Step step : steps) {
            switch (step) {
                case Pay pay -> {
                    String reference = api.newPayment(
                            merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"" + pay.amount() + "\"}");
                    assertThat(api.simulate(merchant, reference, "SUCCESS").status())
                            .isEqualTo(200);
                    unreleased += pay.amount();
                }
                case Release release -> {
                    clock.advance(Duration.ofDays(2));
                    LedgerTestAccess.releaseDue(context);
                    released += unreleased;
                    unreleased = 0;
                }
                case Number number -> number(merchant, number.which());
                case Withdraw withdraw -> {
                    keys += 2;
                    twoAtOnce(app, "k" + keys, withdraw.first(), "k" + (keys + 1), withdraw.second());
                }
            }
            assertThat(available(app))
                    .as("available after %s in %s", step, steps)
                    .isGreaterThanOrEqualTo(BigDecimal.ZERO);
            LedgerTestAccess.checkInvariants(jdbc);
        }
        awaitOutcomes(app);
        long kept = jdbc.sql("SELECT COALESCE(SUM(amount), 0) FROM settlements WHERE application_id = :app"
                        + " AND status NOT IN ('FAILED', 'REVERSED')")
                .param("app", app.value())
                .query(BigDecimal.class)
                .single()
                .longValue();
        assertThat(available(app).longValue())
                .as("available at the end of %s", steps)
                .isEqualTo(released - kept);
        everySettlementHasOneDebitAndACreditBackWhenReturned(app);
        LedgerTestAccess.checkInvariants(jdbc);
    }

    private void number(Api.Merchant merchant, int which) {
        destinations.change(
                MerchantId.valueOf(merchant.merchantId()),
                ApplicationId.valueOf(merchant.applicationId()),
                "Boutique",
                Environment.SANDBOX,
                Provider.WALLET_SN,
                new CustomerPhone(NUMBERS.get(which)),
                "owner@example.sn");
        clock.advance(Duration.ofHours(25));
    }

    private void twoAtOnce(
            ApplicationId app, String firstKey, @Nullable Integer first, String secondKey, @Nullable Integer second)
            throws Exception {
        CyclicBarrier start = new CyclicBarrier(2);
        List<Future<?>> nodes = new ArrayList<>();
        try (var pool = Executors.newFixedThreadPool(2)) {
            nodes.add(pool.submit(() -> withdraw(start, app, firstKey, first)));
            nodes.add(pool.submit(() -> withdraw(start, app, secondKey, second)));
        }
        for (Future<?> node : nodes) {
            node.get();
        }
    }

    private Void withdraw(CyclicBarrier start, ApplicationId app, String key, @Nullable Integer amount)
            throws Exception {
        start.await();
        try {
            creation.settle(new SettlementCreation.Request(
                    app,
                    Environment.SANDBOX,
                    amount == null ? null : BigDecimal.valueOf(amount),
                    key,
                    "hash-" + amount,
                    "api",
                    "127.0.0.1"));
        } catch (SettlementRefusal.InsufficientBalance expected) {
            // the other node took the money first, or there was not enough: nothing was written
        }
        return null;
    }

    private BigDecimal available(ApplicationId app) {
        return jdbc.sql("SELECT COALESCE(SUM(balance), 0) FROM ledger_balances WHERE application_id = :app"
                        + " AND kind = 'available' AND environment = 'sandbox'")
                .param("app", app.value())
                .query(BigDecimal.class)
                .single();
    }

    /** Until no settlement is processing and none paid is still watched for its reversal. */
    private void awaitOutcomes(ApplicationId app) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            int open = jdbc.sql("SELECT COUNT(*) FROM settlements s JOIN payouts p ON p.id = s.payout_id"
                            + " WHERE s.application_id = :app AND (s.status = 'PROCESSING' OR p.stage = 'WATCH')")
                    .param("app", app.value())
                    .query(Integer.class)
                    .single();
            if (open == 0) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("settlements still processing after 30 s");
    }

    private void everySettlementHasOneDebitAndACreditBackWhenReturned(ApplicationId app) {
        // One statement: the status and the postings read in one snapshot.
        List<String> broken = jdbc.sql(
                        "SELECT CAST(s.id AS VARCHAR(40)) FROM settlements s WHERE s.application_id = :app"
                                + " AND ((SELECT COUNT(*) FROM ledger_transactions t WHERE t.cause_kind = 'settlement'"
                                + " AND t.cause_id = CAST(s.id AS VARCHAR(40))) <> 1"
                                + " OR (SELECT COUNT(*) FROM ledger_transactions t WHERE t.cause_kind = 'settlement_reversal'"
                                + " AND t.cause_id = CAST(s.id AS VARCHAR(40)))"
                                + " <> CASE WHEN s.status IN ('FAILED', 'REVERSED') THEN 1 ELSE 0 END)")
                .param("app", app.value())
                .query(String.class)
                .list();
        assertThat(broken)
                .as("settlements without exactly one debit, or with a wrong credit back")
                .isEmpty();
    }
}
