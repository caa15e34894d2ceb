package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.platform.Refusals;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import tools.jackson.databind.JsonNode;

@IntegrationTest
class PaymentLifecycleIT extends ApiIntegrationTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    Api.Merchant merchant;

    @BeforeEach
    void setUp() {
        merchant = api.onboardBoth();
    }

    @Test
    void fiftyConcurrentAttemptsAtOneTransitionChangeItOnceAndNotifyOnce() throws Exception {
        String reference = api.newPayment(merchant);
        ExecutorService pool = Executors.newFixedThreadPool(50);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Api.Response>> results = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            results.add(pool.submit(() -> {
                start.await();
                return api.simulate(merchant, reference, "SUCCESS");
            }));
        }
        start.countDown();
        int changed = 0;
        for (Future<Api.Response> result : results) {
            int status = result.get().status();
            assertThat(status).isIn(200, 409);
            changed += status == 200 ? 1 : 0;
        }
        pool.shutdown();

        assertThat(changed).isEqualTo(1);
        assertThat(count(
                        "SELECT COUNT(*) FROM payment_status_history h JOIN payments p ON p.id = h.payment_id"
                                + " WHERE p.reference = :ref AND h.to_status = 'SUCCESS'",
                        reference))
                .isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM notifications WHERE event_id = :ref", reference + ":SUCCESS"))
                .isEqualTo(1);
    }

    @Autowired
    PaymentOperations operations;

    @Autowired
    Refusals refusals;

    @Test
    void simulationRefusesLiveKeys() {
        var live = new sn.xaalis.merchant.Caller(
                sn.xaalis.platform.ApplicationId.valueOf(merchant.applicationId()),
                sn.xaalis.merchant.MerchantId.valueOf(merchant.merchantId()),
                merchant.endpointKey(),
                sn.xaalis.platform.Environment.LIVE,
                java.util.Set.of(),
                true);
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> operations.simulate(live, "SVC-AAAAAAAA", PaymentStatus.SUCCESS, null))
                .isInstanceOfSatisfying(
                        PaymentRefusal.NotSandbox.class,
                        e -> assertThat(refusals.status(e).value()).isEqualTo(403));
    }

    @Test
    void forbiddenTransitionsAre409AndChangeNothing() {
        String reference = api.newPayment(merchant);
        assertThat(api.simulate(merchant, reference, "FAILED").status()).isEqualTo(200);
        Api.Response again = api.simulate(merchant, reference, "SUCCESS");
        assertThat(again.status()).isEqualTo(409);
        sn.xaalis.support.ApiAssertions.assertErrorBody(again.json(), 409, "Conflict");
        assertThat(api.simulate(merchant, reference, "REFUNDED").status()).isEqualTo(400);
        assertThat(count("SELECT COUNT(*) FROM notifications WHERE event_id LIKE :ref", reference + ":%"))
                .isEqualTo(1);
    }

    @Test
    void historyRecordsEveryChangeWithItsCause() {
        String reference = api.newPayment(merchant);
        api.simulate(merchant, reference, "SUCCESS");
        api.post(merchant, "/payments/" + reference + "/refund/", null, Map.of());
        List<String> history = jdbc.sql("SELECT COALESCE(h.from_status, '-') || '>' || h.to_status || ':' || h.cause"
                        + " FROM payment_status_history h JOIN payments p ON p.id = h.payment_id"
                        + " WHERE p.reference = :ref ORDER BY h.id")
                .param("ref", reference)
                .query(String.class)
                .list();
        assertThat(history)
                .containsExactly(
                        "->PROCESSING:api", "PROCESSING>SUCCESS:sandbox:simulate", "SUCCESS>REFUNDED:api:refund");
    }

    @Test
    void paymentsExpireAfterTheDeadline() {
        String reference = api.newPayment(merchant);
        clock.advance(Duration.ofMinutes(15).plusSeconds(1));
        JsonNode status = api.awaitStatus(merchant, reference, "EXPIRED", WAIT);
        assertThat(status.get("expired_at").isString()).isTrue();
        assertThat(Instant.parse(status.get("expired_at").stringValue()))
                .isAfterOrEqualTo(Instant.parse(status.get("expires_at").stringValue()));
        assertThat(count(
                        "SELECT COUNT(*) FROM notifications WHERE event_id = :id AND event = 'transaction.expired'",
                        reference + ":EXPIRED"))
                .isEqualTo(1);
    }

    @Test
    void aLateSuccessAfterExpiryIsAcceptedAndFlagged() {
        String reference = api.newPayment(merchant);
        assertThat(api.simulate(merchant, reference, "EXPIRED").status()).isEqualTo(200);
        assertThat(api.simulate(merchant, reference, "SUCCESS").status()).isEqualTo(200);
        assertThat(count("SELECT COUNT(*) FROM payments WHERE reference = :ref AND late", reference))
                .isEqualTo(1);
    }

    @Test
    void magicPhonesResolveByThemselvesAFewSecondsAfterInitiation() {
        String success = api.newPayment(merchant, body("+221700000001"));
        String failure = api.newPayment(merchant, body("+221700000002"));
        String cancel = api.newPayment(merchant, body("+221700000003"));
        String ordinary = api.newPayment(merchant, body("+221770000000"));
        assertThat(api.status(merchant, success).json().get("status").stringValue())
                .isEqualTo("PROCESSING");

        clock.advance(Duration.ofSeconds(4));
        api.awaitStatus(merchant, success, "SUCCESS", WAIT);
        JsonNode failed = api.awaitStatus(merchant, failure, "FAILED", WAIT);
        assertThat(failed.get("error_message").stringValue()).isNotBlank();
        api.awaitStatus(merchant, cancel, "CANCELLED", WAIT);
        assertThat(api.status(merchant, ordinary).json().get("status").stringValue())
                .isEqualTo("PROCESSING");
    }

    @Test
    void cancelAndRefundFollowTheStateMachine() {
        String reference = api.newPayment(merchant);
        Api.Response cancelled = api.post(merchant, "/payments/" + reference + "/cancel/", null, Map.of());
        assertThat(cancelled.status()).isEqualTo(200);
        assertThat(cancelled.json().get("status").stringValue()).isEqualTo("CANCELLED");
        assertThat(api.post(merchant, "/payments/" + reference + "/cancel/", null, Map.of())
                        .status())
                .isEqualTo(409);
        assertThat(api.post(merchant, "/payments/" + reference + "/refund/", null, Map.of())
                        .status())
                .isEqualTo(409);

        String paid = api.newPayment(merchant);
        api.simulate(merchant, paid, "SUCCESS");
        Api.Response refunded = api.post(merchant, "/payments/" + paid + "/refund/", null, Map.of());
        assertThat(refunded.status()).isEqualTo(200);
        assertThat(refunded.json().get("status").stringValue()).isEqualTo("REFUNDED");
        assertThat(count(
                        "SELECT COUNT(*) FROM notifications WHERE event_id = :id AND event = 'transaction.refunded'",
                        paid + ":REFUNDED"))
                .isEqualTo(1);
        assertThat(api.post(merchant, "/payments/SVC-NOTHERE/cancel/", null, Map.of())
                        .status())
                .isEqualTo(404);
    }

    @Test
    void aRepeatedCancelWithTheSameIdempotencyKeyIsReplayed() {
        String reference = api.newPayment(merchant);
        Map<String, String> key = Map.of("Idempotency-Key", "cancel-" + reference);
        Api.Response first = api.post(merchant, "/payments/" + reference + "/cancel/", null, key);
        Api.Response second = api.post(merchant, "/payments/" + reference + "/cancel/", null, key);
        assertThat(first.status()).isEqualTo(200);
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(second.body()).isEqualTo(first.body());
    }

    @Test
    void anotherApplicationCannotActOnAPayment() {
        String reference = api.newPayment(merchant);
        Api.Merchant other = api.onboardBoth();
        assertThat(api.simulate(other, reference, "SUCCESS").status()).isEqualTo(404);
        assertThat(api.post(other, "/payments/" + reference + "/cancel/", null, Map.of())
                        .status())
                .isEqualTo(404);
        assertThat(api.status(merchant, reference).json().get("status").stringValue())
                .isEqualTo("PROCESSING");
    }

    @Test
    void listingPagesNewestFirstWithFilters() {
        List<String> references = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            references.add(api.newPayment(merchant));
        }
        String mobile = api.newPayment(merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"100\"}");
        api.simulate(merchant, references.get(1), "SUCCESS");

        JsonNode first = api.get(merchant, "/payments/?limit=4").json();
        assertThat(first.get("data")).hasSize(4);
        assertThat(first.get("has_more").booleanValue()).isTrue();
        assertThat(first.get("data").get(0).get("reference").stringValue()).isEqualTo(mobile);
        JsonNode second = api.get(
                        merchant,
                        "/payments/?limit=4&cursor=" + first.get("next_cursor").stringValue())
                .json();
        assertThat(second.get("data")).hasSize(2);
        assertThat(second.get("has_more").booleanValue()).isFalse();
        assertThat(second.get("next_cursor").isNull()).isTrue();
        List<String> seen = new ArrayList<>();
        first.get("data").forEach(p -> seen.add(p.get("reference").stringValue()));
        second.get("data").forEach(p -> seen.add(p.get("reference").stringValue()));
        assertThat(seen)
                .containsExactlyInAnyOrderElementsOf(concat(references, mobile))
                .doesNotHaveDuplicates();

        assertThat(api.get(merchant, "/payments/?status=SUCCESS").json().get("data"))
                .singleElement()
                .satisfies(p -> assertThat(p.get("reference").stringValue()).isEqualTo(references.get(1)));
        assertThat(api.get(merchant, "/payments/?provider=MOBILEMONEY_SN")
                        .json()
                        .get("data"))
                .hasSize(1);
        assertThat(api.get(merchant, "/payments/?environment=live").json().get("data"))
                .isEmpty();
        String future = Instant.now().plus(Duration.ofDays(400)).toString();
        assertThat(api.get(merchant, "/payments/?created_from=" + future).json().get("data"))
                .isEmpty();
        assertThat(api.get(merchant, "/payments/?status=NOPE").status()).isEqualTo(400);
        assertThat(api.get(merchant, "/payments/?cursor=bm90LWEtY3Vyc29y").status())
                .isEqualTo(400);
        assertThat(api.get(merchant, "/payments/?limit=0").status()).isEqualTo(400);

        Api.Merchant other = api.onboardBoth();
        assertThat(api.get(other, "/payments/").json().get("data")).isEmpty();
    }

    @Test
    void theCheckoutPageApprovesAndRedirectsToTheSuccessUrl() {
        String reference = api.newPayment(
                merchant,
                "{\"provider\":\"WALLET_SN\",\"amount\":\"2500\",\"success_url\":\"https://shop.example/merci\","
                        + "\"error_url\":\"https://shop.example/oups\"}");
        Api.Response page = api.send("GET", "/sandbox/checkout/" + reference + "?app=WALLET", Map.of(), null);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body())
                .contains(
                        "Shop",
                        "2\u00a0500\u00a0FCFA",
                        "Wallet",
                        reference,
                        "name=\"viewport\"",
                        "data:image/png;base64,");

        Api.Response approved = api.send(
                "POST",
                "/sandbox/checkout/" + reference + "/approve",
                Map.of("Content-Type", "application/x-www-form-urlencoded"),
                "");
        assertThat(approved.status()).isEqualTo(303);
        assertThat(approved.header("Location")).isEqualTo("https://shop.example/merci");
        assertThat(api.status(merchant, reference).json().get("status").stringValue())
                .isEqualTo("SUCCESS");
    }

    @Test
    void theCheckoutPageDeclinesWithAReasonAndFallsBackToTheApplicationUrls() {
        api.admin(
                "PATCH",
                "/applications/" + merchant.applicationId(),
                "{\"callback_url_failure\":\"https://shop.example/failure\"}");
        String reference = api.newPayment(merchant);
        Api.Response declined = api.send(
                "POST",
                "/sandbox/checkout/" + reference + "/decline",
                Map.of("Content-Type", "application/x-www-form-urlencoded"),
                "reason=Plafond+d%C3%A9pass%C3%A9");
        assertThat(declined.status()).isEqualTo(303);
        assertThat(declined.header("Location")).isEqualTo("https://shop.example/failure");
        JsonNode status = api.status(merchant, reference).json();
        assertThat(status.get("status").stringValue()).isEqualTo("FAILED");
        assertThat(status.get("error_message").stringValue()).isEqualTo("Plafond dépassé");

        String cancelled = api.newPayment(merchant);
        Api.Response cancel = api.send(
                "POST",
                "/sandbox/checkout/" + cancelled + "/cancel",
                Map.of("Content-Type", "application/x-www-form-urlencoded"),
                "");
        assertThat(cancel.header("Location")).isEqualTo("https://shop.example/failure");
    }

    @Test
    void theCheckoutPageEscapesMerchantTextAndKnowsOnlySandboxPayments() {
        assertThat(api.send("GET", "/sandbox/checkout/SVC-NOTHERE", Map.of(), null)
                        .status())
                .isEqualTo(404);
        String reference = api.newPayment(merchant);
        api.simulate(merchant, reference, "SUCCESS");
        Api.Response page = api.send("GET", "/sandbox/checkout/" + reference, Map.of(), null);
        assertThat(page.body())
                .contains("Ce paiement est terminé", "/pay/" + reference + "/continue")
                .doesNotContain("/approve");
    }

    private static List<String> concat(List<String> list, String extra) {
        List<String> all = new ArrayList<>(list);
        all.add(extra);
        return all;
    }

    private static String body(String phone) {
        return "{\"provider\":\"WALLET_SN\",\"amount\":\"700\",\"customer_phone\":\"" + phone + "\"}";
    }

    private long count(String sql, String value) {
        return jdbc.sql(sql)
                .param(sql.contains(":ref") ? "ref" : "id", value)
                .query(Long.class)
                .single();
    }
}
