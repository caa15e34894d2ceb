package sn.xaalis.provider;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import sn.xaalis.provider.live.WalletProvider;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.Metrics;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PortalSession;
import tools.jackson.databind.JsonNode;

/** Both live adapters against fake provider servers over real HTTP (issue 5). */
@IntegrationTest
class LiveProvidersIT extends ApiIntegrationTest {

    static final FakeProviders fake = new FakeProviders();

    @DynamicPropertySource
    static void providers(DynamicPropertyRegistry registry) {
        registry.add("xaalis.live.allow-embedded-database", () -> "true");
        registry.add("xaalis.providers.wallet.base-url", fake::baseUrl);
        registry.add("xaalis.providers.wallet.api-key", () -> FakeProviders.WALLET_KEY);
        registry.add("xaalis.providers.wallet.webhook-secret", () -> FakeProviders.WALLET_SECRET);
        registry.add("xaalis.providers.mobilemoney.base-url", fake::baseUrl);
        registry.add("xaalis.providers.mobilemoney.client-id", () -> FakeProviders.MM_CLIENT_ID);
        registry.add("xaalis.providers.mobilemoney.client-secret", () -> FakeProviders.MM_CLIENT_SECRET);
        registry.add("xaalis.providers.mobilemoney.merchant-code", () -> FakeProviders.MM_MERCHANT_CODE);
        registry.add("xaalis.providers.mobilemoney.notification-secret", () -> FakeProviders.MM_NOTIFICATION_SECRET);
        registry.add("xaalis.providers.http.read-timeout", () -> "PT0.5S");
        registry.add("xaalis.providers.http.circuit-failures", () -> "6");
        registry.add("xaalis.providers.http.circuit-open-for", () -> "PT30S");
        registry.add("xaalis.payments.reconcile-after", () -> "PT1M");
        registry.add("xaalis.payments.expiry-grace", () -> "PT5M");
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    @Autowired
    MutableClock clock;

    @Autowired
    ProviderExchanges exchanges;

    @Autowired
    org.springframework.boot.logging.LoggingSystem logging;

    @BeforeEach
    void reset() {
        fake.useClock(clock);
        fake.forget();
        fake.walletDown(false);
        fake.walletExpiresAt(null);
    }

    // ---- metrics

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
        fake.walletDown(true);
        assertThat(api.initiate(m, body).status()).isEqualTo(503);
        fake.walletDown(false);
        assertThat(api.initiate(m, body).status()).isEqualTo(201);

        Metrics after = Metrics.scrape(api);
        assertThat(after.sum("xaalis_provider_calls_seconds_count", ok)
                        - before.sum("xaalis_provider_calls_seconds_count", ok))
                .as("two creations (background reconciliation may add lookups)")
                .isGreaterThanOrEqualTo(2);
        assertThat(after.sum("xaalis_provider_calls_seconds_count", failed)
                        - before.sum("xaalis_provider_calls_seconds_count", failed))
                .as("the failed creation and its one retry")
                .isGreaterThanOrEqualTo(2);
        assertThat(after.has("xaalis_provider_calls_seconds_bucket")).isTrue();
        assertThat(after.sum("xaalis_payment_initiations_total", unavailable)
                        - before.sum("xaalis_payment_initiations_total", unavailable))
                .isEqualTo(1);
        assertThat(after.text()).as("no URL as a tag value").doesNotContain(fake.baseUrl());
    }

