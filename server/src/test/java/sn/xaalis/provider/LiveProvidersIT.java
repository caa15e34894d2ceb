package sn.xaalis.provider;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.provider.live.WalletSignatures;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.FakeOperator;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.FakeWallet;
import sn.xaalis.support.Inbox;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.Metrics;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;
import tools.jackson.databind.JsonNode;

/**
 * Both live adapters with the installation's own accounts ({@code xaalis.providers.*}), against fake
 * providers that answer and call back as the real ones publish (docs/providers.md), over real HTTP.
 */
@IntegrationTest
@WithFakeProviders(Setup.LIVE_ADAPTERS)
@ExtendWith(OutputCaptureExtension.class)
class LiveProvidersIT extends ApiIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();

    @Autowired
    MutableClock clock;

    @Autowired
    ProviderExchanges exchanges;

    @Autowired
    LoggingSystem logging;

    @Autowired
    JdbcClient jdbc;

    @BeforeEach
    void reset() {
        fake.useClock(clock);
        fake.forget();
        fake.wallet().down(false);
        fake.wallet().nextExpiry(null);
        fake.installationCallbacks("http://127.0.0.1:" + port);
    }

    // ---- metrics and logs

    @Test
    void providerCallsAreTimedByProviderOperationAndOutcome() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String body = "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}";
        Map<String, String> ok = Map.of("provider", "WALLET_SN", "outcome", "2xx");
        Map<String, String> failed = Map.of("provider", "WALLET_SN", "outcome", "5xx");
        Map<String, String> unavailable =
                Map.of("provider", "WALLET_SN", "environment", "live", "outcome", "unavailable");
        Metrics before = Metrics.scrape(api);

        assertThat(api.initiate(m, body).status()).isEqualTo(201);
        fake.wallet().down(true);
        assertThat(api.initiate(m, body).status()).isEqualTo(503);
        fake.wallet().down(false);
        assertThat(api.initiate(m, body).status()).isEqualTo(201);

        Metrics after = Metrics.scrape(api);
        assertThat(after.sum("xaalis_provider_calls_seconds_count", ok)
                        - before.sum("xaalis_provider_calls_seconds_count", ok))
                .as("two creations (background reconciliation may add lookups)")
                .isGreaterThanOrEqualTo(2);
        assertThat(after.sum("xaalis_provider_calls_seconds_count", failed)
                        - before.sum("xaalis_provider_calls_seconds_count", failed))
                .as("the failed creation and the searches that settle it")
                .isGreaterThanOrEqualTo(2);
        assertThat(after.has("xaalis_provider_calls_seconds_bucket")).isTrue();
        assertThat(after.sum("xaalis_payment_initiations_total", unavailable)
                        - before.sum("xaalis_payment_initiations_total", unavailable))
                .isEqualTo(1);
        assertThat(after.text()).as("no URL as a tag value").doesNotContain(fake.baseUrl());
    }

    @Test
    void providerCredentialsNeverReachTheLogs(CapturedOutput output) {
        List<String> verbose = List.of("sn.xaalis", "org.springframework.web", "org.springframework.security");
        verbose.forEach(logger -> logging.setLogLevel(logger, LogLevel.DEBUG));
        try {
            Api.Merchant wallet = liveMerchant("WALLET_SN");
            String paid = newWalletPayment(wallet);
            assertThat(fake.wallet().pay(paid).status()).isEqualTo(200);
            api.awaitStatus(wallet, paid, "SUCCESS", Duration.ofSeconds(5));

            Api.Merchant mm = liveMerchant("MOBILEMONEY_SN");
            String reference = newMobileMoneyPayment(mm);
            assertThat(fake.operator().pay(reference).status()).isEqualTo(202);
            api.awaitStatus(mm, reference, "SUCCESS", Duration.ofSeconds(5));
        } finally {
            verbose.forEach(logger -> logging.setLogLevel(logger, null));
        }
        String log = output.getAll();
        assertThat(log).as("the capture saw the requests at DEBUG").contains("/payments/initiate/");
        assertThat(log)
                .doesNotContain(FakeProviders.WALLET_KEY)
                .doesNotContain(FakeProviders.WALLET_SECRET)
                .doesNotContain(FakeProviders.MM_CLIENT_SECRET)
                .doesNotContain(FakeProviders.MM_NOTIFICATION_SECRET)
                .doesNotContain("mm-token-");
    }

    // ---- WALLET_SN

    @Test
    void walletInitiationOpensACheckoutSessionAndTheWalletsSignedEventCompletesIt() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        Instant walletDeadline = clock.instant().plus(Duration.ofMinutes(5)).truncatedTo(ChronoUnit.SECONDS);
        fake.wallet().nextExpiry(walletDeadline);
        Api.Response created = api.initiate(
                m, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\",\"success_url\":\"https://shop.example/ok\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode payment = created.json();
        String reference = payment.get("reference").stringValue();

        FakeProviders.Received request =
                fake.received("POST", "/v1/checkout/sessions").getFirst();
        assertThat(request.header("Authorization")).isEqualTo("Bearer " + FakeProviders.WALLET_KEY);
        JsonNode body = request.json();
        assertThat(body.propertyNames())
                .as("exactly the documented fields: the wallet refuses any other")
                .containsExactlyInAnyOrder("amount", "currency", "error_url", "success_url", "client_reference");
        assertThat(body.get("amount").stringValue()).isEqualTo("1500");
        assertThat(body.get("currency").stringValue()).isEqualTo("XOF");
        assertThat(body.get("client_reference").stringValue()).isEqualTo(reference);
        assertThat(body.get("success_url").stringValue()).isEqualTo("https://shop.example/ok");
        assertThat(body.get("error_url").stringValue()).endsWith("/return/" + reference);

        JsonNode session = fake.wallet().sessionFor(reference);
        assertThat(payment.get("provider_reference").stringValue())
                .isEqualTo(session.get("id").stringValue());
        assertThat(payment.get("deep_links").get("WALLET").stringValue())
                .isEqualTo(session.get("wave_launch_url").stringValue());
        assertThat(payment.get("qr_code").stringValue()).isNotBlank();
        assertThat(Instant.parse(payment.get("expires_at").stringValue())).isEqualTo(walletDeadline);

        FakeProviders.Sent event = fake.wallet().pay(reference);
        assertThat(event.status()).isEqualTo(200);
        assertThat(event.headers().get("Wave-Signature")).startsWith("t=");
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
        assertThat(eventIds(m)).contains(reference + ":SUCCESS");

        // The same event again (the wallet retries): acknowledged, nothing changes twice.
        byte[] again = event.body().getBytes(StandardCharsets.UTF_8);
        assertThat(walletEvent(again, signature(again, now())).status()).isEqualTo(200);
        Inbox.awaitActedOn(jdbc, clock);
        assertThat(eventIds(m).stream().filter(id -> id.equals(reference + ":SUCCESS")))
                .hasSize(1);
    }

    @Test
    void aFailedAttemptClosesTheWalletSessionThenFailsThePaymentWithTheWalletsMessage() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = newWalletPayment(m);
        assertThat(fake.wallet()
                        .failAttempt(reference, "insufficient-funds", "Solde insuffisant")
                        .status())
                .isEqualTo(200);
        JsonNode status = api.awaitStatus(m, reference, "FAILED", Duration.ofSeconds(10));
        assertThat(status.get("error_message").stringValue()).isEqualTo("Solde insuffisant");
        String session = fake.wallet().sessionFor(reference).get("id").stringValue();
        assertThat(fake.received("POST", "/v1/checkout/sessions/" + session + "/expire"))
                .as("closed first, so the customer cannot pay a failed payment")
                .hasSize(1);
        assertThat(fake.wallet().sessionFor(reference).get("checkout_status").stringValue())
                .isEqualTo("expired");
    }

    @Test
    void aFailedAttemptOnASessionPaidMeanwhileIsASuccess() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = newWalletPayment(m);
        var session = fake.wallet().complete(reference); // paid on a second try; that event is still on its way
        session.putObject("last_payment_error")
                .put("code", "insufficient-funds")
                .put("message", "Solde insuffisant");
        byte[] event = FakeWallet.event("AE_sn_failed", "checkout.session.payment_failed", session);
        assertThat(walletEvent(event, signature(event, now())).status()).isEqualTo(200);
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
    }

    @Test
    void unsignedForgedStaleAndDottedWalletEventsAreRejectedAndChangeNothing() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = newWalletPayment(m);
        byte[] event = FakeWallet.event(
                "AE_sn_x", "checkout.session.completed", fake.wallet().complete(reference));
        long now = now();

        Api.Response unsigned = walletEvent(event, null);
        assertThat(unsigned.status()).isEqualTo(401);
        assertThat(unsigned.json().get("errors").isObject()).isTrue();
        assertThat(walletEvent(event, "t=" + now + ",v1=" + "0".repeat(64)).status())
                .isEqualTo(401);
        String forged = WalletSignatures.sign("not-the-secret", now, event);
        assertThat(walletEvent(event, "t=" + now + ",v1=" + forged).status()).isEqualTo(401);
        byte[] tampered = new String(event, StandardCharsets.UTF_8)
                .replace("\"1500\"", "\"15\"")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(walletEvent(tampered, signature(event, now)).status()).isEqualTo(401);
        // Signed over t + "." + body, as the wallet does not: refused.
        String dotted = hmac(FakeProviders.WALLET_SECRET, now + "." + new String(event, StandardCharsets.UTF_8));
        assertThat(walletEvent(event, "t=" + now + ",v1=" + dotted).status()).isEqualTo(401);
        // A captured, correctly signed event replayed after the tolerance window, or dated ahead of it.
        assertThat(walletEvent(event, signature(event, now - 301)).status()).isEqualTo(401);
        assertThat(walletEvent(event, signature(event, now + 305)).status()).isEqualTo(401);
        Inbox.awaitActedOn(jdbc, clock);

        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("PROCESSING");
        assertThat(eventIds(m)).isEmpty();
    }

    @Test
    void anEventAboutNoCheckoutSessionIsAcknowledgedAndChangesNothing() {
        byte[] test =
                "{\"id\":\"AE_sn_test\",\"type\":\"test.test_event\",\"data\":{}}".getBytes(StandardCharsets.UTF_8);
        assertThat(walletEvent(test, signature(test, now())).status()).isEqualTo(200);
        byte[] till = ("{\"id\":\"AE_sn_till\",\"type\":\"merchant.payment_received\",\"data\":{\"id\":\"T_1\","
                        + "\"amount\":\"500\",\"currency\":\"XOF\"}}")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(walletEvent(till, signature(till, now())).status()).isEqualTo(200);
    }

    @Test
    void anEventAboutASessionMadeOutsideXaalisIsAcknowledgedIgnoredAndLogged() {
        // The wallet lets a business open sessions without a client_reference (in its portal, by another
        // integration): such an event is none of ours, and refusing it would only make the wallet retry.
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = newWalletPayment(m);
        var session = fake.wallet().sessionFor(reference).deepCopy();
        session.put("id", "cos-outside" + System.nanoTime());
        session.putNull("client_reference");
        session.put("checkout_status", "complete").put("payment_status", "succeeded");
        String id = "AE_sn_outside" + System.nanoTime();
        byte[] event = FakeWallet.event(id, "checkout.session.completed", session);

        Api.Response answer = walletEvent(event, signature(event, now()));

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(jdbc.sql("SELECT outcome FROM provider_exchanges WHERE direction = 'INBOUND' AND operation = 'event'"
                                + " AND response_status = 200 AND request_body LIKE :id")
                        .param("id", "%" + id + "%")
                        .query(String.class)
                        .list())
                .as("kept in the exchange log")
                .containsExactly("accepted: concerns no payment");
        Inbox.awaitActedOn(jdbc, clock);
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("PROCESSING");
    }

    @Test
    void aSessionTheWalletExpiredExpiresThePaymentWithItsWebhook() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = newWalletPayment(m);
        var session = fake.wallet().expireAtWallet(reference);
        assertThat(session.get("payment_status").stringValue())
                .as("what the wallet publishes for an expired session")
                .isEqualTo("cancelled");

        clock.advance(Duration.ofSeconds(61)); // reconciliation asks the wallet
        api.awaitStatus(m, reference, "EXPIRED", Duration.ofSeconds(10));
        assertThat(eventIds(m)).contains(reference + ":EXPIRED").doesNotContain(reference + ":CANCELLED");
    }

    @Test
    void eventsAreStoredAndAnsweredAtOnceWhileTheWalletHangsThenActedOnOnceItAnswers() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        List<String> references = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            references.add(newWalletPayment(m));
        }
        fake.wallet().hang(3_000); // past the 0.5 s read timeout of every call: each would time out
        // Time stands still while the events come, so each is tried at most once before the wallet is back
        // (on a slow machine real seconds would double their back-off past the advance below).
        clock.freeze();
        int events = 500;
        long[] millis = new long[events];
        try {
            for (int i = 0; i < events; i++) {
                String reference = references.get(i % references.size());
                var session = fake.wallet().sessionFor(reference).deepCopy();
                session.putObject("last_payment_error")
                        .put("code", "insufficient-funds")
                        .put("message", "Solde insuffisant");
                byte[] event = FakeWallet.event(
                        "AE_sn_hang" + i + "x" + System.nanoTime(), "checkout.session.payment_failed", session);
                long started = System.nanoTime();
                Api.Response answer = walletEvent(event, signature(event, now()));
                millis[i] = (System.nanoTime() - started) / 1_000_000;
                assertThat(answer.status()).as(answer.body()).isEqualTo(200);
            }
            for (String reference : references) {
                assertThat(api.status(m, reference).json().get("status").stringValue())
                        .as("nothing acted on yet: the wallet's session cannot be closed")
                        .isEqualTo("PROCESSING");
            }
        } finally {
            fake.wallet().hang(0);
            clock.thaw();
        }
        long[] sorted = millis.clone();
        java.util.Arrays.sort(sorted);
        long p50 = sorted[events / 2];
        long p99 = sorted[(int) Math.ceil(events * 0.99) - 1];
        long max = sorted[events - 1];
        System.out.printf(
                "Wallet event answers with the wallet's API hanging: %d events, p50 %d ms, p99 %d ms, max %d ms%n",
                events, p50, p99, max);
        assertThat(max)
                .as("no answer waits on the wallet (read timeout 500 ms)")
                .isLessThan(500);

        // The wallet answers again, its circuit lets calls through, the back-off has passed: each
        // payment's session is closed once, and the payment fails with the wallet's message.
        clock.advance(Duration.ofSeconds(31));
        for (String reference : references) {
            JsonNode status = api.awaitStatus(m, reference, "FAILED", Duration.ofSeconds(20));
            assertThat(status.get("error_message").stringValue()).isEqualTo("Solde insuffisant");
        }
        Inbox.awaitActedOn(jdbc, clock);
    }

    @Test
    void anOperatorSuccessThatCannotBeConfirmedYetIsAnsweredAndConfirmedLater() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        String reference = newMobileMoneyPayment(m);
        String unavailable = "{\"type\":\"about:blank\",\"title\":\"Service Unavailable\",\"status\":\"503\","
                + "\"code\":\"50\",\"detail\":\"try later\"}";
        fake.answerNext("mm.transactions", FakeProviders.Answer.of(503, unavailable));
        fake.answerNext("mm.transactions", FakeProviders.Answer.of(503, unavailable));

        // Formerly answered 503 for the operator to send again: now stored, answered, and asked again.
        assertThat(fake.operator().pay(reference).status()).isEqualTo(202);
        Inbox.awaitActedOn(jdbc, clock);
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("PROCESSING");

        clock.advance(Duration.ofSeconds(11));
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
        assertThat(exchanges.forReference(reference))
                .filteredOn(e -> e.operation().equals("handled"))
                .extracting(ProviderExchanges.Exchange::outcome)
                .anySatisfy(outcome -> assertThat(outcome).startsWith("not yet: "))
                .anySatisfy(outcome -> assertThat(outcome).contains("PROCESSING to SUCCESS"));
    }

    @Test
    void walletCancelExpiresTheSessionAndARefusalIsExplained() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = newWalletPayment(m);
        Api.Response cancelled = api.post(m, "/payments/" + reference + "/cancel/", null, Map.of());
        assertThat(cancelled.status()).isEqualTo(200);
        assertThat(cancelled.json().get("status").stringValue()).isEqualTo("CANCELLED");
        assertThat(fake.wallet().sessionFor(reference).get("checkout_status").stringValue())
                .isEqualTo("expired");

        // The customer paid in the meantime: the wallet refuses, we say why and keep the payment open.
        String paid = newWalletPayment(m);
        fake.wallet().complete(paid);
        Api.Response refused = api.post(m, "/payments/" + paid + "/cancel/", null, Map.of());
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get("provider").toString()).contains("not open");
        assertThat(api.status(m, paid).json().get("status").stringValue()).isEqualTo("PROCESSING");
    }

    @Test
    void walletRefundGoesThroughTheWalletAndItsRefusalIsExplained() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = paidWalletPayment(m);
        fake.answerNext(
                "wallet.refund",
                FakeProviders.Answer.of(
                        400,
                        "{\"code\":\"checkout-refund-failed\",\"message\":\"The checkout session could not be refunded\"}"));
        Api.Response refused = api.post(m, "/payments/" + reference + "/refund/", null, Map.of());
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get("provider").toString())
                .contains("could not be refunded (checkout-refund-failed)");
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("SUCCESS");

        Api.Response refunded = api.post(m, "/payments/" + reference + "/refund/", null, Map.of());
        assertThat(refunded.status()).isEqualTo(200);
        assertThat(refunded.json().get("status").stringValue()).isEqualTo("REFUNDED");
        String session = fake.wallet().sessionFor(reference).get("id").stringValue();
        assertThat(fake.received("POST", "/v1/checkout/sessions/" + session + "/refund"))
                .hasSize(2);
    }

    @Test
    void walletRefundUnreachableIs503AndLeavesThePaymentRefundableLater() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = paidWalletPayment(m);
        fake.wallet().down(true);
        Api.Response unavailable = api.post(m, "/payments/" + reference + "/refund/", null, Map.of());
        assertThat(unavailable.status()).isEqualTo(503);
        assertThat(unavailable.json().get("message").stringValue()).contains("WALLET_SN");
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("SUCCESS");
        fake.wallet().down(false);
        assertThat(api.post(m, "/payments/" + reference + "/refund/", null, Map.of())
                        .status())
                .isEqualTo(200);
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("REFUNDED");
    }

    @Test
    void walletInitiationErrorsMapTo400Or503AndLeaveNoPayment() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String body = "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}";
        fake.answerNext(
                "wallet.create",
                FakeProviders.Answer.of(
                        400,
                        "{\"code\":\"request-validation-error\",\"message\":\"Request invalid\",\"details\":[{\"loc\":"
                                + "[\"amount\"],\"msg\":\"Amount below minimum\"}]}"));
        Api.Response refused = api.initiate(m, body);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get("provider").toString())
                .contains("Request invalid (request-validation-error)");

        fake.wallet().down(true);
        Api.Response down = api.initiate(m, body);
        assertThat(down.status()).isEqualTo(503);
        assertThat(down.json().get("errors").isObject()).isTrue();
        fake.wallet().down(false);

        Api.Response fraction = api.initiate(m, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500.50\"}");
        assertThat(fraction.status()).isEqualTo(400);
        assertThat(fraction.json().get("errors").get("provider").toString()).contains("whole XOF");
        assertThat(api.get(m, "/payments/").json().get("data").size()).isZero();
    }

    @Test
    void aCreationWhoseAnswerIsLostIsSettledByAskingNeverBySendingAgain() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        fake.wallet().loseNextCreationAnswer();
        Api.Response created = api.initiate(m, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String reference = created.json().get("reference").stringValue();
        assertThat(fake.received("POST", "/v1/checkout/sessions"))
                .as("one creation, never a second")
                .hasSize(1);
        assertThat(fake.received("GET", "/v1/checkout/sessions/search")).hasSize(1);
        assertThat(created.json().get("provider_reference").stringValue())
                .isEqualTo(fake.wallet().sessionFor(reference).get("id").stringValue());

        // Nothing was opened this time: the search finds nothing, and the merchant hears it failed.
        fake.forget();
        fake.answerNext("wallet.create", FakeProviders.Answer.slow(1500));
        Api.Response lost = api.initiate(m, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");
        assertThat(lost.status()).isEqualTo(503);
        assertThat(lost.json().get("message").stringValue()).contains("timed out");
        assertThat(fake.received("POST", "/v1/checkout/sessions")).hasSize(1);
        assertThat(api.get(m, "/payments/").json().get("data").size()).isEqualTo(1);
    }

    @Test
    void expiryAsksTheWalletFirstAndClosesItsSession() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String open = newWalletPayment(m);
        String paid = newWalletPayment(m);
        fake.wallet().complete(paid);
        clock.advance(Duration.ofMinutes(16));
        api.awaitStatus(m, open, "EXPIRED", Duration.ofSeconds(10));
        api.awaitStatus(m, paid, "SUCCESS", Duration.ofSeconds(10));
        awaitRequests(
                "POST",
                "/v1/checkout/sessions/"
                        + fake.wallet().sessionFor(open).get("id").stringValue() + "/expire",
                1);
        assertThat(fake.wallet().sessionFor(open).get("checkout_status").stringValue())
                .isEqualTo("expired");
    }

    @Test
    void aLostEventIsRecoveredByReconciliation() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = newWalletPayment(m);
        fake.wallet().complete(reference); // and the wallet's event never arrives
        clock.advance(Duration.ofSeconds(61));
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
        assertThat(eventIds(m)).contains(reference + ":SUCCESS");
    }

    @Test
    void aSuccessForAPaymentExpiredLocallyIsAcceptedLate() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = newWalletPayment(m);
        clock.advance(Duration.ofMinutes(16));
        api.awaitStatus(m, reference, "EXPIRED", Duration.ofSeconds(10));
        var session = fake.wallet().sessionFor(reference);
        session.put("checkout_status", "complete").put("payment_status", "succeeded");
        byte[] event = FakeWallet.event("AE_sn_late", "checkout.session.completed", session);
        assertThat(walletEvent(event, signature(event, now())).status()).isEqualTo(200);
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
        assertThat(eventIds(m)).contains(reference + ":EXPIRED", reference + ":SUCCESS");
    }

    @Test
    void aFailingProviderOpensItsCircuitAndCallsFailFast() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        fake.wallet().down(true);
        String body = "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}";
        for (int i = 0; i < 2; i++) {
            assertThat(api.initiate(m, body).status()).isEqualTo(503); // a creation and two searches each
        }
        int calls = fake.received("POST", "/v1/checkout/sessions").size();
        Api.Response fast = api.initiate(m, body);
        assertThat(fast.status()).isEqualTo(503);
        assertThat(fast.json().get("message").stringValue()).contains("circuit open");
        assertThat(fake.received("POST", "/v1/checkout/sessions")).hasSize(calls);

        // After the open period one trial goes through; a success closes the circuit again.
        fake.wallet().down(false);
        clock.advance(Duration.ofSeconds(31));
        assertThat(api.initiate(m, body).status()).isEqualTo(201);
        assertThat(api.initiate(m, body).status()).isEqualTo(201);
    }

    // ---- MOBILEMONEY_SN

    @Test
    void mobileMoneyInitiationCreatesAQrCodeAndTheOperatorsNotificationCompletesIt() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        Api.Response created = api.initiate(m, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":2000}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode payment = created.json();
        String reference = payment.get("reference").stringValue();
        FakeProviders.Received qr =
                fake.received("POST", "/api/eWallet/v4/qrcode").getFirst();
        assertThat(qr.header("Authorization")).startsWith("Bearer mm-token-");
        assertThat(qr.header("Content-Type")).startsWith("application/json");
        JsonNode body = qr.json();
        assertThat(body.get("amount").get("unit").stringValue()).isEqualTo("XOF");
        assertThat(body.get("amount").get("value").asLong()).isEqualTo(2000);
        assertThat(body.get("code").stringValue()).isEqualTo(FakeProviders.MM_MERCHANT_CODE);
        assertThat(body.get("name").stringValue()).isEqualTo("Shop");
        assertThat(body.get("reference").stringValue()).isEqualTo(reference);
        assertThat(body.get("metadata").get("reference").stringValue()).isEqualTo(reference);
        assertThat(body.get("validity").asLong()).isBetween(1L, 86_400L);
        assertThat(body.get("callbackSuccessUrl").stringValue()).isNotBlank();
        assertThat(body.get("callbackCancelUrl").stringValue()).isNotBlank();

        String qrId = fake.operator().qrFor(reference);
        assertThat(payment.get("provider_reference").stringValue()).isEqualTo(qrId);
        assertThat(payment.get("deep_links").get("MM").stringValue())
                .isEqualTo("https://orangemoneysn.page.link/" + qrId);
        assertThat(payment.get("deep_links").get("APP2").stringValue())
                .isEqualTo("https://sugu.orange-sonatel.com/mp/" + qrId);
        assertThat(payment.get("qr_code").stringValue()).isEqualTo(FakeProviders.QR_PNG);

        FakeProviders.Sent notification = fake.operator().pay(reference);
        assertThat(notification.status()).as("202, as the operator asks").isEqualTo(202);
        assertThat(notification.headers().get("Authorization"))
                .isEqualTo("Basic " + FakeProviders.MM_NOTIFICATION_SECRET);
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
        String transaction =
                Api.JSON.readTree(notification.body()).get("transactionId").stringValue();
        assertThat(fake.received("GET", "/api/eWallet/v1/transactions/" + transaction + "/status"))
                .as("confirmed with the operator's own source of truth")
                .hasSize(1);
        assertThat(eventIds(m)).contains(reference + ":SUCCESS");
    }

    @Test
    void aMobileMoneyNotificationIsConfirmedWithTheOperatorBeforeAnythingChanges() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        String reference = newMobileMoneyPayment(m);
        String tx = fake.operator().payQuietly(reference);
        fake.operator().settle(tx, "PENDING");
        // The body claims success; the operator says pending: the body is not believed.
        String success = FakeOperator.notification(reference, tx, "SUCCESS", FakeProviders.MM_MERCHANT_CODE, 3000);
        assertThat(mmNotification(success, "Basic " + FakeProviders.MM_NOTIFICATION_SECRET)
                        .status())
                .isEqualTo(202);
        awaitRequests("GET", "/api/eWallet/v1/transactions/" + tx + "/status", 1);
        Inbox.awaitActedOn(jdbc, clock);
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("PROCESSING");

        assertThat(mmNotification(success, "Basic wrong-key").status()).isEqualTo(401);
        assertThat(mmNotification(success, null).status()).isEqualTo(401);
        // The apiKey in the body, as some integrations describe it: the right one is accepted, a wrong one not.
        fake.operator().settle(tx, "SUCCESS");
        String withWrongKey = success.replace("{\"amount\"", "{\"apiKey\":\"wrong-key\",\"amount\"");
        assertThat(mmNotification(withWrongKey, null).status()).isEqualTo(401);
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("PROCESSING");
        String withKey = success.replace(
                "{\"amount\"", "{\"apiKey\":\"" + FakeProviders.MM_NOTIFICATION_SECRET + "\",\"amount\"");
        // The operator's retry is acknowledged as the same notification; the one stored is confirmed
        // again after its back-off, and now the operator confirms it.
        assertThat(mmNotification(withKey, null).status()).isEqualTo(202);
        clock.advance(Duration.ofSeconds(11));
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
    }

    @Test
    void aFailedMobileMoneyAttemptLeavesTheQrCodePayable() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        String reference = newMobileMoneyPayment(m);
        assertThat(fake.operator().fail(reference).status()).isEqualTo(202);
        Inbox.awaitActedOn(jdbc, clock);
        assertThat(api.status(m, reference).json().get("status").stringValue())
                .as("only a success counts: the customer may try again on the same QR code")
                .isEqualTo("PROCESSING");
        assertThat(fake.operator().pay(reference).status()).isEqualTo(202);
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
    }

    @Test
    void mobileMoneyRefundsAreRefusedWithTheReasonAndCancellingIsOurs() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        String reference = newMobileMoneyPayment(m);
        fake.operator().pay(reference);
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
        Api.Response refused = api.post(m, "/payments/" + reference + "/refund/", null, Map.of());
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get("provider").toString()).contains("no refund API");
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("SUCCESS");

        String mine = newMobileMoneyPayment(m);
        Api.Response cancelled = api.post(m, "/payments/" + mine + "/cancel/", null, Map.of());
        assertThat(cancelled.json().get("status").stringValue()).isEqualTo("CANCELLED");
    }

    @Test
    void aLostMobileMoneyNotificationIsRecoveredByReconciliationAndUnpaidCodesExpire() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        String silent = newMobileMoneyPayment(m);
        String paid = newMobileMoneyPayment(m);
        fake.operator().payQuietly(paid); // paid, but the notification is lost
        clock.advance(Duration.ofSeconds(61));
        api.awaitStatus(m, paid, "SUCCESS", Duration.ofSeconds(10));
        assertThat(fake.received("GET", "/api/eWallet/v1/transactions").stream()
                        .filter(r -> ("reference=" + paid).equals(r.query())))
                .as("searched by our reference, without the operator's broken type filter")
                .isNotEmpty();
        clock.advance(Duration.ofMinutes(16));
        api.awaitStatus(m, silent, "EXPIRED", Duration.ofSeconds(10));
    }

    @Test
    void mobileMoneyTokensAreCachedRefreshedBeforeExpiryAndOnceOn401() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        fake.operator().tokenLifetime(299);
        fake.operator().revokeTokens();
        newMobileMoneyPayment(m); // 401 with the revoked token, one new token, success
        newMobileMoneyPayment(m);
        assertThat(fake.received("POST", "/oauth/v1/token")).hasSize(1);
        FakeProviders.Received token = fake.received("POST", "/oauth/v1/token").getFirst();
        assertThat(FakeOperatorForms.of(token.body()))
                .containsEntry("grant_type", "client_credentials")
                .containsEntry("client_id", FakeProviders.MM_CLIENT_ID);

        clock.advance(Duration.ofSeconds(240)); // within a minute of the token's expiry
        newMobileMoneyPayment(m);
        assertThat(fake.received("POST", "/oauth/v1/token")).hasSize(2);

        fake.operator().revokeTokens();
        newMobileMoneyPayment(m);
        assertThat(fake.received("POST", "/oauth/v1/token")).hasSize(3);
        List<FakeProviders.Received> qr = fake.received("POST", "/api/eWallet/v4/qrcode");
        assertThat(qr.stream().filter(r -> r.header("Authorization") != null)).hasSize(qr.size());
    }

    @Test
    void mobileMoneyInitiationErrorsAreNotRetriedAndLeaveNoPayment() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        String body = "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"2000\"}";
        fake.answerNext(
                "mm.qrcode", FakeOperator.businessError("/api/eWallet/v4/qrcode", "2041", "Transaction not allowed"));
        Api.Response refused = api.initiate(m, body);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get("provider").toString()).contains("Transaction not allowed (2041)");

        fake.forget();
        fake.answerNext("mm.qrcode", FakeProviders.Answer.of(502, "<html>bad gateway</html>"));
        assertThat(api.initiate(m, body).status()).isEqualTo(503);
        assertThat(fake.received("POST", "/api/eWallet/v4/qrcode")).hasSize(1); // not idempotent: no retry

        fake.answerNext("mm.qrcode", FakeProviders.Answer.slow(1500));
        assertThat(api.initiate(m, body).status()).isEqualTo(503);
        assertThat(api.get(m, "/payments/").json().get("data").size()).isZero();
    }

    @Test
    void everyExchangeIsRecordedWithSecretsRedacted() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        fake.operator().revokeTokens();
        String reference = newMobileMoneyPayment(m);
        fake.operator().pay(reference);
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
        Inbox.awaitActedOn(jdbc, clock);
        List<ProviderExchanges.Exchange> log = exchanges.forReference(reference);
        assertThat(log)
                .extracting(ProviderExchanges.Exchange::operation)
                .contains("create-qrcode", "notification", "transaction-status", "handled");
        assertThat(log).allSatisfy(e -> {
            String all = e.url() + e.requestBody() + e.responseBody() + e.outcome();
            assertThat(all)
                    .doesNotContain(FakeProviders.MM_CLIENT_SECRET)
                    .doesNotContain(FakeProviders.MM_NOTIFICATION_SECRET)
                    .doesNotContain("mm-token-")
                    .doesNotContain(FakeProviders.QR_PNG);
        });
        assertThat(log.stream()
                        .filter(e -> e.operation().equals("handled"))
                        .findFirst()
                        .orElseThrow()
                        .outcome())
                .contains("PROCESSING to SUCCESS");
    }

    @Test
    void theMerchantSeesTheProviderExchangesOnThePaymentsDetailPage() {
        String email = "live" + System.nanoTime() + "@example.com";
        Api.Merchant m = liveMerchant(api.onboardAs(email, "WALLET_SN"));
        String reference = paidWalletPayment(m);
        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        String page = portal.get("/portal/transactions/" + reference).body();
        assertThat(page)
                .contains("Provider exchanges")
                .contains("create-session")
                .contains("/v1/checkout/sessions")
                .contains("HTTP 200")
                .contains("from WALLET_SN")
                .contains("PROCESSING to SUCCESS")
                .doesNotContain(FakeProviders.WALLET_KEY);
    }

    @Test
    void aLiveRefundFromThePaymentsPageAsksForThePasswordAgainAndGoesThroughTheProvider() {
        String email = "refund" + System.nanoTime() + "@example.com";
        Api.Merchant m = liveMerchant(api.onboardAs(email, "WALLET_SN"));
        String reference = paidWalletPayment(m);
        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        String detail = portal.get("/portal/transactions/" + reference).body();
        assertThat(detail).contains("/portal/transactions/" + reference + "/refund");
        assertThat(detail).as("a SUCCESS payment cannot be cancelled").doesNotContain(reference + "/cancel\"");

        String confirm =
                portal.get("/portal/transactions/" + reference + "/refund").body();
        assertThat(confirm).contains("Refund this payment?", "XOF\u00a01,500", "name=\"password\"");
        String csrf = portal.csrfFrom("/portal/transactions/" + reference + "/refund");
        var wrong = portal.post(
                "/portal/transactions/" + reference + "/refund", Map.of("password", "not the password"), csrf);
        assertThat(wrong.statusCode()).isEqualTo(400);
        assertThat(wrong.body()).contains("Your password is not correct");
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("SUCCESS");

        fake.answerNext(
                "wallet.refund",
                FakeProviders.Answer.of(
                        400, "{\"code\":\"checkout-refund-failed\",\"message\":\"refund window closed\"}"));
        var refused =
                portal.post("/portal/transactions/" + reference + "/refund", Map.of("password", Api.PASSWORD), csrf);
        assertThat(refused.statusCode()).isEqualTo(302);
        assertThat(portal.get("/portal/transactions/" + reference).body())
                .contains("The provider refused: refund window closed");
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("SUCCESS");

        var done = portal.post("/portal/transactions/" + reference + "/refund", Map.of("password", Api.PASSWORD), csrf);
        assertThat(done.statusCode()).isEqualTo(302);
        assertThat(portal.get("/portal/transactions/" + reference).body())
                .contains("The payment is refunded.", "data-status=\"REFUNDED\"", "portal:refund");
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("REFUNDED");
        assertThat(api.notifications(m).toString()).contains("transaction.refunded");
    }

    // ---- helpers

    private String local(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }

    private Api.Merchant liveMerchant(String provider) {
        return liveMerchant(api.onboard(provider));
    }

    private Api.Merchant liveMerchant(Api.Merchant m) {
        return api.goLive(m);
    }

    private String newWalletPayment(Api.Merchant m) {
        Api.Response response = api.initiate(m, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("reference").stringValue();
    }

    private String paidWalletPayment(Api.Merchant m) {
        String reference = newWalletPayment(m);
        assertThat(fake.wallet().pay(reference).status()).isEqualTo(200);
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
        Inbox.awaitActedOn(jdbc, clock);
        return reference;
    }

    private String newMobileMoneyPayment(Api.Merchant m) {
        Api.Response response = api.initiate(m, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"3000\"}");
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("reference").stringValue();
    }

    private static String signature(byte[] body, long timestamp) {
        return FakeWallet.signature(FakeProviders.WALLET_SECRET, timestamp, body);
    }

    private static String hmac(String secret, String text) {
        try {
            var mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return java.util.HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private Api.Response walletEvent(byte[] body, String signature) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        if (signature != null) {
            headers.put("Wave-Signature", signature);
        }
        return api.sendBytes("POST", "/providers/wallet/events", headers, body);
    }

    private Api.Response mmNotification(String body, String authorization) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        if (authorization != null) {
            headers.put("Authorization", authorization);
        }
        return api.send("POST", "/providers/mobilemoney/notifications", headers, body);
    }

    private List<String> eventIds(Api.Merchant m) {
        List<String> ids = new java.util.ArrayList<>();
        api.notifications(m).forEach(n -> ids.add(n.get("event_id").stringValue()));
        return ids;
    }

    private void awaitRequests(String method, String path, int count) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            if (fake.received(method, path).size() >= count) {
                return;
            }
            Thread.onSpinWait();
        }
        assertThat(fake.received(method, path)).hasSizeGreaterThanOrEqualTo(count);
    }

    /** The token request's form, decoded. */
    private static final class FakeOperatorForms {
        static Map<String, String> of(String body) {
            Map<String, String> values = new LinkedHashMap<>();
            for (String pair : body.split("&")) {
                int eq = pair.indexOf('=');
                values.put(
                        java.net.URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
            return values;
        }
    }
}
