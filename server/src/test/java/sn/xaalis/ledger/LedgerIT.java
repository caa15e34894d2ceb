package sn.xaalis.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.merchant.Caller;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.payment.PaymentTransitions;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import tools.jackson.databind.JsonNode;

/**
 * The ledger through the real API on the real database: a sandbox payment's SUCCESS credits the
 * application's pending balance less the fee of its plan, the availability job makes it available once
 * the clock has passed its day, a refund debits it, and the same cause never posts twice.
 */
@IntegrationTest
class LedgerIT extends ApiIntegrationTest {

    @Autowired
    Availability availability;

    @Autowired
    Journal journal;

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    TransactionTemplate transactions;

    @Autowired
    PaymentQueries payments;

    @Autowired
    PaymentTransitions transitions;

    @Autowired
    LedgerProperties properties;

    Api.Merchant merchant;
    LedgerChecks checks;

    @BeforeEach
    void setUp() {
        merchant = api.onboardBoth();
        checks = new LedgerChecks(jdbc);
    }

    private Api.Response price(Api.Merchant m, String body) {
        return api.admin("PUT", "/merchants/" + m.merchantId() + "/pricing", body);
    }

    private String paid(String amount) {
        String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"" + amount + "\"}");
        assertThat(api.simulate(merchant, reference, "SUCCESS").status()).isEqualTo(200);
        return reference;
    }

    private JsonNode balance(Api.Merchant m) {
        var response = api.get(m, "/balance");
        assertThat(response.status()).isEqualTo(200);
        return response.json();
    }

    private void releaseAll() {
        while (availability.releaseDue() >= properties.jobBatch()) {
            // a full batch: the job's next pass would start at once
        }
    }

    @Test
    void aSuccessCreditsPendingLessTheFeeAndTheDelayMakesItAvailable() {
        assertThat(price(
                                merchant,
                                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"1.5\",\"fixed\":\"0\",\"min\":\"0\","
                                        + "\"max\":null}}}")
                        .status())
                .isEqualTo(200);
        Instant paidAt = clock.instant();
        String reference = paid("1500");

        // 1.5 % of 1500 is 22.5, rounded half up to 23 francs.
        assertThat(balance(merchant).toString())
                .isEqualTo("{\"environment\":\"sandbox\",\"currency\":\"XOF\",\"available\":\"0.00\","
                        + "\"pending\":\"1477.00\"}");
        JsonNode lines = api.get(merchant, "/balance/transactions").json();
        assertThat(lines.get("has_more").booleanValue()).isFalse();
        JsonNode line = lines.get("data").get(0);
        assertThat(line.get("type").stringValue()).isEqualTo("payment");
        assertThat(line.get("amount").stringValue()).isEqualTo("1500.00");
        assertThat(line.get("fee").stringValue()).isEqualTo("23.00");
        assertThat(line.get("net").stringValue()).isEqualTo("1477.00");
        assertThat(line.get("reference").stringValue()).isEqualTo(reference);
        assertThat(line.get("available_on").stringValue())
                .isEqualTo(LocalDate.ofInstant(paidAt, Ledger.DAKAR).plusDays(1).toString());
        assertThat(checks.postings("payment", paymentId(reference))).isEqualTo(1);

        releaseAll(); // not due yet
        assertThat(balance(merchant).get("pending").stringValue()).isEqualTo("1477.00");

        clock.advance(Duration.ofDays(2));
        releaseAll();
        assertThat(balance(merchant).toString())
                .isEqualTo("{\"environment\":\"sandbox\",\"currency\":\"XOF\",\"available\":\"1477.00\","
                        + "\"pending\":\"0.00\"}");
        // The release is no line of its own: the merchant sees its payment, available since its day.
        assertThat(api.get(merchant, "/balance/transactions").json().get("data").size())
                .isEqualTo(1);
        checks.all();
    }

    @Test
    void aRefundDebitsTheBalanceAndTheOperatorKeepsTheFee() {
        price(
                merchant,
                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"2\",\"fixed\":\"10\",\"min\":\"0\",\"max\":null}}}");
        paid("1000");
        clock.advance(Duration.ofDays(2));
        releaseAll();
        String reference = paid("1000");
        assertThat(balance(merchant).toString())
                .isEqualTo("{\"environment\":\"sandbox\",\"currency\":\"XOF\",\"available\":\"970.00\","
                        + "\"pending\":\"970.00\"}");

        var refund = api.post(merchant, "/payments/" + reference + "/refund/", null, Map.of("Idempotency-Key", "r-1"));
        assertThat(refund.status()).isEqualTo(200);

        // The pending 970 is taken back, and the fee of 30 from available: 1000 in all.
        assertThat(balance(merchant).toString())
                .isEqualTo("{\"environment\":\"sandbox\",\"currency\":\"XOF\",\"available\":\"940.00\","
                        + "\"pending\":\"0.00\"}");
        JsonNode newest =
                api.get(merchant, "/balance/transactions").json().get("data").get(0);
        assertThat(newest.get("type").stringValue()).isEqualTo("refund");
        assertThat(newest.get("amount").stringValue()).isEqualTo("-1000.00");
        assertThat(newest.get("fee").stringValue()).isEqualTo("0.00");
        assertThat(newest.get("net").stringValue()).isEqualTo("-1000.00");
        assertThat(newest.get("available_on").isNull()).isTrue();
        // The refund is one line: the money leaving the provider's account is no line of its own.
        assertThat(api.get(merchant, "/balance/transactions").json().get("data").size())
                .isEqualTo(3);
        // A later availability run finds nothing left to release for it.
        clock.advance(Duration.ofDays(2));
        releaseAll();
        assertThat(balance(merchant).get("available").stringValue()).isEqualTo("940.00");
        checks.all();
    }

    @Test
    void aRefundTheAvailableBalanceCannotCoverIsRefused() {
        price(
                merchant,
                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"2\",\"fixed\":\"10\",\"min\":\"0\",\"max\":null}}}");
        String reference = paid("1000");

        // Its own 970 is still pending, but the fee of 30 it keeps must come from available, which is 0.
        var refused = api.post(merchant, "/payments/" + reference + "/refund/", null, Map.of());
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("errors").get("balance").get(0).stringValue())
                .isEqualTo("insufficient_balance");
        assertThat(api.status(merchant, reference).json().get("status").stringValue())
                .isEqualTo("SUCCESS");
        assertThat(balance(merchant).get("pending").stringValue()).isEqualTo("970.00");
        assertThat(checks.postings("refund", paymentId(reference))).isZero();
        checks.all();
    }

    @Test
    void withoutAPlanTheDefaultPlanTakesNoFee() {
        paid("2500");

        assertThat(balance(merchant).get("pending").stringValue()).isEqualTo("2500.00");
        JsonNode plan = api.admin("GET", "/merchants/" + merchant.merchantId() + "/pricing", null)
                .json();
        assertThat(plan.get("providers").size()).isZero();
        assertThat(plan.get("default_pricing").toString())
                .isEqualTo("{\"percent\":\"0\",\"fixed\":\"0\",\"min\":\"0\",\"max\":null}");
        assertThat(plan.get("default_availability_days").intValue()).isEqualTo(1);
    }

    @Test
    void anApplicationSeesOnlyItsOwnBalance() {
        paid("1500");
        Api.Merchant other = api.onboardBoth();

        assertThat(balance(other).get("pending").stringValue()).isEqualTo("0.00");
        assertThat(api.get(other, "/balance/transactions").json().get("data").size())
                .isZero();
        assertThat(api.unchecked()
                        .send("GET", "/api/v1/" + other.endpointKey() + "/balance", merchant.headers(), null)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void transactionsArePagedNewestFirstWithACursor() {
        String first = paid("100");
        clock.advance(Duration.ofSeconds(1));
        String second = paid("200");
        clock.advance(Duration.ofSeconds(1));
        String third = paid("300");

        JsonNode page = api.get(merchant, "/balance/transactions?limit=2").json();
        assertThat(page.get("data").get(0).get("reference").stringValue()).isEqualTo(third);
        assertThat(page.get("data").get(1).get("reference").stringValue()).isEqualTo(second);
        assertThat(page.get("has_more").booleanValue()).isTrue();
        JsonNode next = api.get(
                        merchant,
                        "/balance/transactions?limit=2&cursor="
                                + page.get("next_cursor").stringValue())
                .json();
        assertThat(next.get("data").size()).isEqualTo(1);
        assertThat(next.get("data").get(0).get("reference").stringValue()).isEqualTo(first);
        assertThat(next.get("has_more").booleanValue()).isFalse();
        assertThat(next.get("next_cursor").isNull()).isTrue();

        var bad = api.get(merchant, "/balance/transactions?limit=0&cursor=nope");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().get("errors").propertyNames()).containsExactlyInAnyOrder("limit", "cursor");
    }

    @Test
    void thePricingPlanIsReplacedAndReadBackAndBadPlansAreRefused() {
        var put = price(
                merchant,
                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"1.5\",\"fixed\":\"0\",\"min\":\"0\",\"max\":null},"
                        + "\"MOBILEMONEY_SN\":{\"percent\":\"1\",\"fixed\":\"25\",\"min\":\"50\",\"max\":\"2000\"}},"
                        + "\"availability_days\":3}");
        assertThat(put.status()).isEqualTo(200);
        JsonNode plan = api.admin("GET", "/merchants/" + merchant.merchantId() + "/pricing", null)
                .json();
        assertThat(plan.get("merchant_id").stringValue()).isEqualTo(merchant.merchantId());
        assertThat(plan.get("providers").toString())
                .isEqualTo("{\"MOBILEMONEY_SN\":{\"percent\":\"1\",\"fixed\":\"25\",\"min\":\"50\",\"max\":\"2000\"},"
                        + "\"WALLET_SN\":{\"percent\":\"1.5\",\"fixed\":\"0\",\"min\":\"0\",\"max\":null}}");
        assertThat(plan.get("availability_days").intValue()).isEqualTo(3);
        assertThat(put.json()).isEqualTo(plan);

        var bad = price(
                merchant,
                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"101\",\"fixed\":\"1.5\",\"min\":\"10\",\"max\":\"5\"},"
                        + "\"PAYPAL\":{}},\"availability_days\":-1}");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().get("errors").propertyNames())
                .containsExactlyInAnyOrder(
                        "providers.WALLET_SN.percent",
                        "providers.WALLET_SN.fixed",
                        "providers.PAYPAL",
                        "availability_days");
        assertThat(price(
                                merchant,
                                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"1\",\"fixed\":\"0\",\"min\":\"10\","
                                        + "\"max\":\"5\"}}}")
                        .json()
                        .get("errors")
                        .propertyNames())
                .containsExactly("providers.WALLET_SN.max");
        // The refused plans changed nothing.
        assertThat(api.admin("GET", "/merchants/" + merchant.merchantId() + "/pricing", null)
                        .json())
                .isEqualTo(plan);
        assertThat(api.admin("GET", "/merchants/" + UUID.randomUUID() + "/pricing", null)
                        .status())
                .isEqualTo(404);
        assertThat(api.unchecked()
                        .send("GET", "/admin/v1/merchants/" + merchant.merchantId() + "/pricing", Map.of(), null)
                        .status())
                .isEqualTo(401);

        // A plan of {} puts the merchant back on the default.
        assertThat(price(merchant, "{\"providers\":{}}").json().get("providers").size())
                .isZero();
    }

    @Test
    void twoWritersOfTheSameCausePostOnce() throws Exception {
        ApplicationId app = ApplicationId.valueOf(merchant.applicationId());
        String cause = UUID.randomUUID().toString();
        var barrier = new CyclicBarrier(2);
        List<Future<Boolean>> writers = new ArrayList<>();
        try (var executor = Executors.newFixedThreadPool(2)) {
            for (int i = 0; i < 2; i++) {
                writers.add(executor.submit(() -> Boolean.TRUE.equals(transactions.execute(tx -> {
                    await(barrier);
                    return journal.write(posting(app, cause));
                }))));
            }
            int written = 0;
            for (Future<Boolean> writer : writers) {
                written += writer.get() ? 1 : 0;
            }
            assertThat(written).isEqualTo(1);
        }
        assertThat(checks.postings("payment", cause)).isEqualTo(1);
        assertThat(balance(merchant).get("pending").stringValue()).isEqualTo("95.00");
        // A replay long after: nothing more.
        Boolean replayed = transactions.execute(tx -> journal.write(posting(app, cause)));
        assertThat(replayed).isFalse();
        assertThat(balance(merchant).get("pending").stringValue()).isEqualTo("95.00");
        checks.all();
    }

    @Test
    void aSuccessRolledBackLeavesNeitherTheStatusNorItsPosting() {
        String reference = api.newPayment(merchant);
        var caller = new Caller(
                ApplicationId.valueOf(merchant.applicationId()),
                MerchantId.valueOf(merchant.merchantId()),
                merchant.endpointKey(),
                Environment.SANDBOX,
                java.util.Set.of(Provider.WALLET_SN),
                false);
        var payment = payments.find(caller, reference).orElseThrow();

        transactions.executeWithoutResult(tx -> {
            transitions.apply(payment, PaymentStatus.SUCCESS, PaymentTransitions.Cause.of("test"), null);
            assertThat(checks.postings("payment", payment.transactionUuid().toString()))
                    .isEqualTo(1);
            tx.setRollbackOnly();
        });

        assertThat(payments.find(caller, reference).orElseThrow().status()).isEqualTo(PaymentStatus.PROCESSING);
        assertThat(checks.postings("payment", payment.transactionUuid().toString()))
                .isZero();
        assertThat(balance(merchant).get("pending").stringValue()).isEqualTo("0.00");
    }

    private Posting posting(ApplicationId app, String cause) {
        var env = Environment.SANDBOX;
        return new Posting(
                UUID.randomUUID(),
                new Posting.Cause("payment", cause),
                Posting.Type.PAYMENT,
                app,
                env,
                "XOF",
                new BigDecimal("100.00"),
                new BigDecimal("5.00"),
                new BigDecimal("95.00"),
                null,
                clock.instant(),
                null,
                List.of(
                        new Posting.Entry(Account.clearing(env, Provider.WALLET_SN, "XOF"), new BigDecimal("-100.00")),
                        new Posting.Entry(Account.pending(app, env, "XOF"), new BigDecimal("95.00")),
                        new Posting.Entry(Account.fees(env, "XOF"), new BigDecimal("5.00"))));
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private String paymentId(String reference) {
        return jdbc.sql("SELECT CAST(id AS VARCHAR(40)) FROM payments WHERE reference = :r")
                .param("r", reference)
                .query(String.class)
                .single();
    }
}