    @Test
    @org.junit.jupiter.api.extension.ExtendWith(org.springframework.boot.test.system.OutputCaptureExtension.class)
    void providerCredentialsNeverReachTheLogs(org.springframework.boot.test.system.CapturedOutput output) {
        List<String> verbose = List.of("sn.xaalis", "org.springframework.web", "org.springframework.security");
        verbose.forEach(logger -> logging.setLogLevel(logger, org.springframework.boot.logging.LogLevel.DEBUG));
        try {
            Api.Merchant wallet = liveMerchant("WALLET_SN");
            Api.Response created = api.initiate(wallet, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");
            assertThat(created.status()).isEqualTo(201);
            String sessionId =
                    "cos-" + sessionNumber(created.json().get("reference").stringValue());
            byte[] event = completedEvent("evt-logs", fake.completeSession(sessionId));
            assertThat(walletEvent(event, signature(event, clock.instant().getEpochSecond()))
                            .status())
                    .isEqualTo(200);

            Api.Merchant mm = liveMerchant("MOBILEMONEY_SN");
            Api.Response qr = api.initiate(mm, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":2000}");
            assertThat(qr.status()).isEqualTo(201);
            String reference = qr.json().get("reference").stringValue();
            fake.transactionStatus("MP-1-" + reference, "SUCCESS");
            assertThat(mmNotification(
                                    reference,
                                    "MP-1-" + reference,
                                    "SUCCESS",
                                    2000,
                                    FakeProviders.MM_NOTIFICATION_SECRET)
                            .status())
                    .isEqualTo(200);
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
    void walletInitiationOpensACheckoutSessionAndASignedEventCompletesIt() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        Instant walletDeadline =
                clock.instant().plus(Duration.ofMinutes(5)).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        fake.walletExpiresAt(walletDeadline);
        Api.Response created = api.initiate(
                m, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\",\"success_url\":\"https://shop.example/ok\"}");
        assertThat(created.status()).isEqualTo(201);
        JsonNode payment = created.json();
        String reference = payment.get("reference").stringValue();

        FakeProviders.Received request =
                fake.received("POST", "/v1/checkout/sessions").getFirst();
        assertThat(request.header("Authorization")).isEqualTo("Bearer " + FakeProviders.WALLET_KEY);
        assertThat(request.header("Idempotency-Key")).isEqualTo(reference);
        JsonNode body = request.json();
        assertThat(body.get("amount").stringValue()).isEqualTo("1500");
        assertThat(body.get("currency").stringValue()).isEqualTo("XOF");
        assertThat(body.get("client_reference").stringValue()).isEqualTo(reference);
        assertThat(body.get("success_url").stringValue()).isEqualTo("https://shop.example/ok");
        assertThat(body.get("error_url").stringValue()).endsWith("/return/" + reference);

        String sessionId = "cos-" + sessionNumber(reference);
        String launch = fake.session(sessionId).get("wave_launch_url").stringValue();
        assertThat(payment.get("deep_links").get("WALLET").stringValue()).isEqualTo(launch);
        assertThat(payment.get("qr_code").stringValue()).isNotBlank();
        assertThat(Instant.parse(payment.get("expires_at").stringValue())).isEqualTo(walletDeadline);

        byte[] event = completedEvent("evt-1", fake.completeSession(sessionId));
        Api.Response accepted =
                walletEvent(event, signature(event, clock.instant().getEpochSecond()));
        assertThat(accepted.status()).isEqualTo(200);
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("SUCCESS");
        assertThat(eventIds(m)).contains(reference + ":SUCCESS");

        // The same event again (providers retry): acknowledged, nothing changes twice.
        assertThat(walletEvent(event, signature(event, clock.instant().getEpochSecond()))
                        .status())
                .isEqualTo(200);
        assertThat(eventIds(m).stream().filter(id -> id.equals(reference + ":SUCCESS")))
                .hasSize(1);
    }

    @Test
    void walletPaymentFailedEventFailsThePaymentWithTheProvidersMessage() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = newWalletPayment(m);
        var session = fake.session("cos-" + sessionNumber(reference));
        session.putObject("last_payment_error")
                .put("code", "insufficient-funds")
                .put("message", "Solde insuffisant");
        byte[] event = event("evt-f", "checkout.session.payment_failed", session);
        assertThat(walletEvent(event, signature(event, clock.instant().getEpochSecond()))
                        .status())
                .isEqualTo(200);
        JsonNode status = api.status(m, reference).json();
        assertThat(status.get("status").stringValue()).isEqualTo("FAILED");
        assertThat(status.get("error_message").stringValue()).isEqualTo("Solde insuffisant");
    }

    @Test
    void unsignedForgedAndReplayedWalletEventsAreRejectedAndChangeNothing() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = newWalletPayment(m);
        byte[] event = completedEvent("evt-x", fake.completeSession("cos-" + sessionNumber(reference)));
        long now = clock.instant().getEpochSecond();

        Api.Response unsigned = walletEvent(event, null);
        assertThat(unsigned.status()).isEqualTo(401);
        assertThat(unsigned.json().get("errors").isObject()).isTrue();
        assertThat(walletEvent(event, "t=" + now + ",v1=" + "0".repeat(64)).status())
                .isEqualTo(401);
        String forged = WalletProvider.sign("not-the-secret", now, event);
        assertThat(walletEvent(event, "t=" + now + ",v1=" + forged).status()).isEqualTo(401);
        byte[] tampered = new String(event, StandardCharsets.UTF_8)
                .replace("\"1500\"", "\"15\"")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(walletEvent(tampered, signature(event, now)).status()).isEqualTo(401);
        // A captured, correctly signed event replayed after the tolerance window.
        assertThat(walletEvent(event, signature(event, now - 301)).status()).isEqualTo(401);
        // Ahead of time: a few seconds beyond the tolerance, as real time moves on during the test.
        assertThat(walletEvent(event, signature(event, now + 305)).status()).isEqualTo(401);

        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("PROCESSING");
        assertThat(eventIds(m)).isEmpty();
    }

