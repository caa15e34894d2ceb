package sn.xaalis.payout;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.provider.Provider;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;
import tools.jackson.databind.JsonNode;

/**
 * Live payouts out of a merchant's own accounts, against the fake wallet and operator over HTTP (they
 * answer as docs/providers.md records): each outcome, a lost answer settled by a read with one call in
 * all, a payout the provider never got sent again only where the provider's key makes that safe, and
 * nothing sent without an account that can send.
 */
@IntegrationTest
@WithFakeProviders(Setup.LIVE_ADAPTERS)
class LivePayoutsIT extends ApiIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();
    private static final AtomicInteger NUMBERS = new AtomicInteger(1_000_000);

    @Autowired
    MutableClock clock;

    @Autowired
    PayoutSettings settings;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    sn.xaalis.provider.ProviderPayouts providerPayouts;

    @BeforeEach
    void reset() {
        fake.useClock(clock);
        fake.forget();
        fake.installationCallbacks("http://127.0.0.1:" + port);
        // Slow answers stay slow for the whole test (only POSTs are delayed): changed mid-test, they raced it.
        fake.wallet().payouts().answerAfter(0);
        fake.operator().cashIns().answerAfter(0);
        fake.operator().cashIns().answerWith("SUCCESS");
    }

    /** A live merchant with its own wallet key and operator account, its retailer number and PIN, payouts on. */
    private record Shop(Api.Merchant merchant, String walletKey, String clientId, String retailer) {}

    private Shop shop(boolean withRetailer) {
        String n = Long.toString(System.nanoTime(), 36);
        String walletKey = "wave_sn_prod_" + n + "payouts";
        String clientId = "client-" + n;
        String secret = "client-secret-" + n + "-0123456789";
        String code = Integer.toString(300_000 + NUMBERS.incrementAndGet() % 600_000);
        String retailer = "77" + (1_000_000 + NUMBERS.incrementAndGet() % 9_000_000);
        fake.wallet().account(walletKey);
        fake.operator().account(clientId, secret, code);
        fake.operator().cashIns().retailer(clientId, retailer, "4321", 1_000_000);
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        connect(
                m,
                "WALLET_SN",
                "{\"api_key\":\"" + walletKey + "\",\"webhook_secret\":\"wave_sn_WHS_" + n
                        + "secret\",\"webhook_strategy\":\"signing\"}");
        connect(
                m,
                "MOBILEMONEY_SN",
                "{\"client_id\":\"" + clientId + "\",\"client_secret\":\"" + secret + "\",\"merchant_code\":\"" + code
                        + "\""
                        + (withRetailer
                                ? ",\"retailer_number\":\"+221 " + retailer + "\",\"retailer_pin\":\"4321\""
                                : "")
                        + "}");
        Api.Merchant live = api.goLive(m);
        settings.save(
                ApplicationId.valueOf(m.applicationId()),
                new PayoutSettings.Settings(true, new BigDecimal("5000000"), 1000, List.of()));
        return new Shop(live, walletKey, clientId, retailer);
    }

    private void connect(Api.Merchant m, String provider, String body) {
        Api.Response saved = api.admin("PUT", "/applications/" + m.applicationId() + "/connections/" + provider, body);
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        assertThat(saved.json().get("status").stringValue()).as(saved.body()).isEqualTo("connected");
    }

    private String payout(Shop shop, String provider, String phone, String amount) {
        Api.Response created = api.post(
                shop.merchant(),
                "/payouts/",
                "{\"provider\":\"" + provider + "\",\"amount\":\"" + amount + "\",\"recipient_phone\":\"" + phone
                        + "\",\"recipient_name\":\"Awa Diop\",\"reason\":\"Commission novembre\"}",
                Map.of("Idempotency-Key", "k-" + System.nanoTime()));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().get("environment").stringValue()).isEqualTo("live");
        return created.json().get("reference").stringValue();
    }

    private JsonNode awaitPayout(Shop shop, String reference, String status) {
        return PayoutTests.awaitPayout(api, shop.merchant(), reference, status, Duration.ofSeconds(10));
    }

    /** Waits until the sender has called (the payout is no longer queued), whatever the answer. */
    private void awaitSent(String reference) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            String stage = jdbc.sql("SELECT stage FROM payouts WHERE reference = :r")
                    .param("r", reference)
                    .query(String.class)
                    .single();
            if (!stage.equals("QUEUED") && !stage.equals("SENDING") || stage.equals("SENDING") && sentOnce(reference)) {
                return;
            }
            PayoutTests.sleep(50);
        }
        throw new AssertionError("payout " + reference + " was not sent in time");
    }

    private boolean sentOnce(String reference) {
        return fake.received().stream()
                .anyMatch(r -> r.method().equals("POST")
                        && (r.path().equals("/v1/payout") || r.path().equals("/api/eWallet/v1/cashins"))
                        && r.body().contains(reference));
    }

    private List<FakeProviders.Received> sends(String path, String reference) {
        return fake.received().stream()
                .filter(r -> r.method().equals("POST")
                        && r.path().equals(path)
                        && r.body().contains(reference))
                .toList();
    }

    private String webhook(String eventId) {
        return PayoutTests.webhook(jdbc, eventId);
    }

    /** Lets the check job see the payout due: past its check-after (30 s) and the reads' backoff. */
    private void later(Duration by) {
        clock.advance(by);
    }

    // ---- the wallet

    @Test
    void aSuspendedMerchantsLivePayoutsAreRefusedAtOnceUntilItIsAllowedAgain() {
        Shop shop = shop(false);
        String body = "{\"provider\":\"WALLET_SN\",\"amount\":\"1000\",\"recipient_phone\":\"+221771234567\"}";
        assertThat(api.admin("DELETE", "/merchants/" + shop.merchant().merchantId() + "/approval", null)
                        .status())
                .isEqualTo(200);
        Api.Response refused =
                api.post(shop.merchant(), "/payouts/", body, Map.of("Idempotency-Key", "k-" + System.nanoTime()));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().get("message").stringValue())
                .isEqualTo("Live payouts are suspended: the operator has withdrawn this merchant's approval");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM payouts WHERE application_id = CAST(:a AS UUID)")
                        .param("a", shop.merchant().applicationId())
                        .query(Integer.class)
                        .single())
                .isZero();

        assertThat(api.admin("POST", "/merchants/" + shop.merchant().merchantId() + "/approval", null)
                        .status())
                .isEqualTo(200);
        Api.Response allowed =
                api.post(shop.merchant(), "/payouts/", body, Map.of("Idempotency-Key", "k-" + System.nanoTime()));
        assertThat(allowed.status()).as(allowed.body()).isEqualTo(201);
    }

    @Test
    void aWalletPayoutGoesOnceUnderOurReferenceAndSucceedsWithItsFee() {
        Shop shop = shop(true);
        int before = fake.wallet().payouts().created();
        String reference = payout(shop, "WALLET_SN", "+221771234567", "5000");

        JsonNode paid = awaitPayout(shop, reference, "SUCCESS");

        assertThat(paid.get("fee").stringValue()).isEqualTo("50.00");
        List<FakeProviders.Received> sent = sends("/v1/payout", reference);
        assertThat(sent).hasSize(1);
        assertThat(sent.getFirst().header("Idempotency-Key")).isEqualTo(reference);
        assertThat(sent.getFirst().header("Authorization")).isEqualTo("Bearer " + shop.walletKey());
        JsonNode body = sent.getFirst().json();
        assertThat(body.get("client_reference").stringValue()).isEqualTo(reference);
        assertThat(body.get("receive_amount").stringValue()).isEqualTo("5000");
        assertThat(body.get("mobile").stringValue()).isEqualTo("+221771234567");
        assertThat(body.get("payment_reason").stringValue()).isEqualTo("Commission novembre");
        assertThat(fake.wallet().payouts().created() - before).isEqualTo(1);
        assertThat(webhook(reference + ":SUCCESS")).isEqualTo("payout.success");
    }

    @Test
    void aWalletFailureIsExplainedAndGivesTheCapsBack() {
        Shop shop = shop(true);
        fake.wallet()
                .payouts()
                .failFor("+221771110001", "recipient-limit-exceeded", "The recipient has reached their limit.");
        String reference = payout(shop, "WALLET_SN", "+221771110001", "7000");

        JsonNode failed = awaitPayout(shop, reference, "FAILED");

        assertThat(failed.get("failure_code").stringValue()).isEqualTo("recipient-limit-exceeded");
        assertThat(failed.get("failure_reason").stringValue()).isEqualTo("The recipient has reached their limit.");
        assertThat(webhook(reference + ":FAILED")).isEqualTo("payout.failed");
        assertThat(jdbc.sql("SELECT amount FROM payout_days WHERE application_id = :app AND environment = 'live'")
                        .param(
                                "app",
                                ApplicationId.valueOf(shop.merchant().applicationId())
                                        .value())
                        .query(BigDecimal.class)
                        .single())
                .isZero();
    }

    @Test
    void aWalletPayoutReversedLaterIsSeenAtTheNextLook() {
        Shop shop = shop(true);
        String reference = payout(shop, "WALLET_SN", "+221771110002", "3000");
        awaitPayout(shop, reference, "SUCCESS");

        fake.wallet().payouts().settle(reference, "reversed"); // the business reversed it at the wallet
        later(Duration.ofHours(6).plusSeconds(1));

        awaitPayout(shop, reference, "REVERSED");
        assertThat(webhook(reference + ":REVERSED")).isEqualTo("payout.reversed");
    }

    @Test
    void aWalletAnswerLostInATimeoutIsSettledByAReadWithOneCallInAll() {
        Shop shop = shop(true);
        fake.wallet().payouts().answerAfter(1500); // past the 0.5 s read timeout: made, answer lost
        String reference = payout(shop, "WALLET_SN", "+221771110003", "4000");
        awaitSent(reference);
        assertThat(api.get(shop.merchant(), "/payouts/" + reference + "/")
                        .json()
                        .get("status")
                        .stringValue())
                .isEqualTo("PROCESSING");

        later(Duration.ofSeconds(31));

        awaitPayout(shop, reference, "SUCCESS");
        assertThat(sends("/v1/payout", reference)).as("one payout call in all").hasSize(1);
        assertThat(fake.received().stream()
                        .filter(r -> r.path().equals("/v1/payouts/search")
                                && r.query().contains(reference)))
                .isNotEmpty();
    }

    @Test
    void aWalletPayoutThatNeverArrivedIsSentAgainUnderTheSameKeyOnly() {
        Shop shop = shop(true);
        fake.answerNext("wallet.payout", FakeProviders.Answer.of(503, "{\"code\":\"service-unavailable\"}"));
        int before = fake.wallet().payouts().created();
        String reference = payout(shop, "WALLET_SN", "+221771110004", "2500");
        awaitSent(reference);

        later(Duration.ofSeconds(31)); // the search finds nothing: the wallet never made it

        awaitPayout(shop, reference, "SUCCESS");
        List<FakeProviders.Received> sent = sends("/v1/payout", reference);
        assertThat(sent).hasSize(2);
        assertThat(sent).allMatch(r -> reference.equals(r.header("Idempotency-Key")));
        assertThat(fake.wallet().payouts().created() - before).isEqualTo(1);
    }

    // ---- the operator

    @Test
    void aCashInGoesFromTheRetailerAccountWithItsPinEncrypted() {
        Shop shop = shop(true);
        BigDecimal balance = fake.operator().cashIns().balance(shop.retailer());
        String reference = payout(shop, "MOBILEMONEY_SN", "+221781234567", "6000");

        JsonNode paid = awaitPayout(shop, reference, "SUCCESS");

        assertThat(paid.get("fee").isNull()).isTrue();
        List<FakeProviders.Received> sent = sends("/api/eWallet/v1/cashins", reference);
        assertThat(sent).hasSize(1);
        JsonNode body = sent.getFirst().json();
        assertThat(body.get("partner").get("id").stringValue()).isEqualTo(shop.retailer());
        assertThat(body.get("partner").get("encryptedPinCode").stringValue())
                .hasSize(344)
                .doesNotContain("4321");
        assertThat(body.get("customer").get("id").stringValue()).isEqualTo("781234567");
        assertThat(body.get("amount").get("value").asInt()).isEqualTo(6000);
        assertThat(body.get("amount").get("unit").stringValue()).isEqualTo("XOF");
        assertThat(body.get("reference").stringValue()).isEqualTo(reference);
        assertThat(body.get("receiveNotification").asBoolean()).isTrue();
        assertThat(fake.operator().cashIns().balance(shop.retailer()))
                .isEqualByComparingTo(balance.subtract(new BigDecimal("6000")));
        String logged = jdbc.sql(
                        "SELECT request_body FROM provider_exchanges WHERE reference = :r AND operation = 'send-cash-in'")
                .param("r", reference)
                .query(String.class)
                .single();
        assertThat(logged)
                .contains("\"encryptedPinCode\":\"[redacted]\"")
                .doesNotContain(body.get("partner").get("encryptedPinCode").stringValue());
        assertThat(webhook(reference + ":SUCCESS")).isEqualTo("payout.success");
    }

    @Test
    void theBalanceIsReadFromTheApplicationsOwnAccountsWithThePinEncrypted() {
        Shop shop = shop(true);
        fake.wallet().payouts().balance(shop.walletKey(), 250_000);
        ApplicationId app = ApplicationId.valueOf(shop.merchant().applicationId());

        assertThat(providerPayouts.balance(app, Provider.WALLET_SN))
                .hasValueSatisfying(b -> assertThat(b).isEqualByComparingTo("250000"));
        assertThat(providerPayouts.balance(app, Provider.MOBILEMONEY_SN))
                .hasValueSatisfying(b -> assertThat(b).isEqualByComparingTo("1000000"));
        // Two reads: the PIN tried once when the connection was saved (issue 47), then this one.
        List<String> logged = jdbc.sql(
                        "SELECT request_body FROM provider_exchanges WHERE operation = 'retailer-balance'"
                                + " AND request_body LIKE :retailer")
                .param("retailer", "%" + shop.retailer() + "%")
                .query(String.class)
                .list();
        assertThat(logged).hasSize(2).allSatisfy(body -> assertThat(body)
                .contains("\"encryptedPinCode\":\"[redacted]\"")
                .doesNotContain("4321"));

        // Without a retailer account, the operator's side has no balance to show; nothing is asked.
        Shop noRetailer = shop(false);
        assertThat(providerPayouts.balance(
                        ApplicationId.valueOf(noRetailer.merchant().applicationId()), Provider.MOBILEMONEY_SN))
                .isEmpty();
    }

    @Test
    void aPendingCashInIsSettledByAStatusRead() {
        Shop shop = shop(true);
        fake.operator().cashIns().answerWith("PENDING");
        String reference = payout(shop, "MOBILEMONEY_SN", "+221781110001", "1500");
        String transactionId = awaitProviderReference(reference); // the PENDING answer is in
        fake.operator().cashIns().answerWith("SUCCESS");
        fake.operator().settle(transactionId, "SUCCESS");

        later(Duration.ofSeconds(31));

        awaitPayout(shop, reference, "SUCCESS");
        assertThat(sends("/api/eWallet/v1/cashins", reference)).hasSize(1);
        assertThat(fake.received().stream()
                        .filter(r -> r.path().equals("/api/eWallet/v1/transactions/" + transactionId + "/status")))
                .as("settled by reading the transaction's status")
                .isNotEmpty();
    }

    @Test
    void aCashInAnswerLostInATimeoutIsFoundByOurReference() {
        Shop shop = shop(true);
        fake.operator().cashIns().answerAfter(1500);
        String reference = payout(shop, "MOBILEMONEY_SN", "+221781110002", "2000");
        awaitSent(reference);

        later(Duration.ofSeconds(31));

        awaitPayout(shop, reference, "SUCCESS");
        assertThat(sends("/api/eWallet/v1/cashins", reference))
                .as("one cash-in call in all")
                .hasSize(1);
    }

    @Test
    void aCashInRefusedFailsWithTheOperatorsCode() {
        Shop shop = shop(true);
        String reference = payout(shop, "MOBILEMONEY_SN", "+221781110003", "1500000"); // over the retailer's balance

        JsonNode failed = awaitPayout(shop, reference, "FAILED");

        assertThat(failed.get("failure_code").stringValue()).isEqualTo("2020");
        assertThat(failed.get("failure_reason").stringValue()).contains("Balance insufficient");
    }

    @Test
    void aCashInRefusedForItsCredentialsFailsWithItsReasonInsteadOfWaitingForReview() {
        Shop shop = shop(true);
        // 401 to the cash-in, and again after a fresh token; 403 at once: the operator moved nothing.
        fake.answerNext("mm.cashin", FakeProviders.Answer.of(401, problem(401, "Unauthorized", "10", UNAUTHORIZED)));
        fake.answerNext("mm.cashin", FakeProviders.Answer.of(401, problem(401, "Unauthorized", "10", UNAUTHORIZED)));
        String unauthorized = payout(shop, "MOBILEMONEY_SN", "+221781110007", "1000");
        JsonNode failed = awaitPayout(shop, unauthorized, "FAILED");
        assertThat(failed.get("failure_code").stringValue()).isEqualTo("10");
        assertThat(failed.get("failure_reason").stringValue())
                .contains("refused this account's credentials", UNAUTHORIZED);
        assertThat(webhook(unauthorized + ":FAILED")).isEqualTo("payout.failed");

        fake.answerNext("mm.cashin", FakeProviders.Answer.of(403, problem(403, "Forbidden", "11", "Access forbidden")));
        String forbidden = payout(shop, "MOBILEMONEY_SN", "+221781110008", "1000");
        JsonNode refused = awaitPayout(shop, forbidden, "FAILED");
        assertThat(refused.get("failure_code").stringValue()).isEqualTo("11");
        assertThat(refused.get("failure_reason").stringValue())
                .contains("refused this account's credentials", "Access forbidden");
        assertThat(webhook(forbidden + ":FAILED")).isEqualTo("payout.failed");
        assertThat(sends("/api/eWallet/v1/cashins", forbidden)).hasSize(1);
    }

    private static final String UNAUTHORIZED = "Full authentication is required to access this resource";

    /** The operator's problem details (docs/providers.md §3.4). */
    private static String problem(int status, String title, String code, String detail) {
        return "{\"type\":\"https://developers.orange-sonatel.com/documentation/errors/"
                + title.toLowerCase(java.util.Locale.ROOT) + "\",\"title\":\"" + title
                + "\",\"instance\":\"/api/eWallet/v1/cashins\",\"status\":\"" + status + "\",\"code\":\"" + code
                + "\",\"detail\":\"" + detail + "\"}";
    }

    @Test
    void aCashInTheOperatorCannotFindIsNeverSentAgainButLeftForReview() {
        Shop shop = shop(true);
        fake.answerNext("mm.cashin", FakeProviders.Answer.of(503, "{}"));
        String reference = payout(shop, "MOBILEMONEY_SN", "+221781110004", "1000");
        awaitSent(reference);

        for (int look = 0; look < 3; look++) {
            later(Duration.ofMinutes(31));
            PayoutTests.sleep(400);
        }

        JsonNode review = awaitPayout(shop, reference, "NEEDS_REVIEW");
        assertThat(review.get("failure_reason").stringValue()).contains("not sent again");
        assertThat(sends("/api/eWallet/v1/cashins", reference)).hasSize(1);
        assertThat(webhook(reference + ":NEEDS_REVIEW")).isNull();
    }

    // ---- no account, no payout

    @Test
    void livePayoutsNeedTheApplicationsOwnAccountThatCanSend() {
        Shop shop = shop(false);
        Api.Response cashIn = api.post(
                shop.merchant(),
                "/payouts/",
                "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"1000\",\"recipient_phone\":\"+221781110005\"}",
                Map.of("Idempotency-Key", "no-retailer"));
        assertThat(cashIn.status()).as(cashIn.body()).isEqualTo(503);
        assertThat(cashIn.body()).contains("retailer number and PIN");

        Api.Merchant installationOnly = api.goLive(api.onboard("WALLET_SN"));
        settings.save(
                ApplicationId.valueOf(installationOnly.applicationId()),
                new PayoutSettings.Settings(true, new BigDecimal("5000000"), 1000, List.of()));
        Api.Response wallet = api.post(
                installationOnly,
                "/payouts/",
                "{\"provider\":\"WALLET_SN\",\"amount\":\"1000\",\"recipient_phone\":\"+221781110006\"}",
                Map.of("Idempotency-Key", "no-account"));
        assertThat(wallet.status()).as(wallet.body()).isEqualTo(503);
        assertThat(wallet.body()).contains("own account");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM payouts WHERE application_id = :app")
                        .param(
                                "app",
                                ApplicationId.valueOf(installationOnly.applicationId())
                                        .value())
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    private String awaitProviderReference(String reference) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            String id = jdbc.sql("SELECT provider_reference FROM payouts WHERE reference = :r")
                    .param("r", reference)
                    .query(String.class)
                    .optional()
                    .orElse(null);
            if (id != null) {
                return id;
            }
            PayoutTests.sleep(50);
        }
        throw new AssertionError("no provider reference for " + reference);
    }
}