    @Test
    void walletCancelExpiresTheSessionAndARefusalIsExplained() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = newWalletPayment(m);
        Api.Response cancelled = api.post(m, "/payments/" + reference + "/cancel/", null, Map.of());
        assertThat(cancelled.status()).isEqualTo(200);
        assertThat(cancelled.json().get("status").stringValue()).isEqualTo("CANCELLED");
        assertThat(fake.received("POST", "/v1/checkout/sessions/cos-" + sessionNumber(reference) + "/expire"))
                .hasSize(1);

        // The customer paid in the meantime: the wallet refuses, we say why and keep the payment open.
        String paid = newWalletPayment(m);
        fake.completeSession("cos-" + sessionNumber(paid));
        Api.Response refused = api.post(m, "/payments/" + paid + "/cancel/", null, Map.of());
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get("provider").toString()).contains("already complete");
        assertThat(api.status(m, paid).json().get("status").stringValue()).isEqualTo("PROCESSING");
    }

    @Test
    void walletRefundGoesThroughTheProviderAndAFailureCanBeRetried() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        fake.answerNext("wallet.refund", FakeProviders.Answer.of(400, "{\"message\":\"refund window closed\"}"));
        String other = paidWalletPayment(m);
        Api.Response refused = api.post(m, "/payments/" + other + "/refund/", null, Map.of());
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get("provider").toString()).contains("refund window closed");
        assertThat(api.status(m, other).json().get("status").stringValue()).isEqualTo("SUCCESS");

        Api.Response refunded = api.post(m, "/payments/" + other + "/refund/", null, Map.of());
        assertThat(refunded.status()).isEqualTo(200);
        assertThat(refunded.json().get("status").stringValue()).isEqualTo("REFUNDED");
        assertThat(fake.received("POST", "/v1/checkout/sessions/cos-" + sessionNumber(other) + "/refund"))
                .hasSize(2);
    }

    @Test
    void walletRefundUnreachableIs503AndLeavesThePaymentRefundableLater() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = paidWalletPayment(m);
        fake.walletDown(true);
        Api.Response unavailable = api.post(m, "/payments/" + reference + "/refund/", null, Map.of());
        assertThat(unavailable.status()).isEqualTo(503);
        assertThat(unavailable.json().get("message").stringValue()).contains("WALLET_SN");
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("SUCCESS");
        fake.walletDown(false);
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
                FakeProviders.Answer.of(400, "{\"code\":\"invalid-amount\",\"message\":\"Amount below minimum\"}"));
        Api.Response refused = api.initiate(m, body);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get("provider").toString()).contains("Amount below minimum");

        fake.walletDown(true);
        Api.Response down = api.initiate(m, body);
        assertThat(down.status()).isEqualTo(503);
        assertThat(down.json().get("errors").isObject()).isTrue();
        fake.walletDown(false);

        assertThat(api.get(m, "/payments/").json().get("data").size()).isZero();

        // A timed-out creation is retried once with the same Idempotency-Key: safe, one session at most.
        fake.forget();
        fake.answerNext("wallet.create", FakeProviders.Answer.slow(1500));
        Api.Response retried = api.initiate(m, body);
        assertThat(retried.status()).isEqualTo(201);
        List<FakeProviders.Received> attempts = fake.received("POST", "/v1/checkout/sessions");
        assertThat(attempts).hasSize(2);
        assertThat(attempts.get(1).header("Idempotency-Key"))
                .isEqualTo(attempts.get(0).header("Idempotency-Key"));

        Api.Response fraction = api.initiate(m, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500.50\"}");
        assertThat(fraction.status()).isEqualTo(400);
        assertThat(fraction.json().get("errors").get("provider").toString()).contains("whole XOF");
        assertThat(api.get(m, "/payments/").json().get("data").size()).isEqualTo(1);
    }

    @Test
    void aTimeoutOnEveryAttemptIs503() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        fake.answerNext("wallet.create", FakeProviders.Answer.slow(1500));
        fake.answerNext("wallet.create", FakeProviders.Answer.slow(1500));
        Api.Response response = api.initiate(m, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");
        assertThat(response.status()).isEqualTo(503);
        assertThat(response.json().get("message").stringValue()).contains("timed out");
        assertThat(api.get(m, "/payments/").json().get("data").size()).isZero();
    }

    @Test
    void expiryAsksTheWalletFirstAndClosesItsSession() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String open = newWalletPayment(m);
        String paid = newWalletPayment(m);
        fake.completeSession("cos-" + sessionNumber(paid));
        clock.advance(Duration.ofMinutes(16));
        api.awaitStatus(m, open, "EXPIRED", Duration.ofSeconds(10));
        api.awaitStatus(m, paid, "SUCCESS", Duration.ofSeconds(10));
        awaitRequests("POST", "/v1/checkout/sessions/cos-" + sessionNumber(open) + "/expire", 1);
        assertThat(fake.session("cos-" + sessionNumber(open))
                        .get("checkout_status")
                        .stringValue())
                .isEqualTo("expired");
    }

    @Test
    void aLostCallbackIsRecoveredByReconciliation() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        String reference = newWalletPayment(m);
        fake.completeSession("cos-" + sessionNumber(reference)); // and the wallet's event never arrives
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
        var session = fake.session("cos-" + sessionNumber(reference));
        session.put("checkout_status", "complete").put("payment_status", "succeeded");
        byte[] event = completedEvent("evt-late", session);
        assertThat(walletEvent(event, signature(event, clock.instant().getEpochSecond()))
                        .status())
                .isEqualTo(200);
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("SUCCESS");
        assertThat(eventIds(m)).contains(reference + ":EXPIRED", reference + ":SUCCESS");
    }

    @Test
    void aFailingProviderOpensItsCircuitAndCallsFailFast() {
        Api.Merchant m = liveMerchant("WALLET_SN");
        fake.walletDown(true);
        String body = "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}";
        for (int i = 0; i < 3; i++) {
            assertThat(api.initiate(m, body).status()).isEqualTo(503); // two attempts each
        }
        int calls = fake.received("POST", "/v1/checkout/sessions").size();
        Api.Response fast = api.initiate(m, body);
        assertThat(fast.status()).isEqualTo(503);
        assertThat(fast.json().get("message").stringValue()).contains("circuit open");
        assertThat(fake.received("POST", "/v1/checkout/sessions")).hasSize(calls);

        // After the open period one trial goes through; a success closes the circuit again.
        fake.walletDown(false);
        clock.advance(Duration.ofSeconds(31));
        assertThat(api.initiate(m, body).status()).isEqualTo(201);
        assertThat(api.initiate(m, body).status()).isEqualTo(201);
    }

    // ---- MOBILEMONEY_SN

    @Test
    void mobileMoneyInitiationCreatesAQrCodeAndAConfirmedNotificationCompletesIt() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        Api.Response created = api.initiate(m, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":2000}");
        assertThat(created.status()).isEqualTo(201);
        JsonNode payment = created.json();
        String reference = payment.get("reference").stringValue();
        FakeProviders.Received qr =
                fake.received("POST", "/api/eWallet/v4/qrcode").getFirst();
        assertThat(qr.header("Authorization")).startsWith("Bearer mm-token-");
        JsonNode body = qr.json();
        assertThat(body.get("amount").get("unit").stringValue()).isEqualTo("XOF");
        assertThat(body.get("amount").get("value").asLong()).isEqualTo(2000);
        assertThat(body.get("code").stringValue()).isEqualTo(FakeProviders.MM_MERCHANT_CODE);
        assertThat(body.get("name").stringValue()).isEqualTo("Shop");
        assertThat(body.get("metadata").get("reference").stringValue()).isEqualTo(reference);
        assertThat(body.get("validity").asLong()).isBetween(1L, 86_400L);
        assertThat(body.get("callbackSuccessUrl").stringValue()).isNotBlank();
        assertThat(body.get("callbackCancelUrl").stringValue()).isNotBlank();

        String qrId = payment.get("deep_links").get("MM").stringValue().substring("om://pay/".length());
        assertThat(payment.get("deep_links").get("APP2").stringValue()).isEqualTo("maxit://pay/" + qrId);
        assertThat(payment.get("qr_code").stringValue()).isEqualTo(FakeProviders.QR_PNG);

        fake.transactionStatus("MP-1-" + reference, "SUCCESS");
        Api.Response accepted =
                mmNotification(reference, "MP-1-" + reference, "SUCCESS", 2000, FakeProviders.MM_NOTIFICATION_SECRET);
        assertThat(accepted.status()).isEqualTo(200);
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("SUCCESS");
        assertThat(fake.received("GET", "/api/eWallet/v1/transactions/MP-1-" + reference + "/status"))
                .hasSize(1);
    }

    @Test
    void aMobileMoneyNotificationIsConfirmedWithTheOperatorBeforeAnythingChanges() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        String reference = newMobileMoneyPayment(m);
        String tx = "MP-2-" + reference;
        fake.transactionStatus(tx, "PENDING");
        // The body claims success; the operator says pending: the body is not believed.
        assertThat(mmNotification(reference, tx, "SUCCESS", 3000, FakeProviders.MM_NOTIFICATION_SECRET)
                        .status())
                .isEqualTo(200);
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("PROCESSING");

        assertThat(mmNotification(reference, tx, "SUCCESS", 3000, "wrong-secret")
                        .status())
                .isEqualTo(401);
        assertThat(mmNotification(reference, tx, "SUCCESS", 3000, null).status())
                .isEqualTo(401);

        fake.transactionStatus(tx, "REJECTED");
        assertThat(mmNotification(reference, tx, "REJECTED", 3000, FakeProviders.MM_NOTIFICATION_SECRET)
                        .status())
                .isEqualTo(200);
        JsonNode status = api.status(m, reference).json();
        assertThat(status.get("status").stringValue()).isEqualTo("FAILED");
        assertThat(status.get("error_message").stringValue()).contains("REJECTED");
    }

    @Test
    void aMobileMoneyCancellationAtTheOperatorCancelsThePayment() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        String reference = newMobileMoneyPayment(m);
        fake.transactionStatus("MP-3-" + reference, "CANCELLED");
        mmNotification(reference, "MP-3-" + reference, "CANCELLED", 3000, FakeProviders.MM_NOTIFICATION_SECRET);
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("CANCELLED");

        String mine = newMobileMoneyPayment(m);
        Api.Response cancelled = api.post(m, "/payments/" + mine + "/cancel/", null, Map.of());
        assertThat(cancelled.json().get("status").stringValue()).isEqualTo("CANCELLED");
    }

    @Test
    void mobileMoneyRefundsAreRefusedWithTheReason() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        String reference = newMobileMoneyPayment(m);
        fake.transactionStatus("MP-4-" + reference, "SUCCESS");
        mmNotification(reference, "MP-4-" + reference, "SUCCESS", 3000, FakeProviders.MM_NOTIFICATION_SECRET);
        Api.Response refused = api.post(m, "/payments/" + reference + "/refund/", null, Map.of());
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get("provider").toString()).contains("no refund API");
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("SUCCESS");
    }

    @Test
    void mobileMoneyPaymentsExpireAndAPendingTransactionIsAskedAbout() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        String silent = newMobileMoneyPayment(m);
        String pending = newMobileMoneyPayment(m);
        fake.transactionStatus("MP-5-" + pending, "PENDING");
        mmNotification(pending, "MP-5-" + pending, "PENDING", 3000, FakeProviders.MM_NOTIFICATION_SECRET);
        fake.transactionStatus("MP-5-" + pending, "SUCCESS"); // paid, but the final notification is lost
        clock.advance(Duration.ofMinutes(16));
        api.awaitStatus(m, silent, "EXPIRED", Duration.ofSeconds(10));
        api.awaitStatus(m, pending, "SUCCESS", Duration.ofSeconds(10));
    }

    @Test
    void mobileMoneyTokensAreCachedRefreshedBeforeExpiryAndOnceOn401() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        fake.tokenLifetime(600);
        fake.revokeTokens();
        newMobileMoneyPayment(m); // 401 with the revoked token, one refresh, success
        newMobileMoneyPayment(m);
        assertThat(fake.received("POST", "/oauth/v1/token")).hasSize(1);

        clock.advance(Duration.ofSeconds(541)); // within a minute of the token's expiry
        newMobileMoneyPayment(m);
        assertThat(fake.received("POST", "/oauth/v1/token")).hasSize(2);

        fake.revokeTokens();
        newMobileMoneyPayment(m);
        assertThat(fake.received("POST", "/oauth/v1/token")).hasSize(3);
        List<FakeProviders.Received> qr = fake.received("POST", "/api/eWallet/v4/qrcode");
        assertThat(qr.stream().filter(r -> r.header("Authorization") != null)).hasSize(qr.size());
    }

    @Test
    void mobileMoneyInitiationErrorsAreNotRetriedAndLeaveNoPayment() {
        Api.Merchant m = liveMerchant("MOBILEMONEY_SN");
        String body = "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"2000\"}";
        fake.answerNext("mm.qrcode", FakeProviders.Answer.of(422, "{\"message\":\"Merchant code suspended\"}"));
        Api.Response refused = api.initiate(m, body);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get("provider").toString()).contains("Merchant code suspended");

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
        fake.revokeTokens();
        String reference = newMobileMoneyPayment(m);
        fake.transactionStatus("MP-6-" + reference, "SUCCESS");
        mmNotification(reference, "MP-6-" + reference, "SUCCESS", 3000, FakeProviders.MM_NOTIFICATION_SECRET);
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
                .contains("HTTP 201")
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

        fake.answerNext("wallet.refund", FakeProviders.Answer.of(400, "{\"message\":\"refund window closed\"}"));
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
        byte[] event = completedEvent("evt-" + reference, fake.completeSession("cos-" + sessionNumber(reference)));
        assertThat(walletEvent(event, signature(event, clock.instant().getEpochSecond()))
                        .status())
                .isEqualTo(200);
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("SUCCESS");
        return reference;
    }

    private String newMobileMoneyPayment(Api.Merchant m) {
        Api.Response response = api.initiate(m, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"3000\"}");
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("reference").stringValue();
    }

    /** The fake numbers sessions in order; find the one whose client_reference is ours. */
    private static int sessionNumber(String reference) {
        for (int i = 1; i < 10_000; i++) {
            var session = fake.session("cos-" + i);
            if (session != null && session.get("client_reference").stringValue().equals(reference)) {
                return i;
            }
        }
        throw new AssertionError("no wallet session for " + reference);
    }

    private static byte[] completedEvent(String id, JsonNode session) {
        return event(id, "checkout.session.completed", session);
    }

    private static byte[] event(String id, String type, JsonNode session) {
        return ("{\"id\":\"" + id + "\",\"type\":\"" + type + "\",\"data\":" + session + "}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static String signature(byte[] body, long timestamp) {
        return "t=" + timestamp + ",v1=" + WalletProvider.sign(FakeProviders.WALLET_SECRET, timestamp, body);
    }

    private Api.Response walletEvent(byte[] body, String signature) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        if (signature != null) {
            headers.put("Wave-Signature", signature);
        }
        return api.sendBytes("POST", "/providers/wallet/events", headers, body);
    }

    private Api.Response mmNotification(
            String reference, String transactionId, String status, long amount, String secret) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        if (secret != null) {
            headers.put("X-Notification-Secret", secret);
        }
        String body = "{\"transactionId\":\"" + transactionId + "\",\"status\":\"" + status
                + "\",\"amount\":{\"unit\":\"XOF\",\"value\":" + amount + "},\"metadata\":{\"reference\":\""
                + reference + "\"}}";
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
}
