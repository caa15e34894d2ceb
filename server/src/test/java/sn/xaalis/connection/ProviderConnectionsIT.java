package sn.xaalis.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.FakeOperator;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.FakeWallet;
import sn.xaalis.support.Inbox;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.TestDatabase;
import tools.jackson.databind.JsonNode;

/**
 * Merchants collecting into their own provider accounts (D26): connections saved and set up through the
 * operator API, payments opened with each merchant's credentials, events verified with each connection's
 * secret at its own address, and nothing a connection's address says reaching another application.
 */
@IntegrationTest
class ProviderConnectionsIT extends ApiIntegrationTest {

    static final FakeProviders fake = new FakeProviders();

    @DynamicPropertySource
    static void providers(DynamicPropertyRegistry registry) {
        // The installation's own accounts stay the default for applications without theirs.
        fake.installationAccounts(registry);
        registry.add("xaalis.payments.reconcile-after", () -> "PT1M");
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    LoggingSystem logging;

    @Autowired
    ConnectionUpkeep upkeep;

    /** One merchant's own accounts at both providers. */
    record Accounts(String walletKey, String webhookSecret, String clientId, String clientSecret, String code) {
        private static final java.util.concurrent.atomic.AtomicInteger CODES =
                new java.util.concurrent.atomic.AtomicInteger(200_000);

        static Accounts fresh() {
            String n = Long.toString(System.nanoTime(), 36);
            String code = Integer.toString(CODES.incrementAndGet());
            return new Accounts(
                    "wave_sn_prod_" + n + "key",
                    "wave_sn_WHS_" + n + "secret",
                    "client-" + n,
                    "client-secret-" + n + "-0123456789",
                    code);
        }
    }

    @BeforeEach
    void reset() {
        fake.useClock(clock);
        fake.forget();
        fake.installationCallbacks(local(""));
    }

    @Test
    void twoMerchantsCollectIntoTheirOwnAccountsAndEachEventIsVerifiedWithItsOwnSecret() {
        Accounts a = Accounts.fresh();
        Accounts b = Accounts.fresh();
        Api.Merchant merchantA = connectBoth(a, "signing");
        Api.Merchant merchantB = connectBoth(b, "shared");
        // A plan that would take a fee on the installation's accounts takes none on the merchant's own.
        assertThat(api.admin(
                                "PUT",
                                "/merchants/" + merchantA.merchantId() + "/pricing",
                                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"5\",\"fixed\":\"100\",\"min\":\"0\","
                                        + "\"max\":null}}}")
                        .status())
                .isEqualTo(200);

        String walletA = payment(merchantA, "WALLET_SN");
        String walletB = payment(merchantB, "WALLET_SN");
        assertThat(creation(walletA).header("Authorization")).isEqualTo("Bearer " + a.walletKey());
        assertThat(creation(walletB).header("Authorization")).isEqualTo("Bearer " + b.walletKey());

        String mmA = payment(merchantA, "MOBILEMONEY_SN");
        String mmB = payment(merchantB, "MOBILEMONEY_SN");
        assertThat(qrRequest(mmA).json().get("code").stringValue()).isEqualTo(a.code());
        assertThat(qrRequest(mmB).json().get("code").stringValue()).isEqualTo(b.code());

        // Each provider calls each connection's own address, authenticated with that connection's secret.
        FakeProviders.Sent eventA = fake.wallet().pay(walletA);
        FakeProviders.Sent eventB = fake.wallet().pay(walletB);
        assertThat(eventA.url())
                .isEqualTo(connection(merchantA, "WALLET_SN").get("inbound_url").stringValue());
        assertThat(eventA.headers()).containsKey("Wave-Signature");
        assertThat(eventB.headers()).containsEntry("Authorization", "Bearer " + b.webhookSecret());
        assertThat(List.of(eventA.status(), eventB.status())).containsOnly(200);
        FakeProviders.Sent notifiedA = fake.operator().pay(mmA);
        FakeProviders.Sent notifiedB = fake.operator().pay(mmB);
        assertThat(notifiedA.url())
                .isEqualTo(connection(merchantA, "MOBILEMONEY_SN")
                        .get("inbound_url")
                        .stringValue());
        assertThat(List.of(notifiedA.status(), notifiedB.status())).containsOnly(202);

        for (var paid : List.of(
                Map.entry(merchantA, walletA),
                Map.entry(merchantA, mmA),
                Map.entry(merchantB, walletB),
                Map.entry(merchantB, mmB))) {
            api.awaitStatus(paid.getKey(), paid.getValue(), "SUCCESS", Duration.ofSeconds(10));
            assertThat(api.notifications(paid.getKey()).toString()).contains(paid.getValue() + ":SUCCESS");
            var status = api.status(paid.getKey(), paid.getValue()).json();
            assertThat(status.get("fee").stringValue()).isEqualTo("0.00");
            assertThat(status.get("net_amount")).isEqualTo(status.get("amount"));
        }
    }

    @Test
    void oneMerchantsFailingAccountOpensItsOwnCircuitAndNoOtherMerchantsOrTheInstallations() {
        Accounts a = Accounts.fresh();
        Accounts b = Accounts.fresh();
        Api.Merchant failing = connectBoth(a, "signing");
        Api.Merchant other = connectBoth(b, "signing");
        Api.Merchant installation = api.goLive(api.onboard("WALLET_SN"));
        String body = "{\"provider\":\"WALLET_SN\",\"amount\":\"3000\"}";
        fake.wallet().down(a.walletKey(), true);
        try {
            // A creation and the two searches that settle it: three failures each, five open the circuit.
            for (int i = 0; i < 2; i++) {
                assertThat(api.initiate(failing, body).status()).isEqualTo(503);
            }
            int sent = fake.received("POST", "/v1/checkout/sessions").size();
            Api.Response fast = api.initiate(failing, body);
            assertThat(fast.status()).isEqualTo(503);
            assertThat(fast.json().get("message").stringValue()).contains("circuit open");
            assertThat(fake.received("POST", "/v1/checkout/sessions"))
                    .as("nothing more sent in the failing account")
                    .hasSize(sent);

            String paid = payment(other, "WALLET_SN");
            assertThat(creation(paid).header("Authorization")).isEqualTo("Bearer " + b.walletKey());
            assertThat(payment(installation, "WALLET_SN")).isNotBlank();
            assertThat(payment(other, "MOBILEMONEY_SN")).isNotBlank();
        } finally {
            fake.wallet().down(a.walletKey(), false);
        }
        // Its own circuit closes again after the open period, with one trial that succeeds.
        clock.advance(Duration.ofSeconds(31));
        assertThat(payment(failing, "WALLET_SN")).isNotBlank();
    }

    @Test
    void oneMerchantsAddressCannotMoveAnotherMerchantsPayment() {
        Accounts a = Accounts.fresh();
        Accounts b = Accounts.fresh();
        Api.Merchant merchantA = connectBoth(a, "signing");
        Api.Merchant merchantB = connectBoth(b, "signing");
        String walletB = payment(merchantB, "WALLET_SN");
        String mmB = payment(merchantB, "MOBILEMONEY_SN");
        String addressA = connection(merchantA, "WALLET_SN").get("inbound_url").stringValue();

        // B's session, paid, reported at A's address and signed with A's secret: authentic for A, not A's payment.
        byte[] event = FakeWallet.event(
                "AE_sn_cross", "checkout.session.completed", fake.wallet().complete(walletB));
        long now = clock.instant().getEpochSecond();
        assertThat(post(addressA, Map.of("Wave-Signature", FakeWallet.signature(a.webhookSecret(), now, event)), event)
                        .status())
                .isEqualTo(200);
        // Signed with B's own secret, at A's address: not authentic there.
        assertThat(post(addressA, Map.of("Wave-Signature", FakeWallet.signature(b.webhookSecret(), now, event)), event)
                        .status())
                .isEqualTo(401);
        // And at the installation's address, signed with its secret: not one of its payments either.
        assertThat(walletEvent("/providers/wallet/events", event, FakeProviders.WALLET_SECRET)
                        .status())
                .isEqualTo(200);

        String mmAddressA =
                connection(merchantA, "MOBILEMONEY_SN").get("inbound_url").stringValue();
        String tx = fake.operator().payQuietly(mmB);
        String notification = FakeOperator.notification(mmB, tx, "SUCCESS", a.code(), 3000);
        assertThat(post(
                                mmAddressA,
                                Map.of("Authorization", "Basic " + apiKeyOf(a)),
                                notification.getBytes(StandardCharsets.UTF_8))
                        .status())
                .isEqualTo(202);
        assertThat(post(
                                mmAddressA,
                                Map.of("Authorization", "Basic " + apiKeyOf(b)),
                                notification.getBytes(StandardCharsets.UTF_8))
                        .status())
                .isEqualTo(401);

        Inbox.awaitActedOn(jdbc, clock);
        assertThat(api.status(merchantB, walletB).json().get("status").stringValue())
                .isEqualTo("PROCESSING");
        assertThat(api.status(merchantB, mmB).json().get("status").stringValue())
                .isEqualTo("PROCESSING");
        assertThat(api.notifications(merchantB).size()).isZero();
    }

    @Test
    void theInstallationsAccountServesAnApplicationWithoutItsOwn() {
        Api.Merchant own = connectBoth(Accounts.fresh(), "signing");
        Api.Merchant plain = api.goLive(api.onboard("WALLET_SN", "MOBILEMONEY_SN"));
        String wallet = payment(plain, "WALLET_SN");
        assertThat(creation(wallet).header("Authorization")).isEqualTo("Bearer " + FakeProviders.WALLET_KEY);
        String mm = payment(plain, "MOBILEMONEY_SN");
        assertThat(qrRequest(mm).json().get("code").stringValue()).isEqualTo(FakeProviders.MM_MERCHANT_CODE);
        assertThat(fake.wallet().pay(wallet).url()).endsWith("/providers/wallet/events");
        assertThat(fake.operator().pay(mm).url()).endsWith("/providers/mobilemoney/notifications");
        api.awaitStatus(plain, wallet, "SUCCESS", Duration.ofSeconds(10));
        api.awaitStatus(plain, mm, "SUCCESS", Duration.ofSeconds(10));

        // The installation's address moves only the installation account's payments.
        String ownWallet = payment(own, "WALLET_SN");
        byte[] event = FakeWallet.event(
                "AE_sn_own", "checkout.session.completed", fake.wallet().complete(ownWallet));
        assertThat(walletEvent("/providers/wallet/events", event, FakeProviders.WALLET_SECRET)
                        .status())
                .isEqualTo(200);
        Inbox.awaitActedOn(jdbc, clock);
        assertThat(api.status(own, ownWallet).json().get("status").stringValue())
                .isEqualTo("PROCESSING");
    }

    @Test
    void savingAnOperatorConnectionRegistersItsCallbackWithAKeyAndReadsItBack() {
        Accounts a = Accounts.fresh();
        fake.operator().account(a.clientId(), a.clientSecret(), a.code());
        Api.Merchant m = api.onboard("MOBILEMONEY_SN");
        JsonNode saved = put(m, "MOBILEMONEY_SN", operatorBody(a)).json();
        assertThat(saved.get("status").stringValue()).as(saved.toString()).isEqualTo("connected");
        String inbound = saved.get("inbound_url").stringValue();
        assertThat(inbound)
                .isEqualTo(local("/providers/mobilemoney/notifications/"
                        + saved.get("id").stringValue()));

        assertThat(fake.received("POST", "/oauth/v1/token")).hasSize(1);
        FakeProviders.Received registration =
                fake.received("POST", "/api/notification/v1/merchantcallback").getFirst();
        JsonNode body = registration.json();
        assertThat(body.get("code").stringValue()).isEqualTo(a.code());
        assertThat(body.get("name").stringValue()).isEqualTo("Shop");
        assertThat(body.get("callbackUrl").stringValue()).isEqualTo(inbound);
        String apiKey = body.get("apiKey").stringValue();
        assertThat(apiKey).hasSize(40);
        FakeProviders.Received readBack =
                fake.received("GET", "/api/notification/v1/merchantcallback").getFirst();
        assertThat(readBack.query()).isEqualTo("code=" + a.code());
        assertThat(readBack.header("Content-Type")).startsWith("application/json");
        assertThat(saved.toString()).doesNotContain(apiKey, a.clientSecret());

        // Saved again (new client secret): the same address and the same key, registered again.
        fake.operator().account(a.clientId(), a.clientSecret() + "2", a.code());
        JsonNode replaced = put(m, "MOBILEMONEY_SN", "{\"client_secret\":\"" + a.clientSecret() + "2\"}")
                .json();
        assertThat(replaced.get("id").stringValue()).isEqualTo(saved.get("id").stringValue());
        assertThat(replaced.get("status").stringValue()).isEqualTo("connected");
        assertThat(fake.operator().callback(a.code()).get("apiKey").stringValue())
                .isEqualTo(apiKey);

        // The operator lost the registration: the test says so, in words, and how to fix it.
        fake.operator().registerCallback(a.code(), "https://elsewhere.example/callback", "other");
        JsonNode tested = api.admin("POST", connectionPath(m, "MOBILEMONEY_SN") + "/test", null)
                .json();
        assertThat(tested.get("status").stringValue()).isEqualTo("failed");
        assertThat(tested.get("status_message").stringValue()).contains("no callback", "save the connection again");
    }

    @Test
    void theOperatorsNotificationWithTheRightKeySucceedsAWrongOrMissingKeyChangesNothing() {
        Accounts a = Accounts.fresh();
        Api.Merchant m = connectBoth(a, "signing");
        String reference = payment(m, "MOBILEMONEY_SN");
        String address = connection(m, "MOBILEMONEY_SN").get("inbound_url").stringValue();
        String tx = fake.operator().payQuietly(reference);
        byte[] notification = FakeOperator.notification(reference, tx, "SUCCESS", a.code(), 3000)
                .getBytes(StandardCharsets.UTF_8);

        assertThat(post(address, Map.of("Authorization", "Basic wrong"), notification)
                        .status())
                .isEqualTo(401);
        assertThat(post(address, Map.of(), notification).status()).isEqualTo(401);
        assertThat(api.status(m, reference).json().get("status").stringValue()).isEqualTo("PROCESSING");

        assertThat(post(address, Map.of("Authorization", "Basic " + apiKeyOf(a)), notification)
                        .status())
                .isEqualTo(202);
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
        assertThat(api.notifications(m).toString()).contains(reference + ":SUCCESS");
    }

    @Test
    void aLostNotificationOfAMerchantsOwnAccountIsRecoveredByReconciliation() {
        Accounts a = Accounts.fresh();
        Api.Merchant m = connectBoth(a, "signing");
        String mm = payment(m, "MOBILEMONEY_SN");
        String wallet = payment(m, "WALLET_SN");
        fake.operator().payQuietly(mm);
        fake.wallet().complete(wallet);
        clock.advance(Duration.ofSeconds(61));
        api.awaitStatus(m, mm, "SUCCESS", Duration.ofSeconds(10));
        api.awaitStatus(m, wallet, "SUCCESS", Duration.ofSeconds(10));
        assertThat(fake.received("GET", "/api/eWallet/v1/transactions"))
                .anySatisfy(r -> assertThat(r.query()).isEqualTo("reference=" + mm));
    }

    @Test
    void aPaymentKeepsTheMerchantCodeItWasOpenedWithWhenTheConnectionIsSavedWithAnother() {
        Accounts a = Accounts.fresh();
        Api.Merchant m = connectBoth(a, "signing");
        String id = connection(m, "MOBILEMONEY_SN").get("id").stringValue();
        String reconciled = payment(m, "MOBILEMONEY_SN");
        String notified = payment(m, "MOBILEMONEY_SN");

        // The merchant moves to another merchant code (another API application at the operator).
        Accounts b = Accounts.fresh();
        fake.operator().account(b.clientId(), b.clientSecret(), b.code());
        JsonNode moved = put(m, "MOBILEMONEY_SN", operatorBody(b)).json();
        assertThat(moved.get("status").stringValue()).as(moved.toString()).isEqualTo("connected");
        assertThat(moved.get("id").stringValue()).isEqualTo(id);
        String later = payment(m, "MOBILEMONEY_SN");
        assertThat(qrRequest(later).json().get("code").stringValue()).isEqualTo(b.code());

        // A payment opened under the old code is still looked up with the credentials it was opened with.
        fake.operator().payQuietly(reconciled);
        clock.advance(Duration.ofSeconds(61));
        api.awaitStatus(m, reconciled, "SUCCESS", Duration.ofSeconds(10));
        assertThat(fake.received("GET", "/api/eWallet/v1/transactions")).anySatisfy(r -> {
            assertThat(r.query()).isEqualTo("reference=" + reconciled);
            assertThat(r.header("Authorization")).isNotNull();
        });
        assertThat(keptVersions(id))
                .as("the old code's version, while a payment opened with it is open")
                .isEqualTo(1);
        clock.advance(Duration.ofMinutes(6));
        upkeep.forgetEnded();
        assertThat(keptVersions(id)).isEqualTo(1);

        // The operator's notification under the old code, at the connection's address, still counts.
        FakeProviders.Sent sent = fake.operator().pay(notified);
        assertThat(sent.url()).isEqualTo(moved.get("inbound_url").stringValue());
        assertThat(sent.status()).isEqualTo(202);
        // Answered at once, acted on by the inbox's job (confirmed with the old code's credentials).
        api.awaitStatus(m, notified, "SUCCESS", Duration.ofSeconds(10));
        assertThat(api.notifications(m).toString()).contains(notified + ":SUCCESS", reconciled + ":SUCCESS");

        // Its last payment ended: the old credentials are gone, and the old code moves nothing any more.
        upkeep.forgetEnded();
        assertThat(keptVersions(id)).isZero();
        byte[] oldCode = FakeOperator.notification(later, "MP" + System.nanoTime(), "SUCCESS", a.code(), 3000)
                .getBytes(StandardCharsets.UTF_8);
        assertThat(post(
                                moved.get("inbound_url").stringValue(),
                                Map.of("Authorization", "Basic " + apiKeyOf(b)),
                                oldCode)
                        .status())
                .isEqualTo(202);
        Inbox.awaitActedOn(jdbc, clock);
        assertThat(api.status(m, later).json().get("status").stringValue()).isEqualTo("PROCESSING");
    }

    @Test
    void aWalletPaymentIsLookedUpWithTheKeyItWasOpenedWithAfterTheKeyIsReplaced() {
        Accounts a = Accounts.fresh();
        Api.Merchant m = connectBoth(a, "signing");
        String reference = payment(m, "WALLET_SN");
        Accounts b = Accounts.fresh();
        fake.wallet().account(b.walletKey());
        JsonNode replaced = put(
                        m,
                        "WALLET_SN",
                        "{\"api_key\":\"" + b.walletKey() + "\",\"webhook_secret\":\"" + b.webhookSecret() + "\"}")
                .json();
        assertThat(replaced.get("status").stringValue()).as(replaced.toString()).isEqualTo("connected");

        fake.wallet().complete(reference);
        clock.advance(Duration.ofSeconds(61));
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
        String next = payment(m, "WALLET_SN");
        assertThat(creation(next).header("Authorization")).isEqualTo("Bearer " + b.walletKey());
    }

    @Test
    void aMerchantCodeBelongsToOneApplicationAndNeverToTheInstallationsOwnAccount() {
        Accounts a = Accounts.fresh();
        Api.Merchant first = connectBoth(a, "signing");
        String address = connection(first, "MOBILEMONEY_SN").get("inbound_url").stringValue();

        Accounts b = Accounts.fresh();
        fake.operator().account(b.clientId(), b.clientSecret(), a.code());
        Api.Merchant second = api.onboard("MOBILEMONEY_SN");
        Api.Response taken = put(
                second,
                "MOBILEMONEY_SN",
                "{\"client_id\":\"" + b.clientId() + "\",\"client_secret\":\"" + b.clientSecret()
                        + "\",\"merchant_code\":\"" + a.code() + "\"}");
        assertThat(taken.status()).as(taken.body()).isEqualTo(409);
        assertThat(taken.json().get("message").stringValue())
                .contains("merchant code " + a.code(), "already connected to another application");
        assertThat(taken.json().get("errors").get("merchant_code").toString())
                .contains("is already connected to another application");
        assertThat(taken.body()).doesNotContain(first.applicationId());
        // Nothing stored, nothing registered: the first application keeps its notifications.
        assertThat(api.admin("GET", connectionPath(second, "MOBILEMONEY_SN"), null)
                        .status())
                .isEqualTo(404);
        assertThat(fake.operator().callback(a.code()).get("callbackUrl").stringValue())
                .isEqualTo(address);

        fake.operator().account(b.clientId(), b.clientSecret(), FakeProviders.MM_MERCHANT_CODE);
        Api.Response installation = put(
                second,
                "MOBILEMONEY_SN",
                "{\"client_id\":\"" + b.clientId() + "\",\"client_secret\":\"" + b.clientSecret()
                        + "\",\"merchant_code\":\"" + FakeProviders.MM_MERCHANT_CODE + "\"}");
        assertThat(installation.status()).as(installation.body()).isEqualTo(409);
        assertThat(installation.json().get("message").stringValue()).contains("the installation's own account");
        assertThat(fake.operator()
                        .callback(FakeProviders.MM_MERCHANT_CODE)
                        .get("callbackUrl")
                        .stringValue())
                .endsWith("/providers/mobilemoney/notifications");

        // The first application saving its own code again is no conflict.
        assertThat(put(first, "MOBILEMONEY_SN", "{\"merchant_code\":\"" + a.code() + "\"}")
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aConnectionSavedBeforeMerchantCodesWereStoredApartGetsItsCodeAtStart() {
        Accounts a = Accounts.fresh();
        Api.Merchant m = connectBoth(a, "signing");
        String id = connection(m, "MOBILEMONEY_SN").get("id").stringValue();
        jdbc.sql("UPDATE provider_connections SET merchant_code = NULL WHERE id = :id")
                .param("id", UUID.fromString(id))
                .update();
        upkeep.run(new org.springframework.boot.DefaultApplicationArguments());
        assertThat(jdbc.sql("SELECT merchant_code FROM provider_connections WHERE id = :id")
                        .param("id", UUID.fromString(id))
                        .query(String.class)
                        .single())
                .isEqualTo(a.code());
    }

    @Test
    void twoApplicationsSavingOneMerchantCodeAtOnceCannotBothWin() throws Exception {
        Accounts a = Accounts.fresh();
        fake.operator().account(a.clientId(), a.clientSecret(), a.code());
        List<Api.Merchant> shops = List.of(api.onboard("MOBILEMONEY_SN"), api.onboard("MOBILEMONEY_SN"));
        var start = new java.util.concurrent.CountDownLatch(1);
        try (var threads = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            List<java.util.concurrent.Future<Api.Response>> saves = shops.stream()
                    .map(shop -> threads.submit(() -> {
                        start.await();
                        return put(shop, "MOBILEMONEY_SN", operatorBody(a));
                    }))
                    .toList();
            start.countDown();
            List<Integer> statuses = new java.util.ArrayList<>();
            for (var save : saves) {
                statuses.add(save.get().status());
            }
            assertThat(statuses).containsExactlyInAnyOrder(200, 409);
        }
        long stored = shops.stream()
                .filter(shop -> api.admin("GET", connectionPath(shop, "MOBILEMONEY_SN"), null)
                                .status()
                        == 200)
                .count();
        assertThat(stored).isEqualTo(1);
    }

    @Test
    void unknownAddressesAre404AndUnauthenticatedEventsAre401() {
        String unknown = UUID.randomUUID().toString();
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        assertThat(post(local("/providers/wallet/events/" + unknown), Map.of("Wave-Signature", "t=1,v1=00"), body)
                        .status())
                .isEqualTo(404);
        assertThat(post(local("/providers/wallet/events/not-a-connection"), Map.of(), body)
                        .status())
                .isEqualTo(404);
        assertThat(post(
                                local("/providers/mobilemoney/notifications/" + unknown),
                                Map.of("Authorization", "Basic x"),
                                body)
                        .status())
                .isEqualTo(404);

        // A connection's address for the other provider does not exist either.
        Api.Merchant m = connectBoth(Accounts.fresh(), "signing");
        String walletId = connection(m, "WALLET_SN").get("id").stringValue();
        assertThat(post(
                                local("/providers/mobilemoney/notifications/" + walletId),
                                Map.of("Authorization", "Basic x"),
                                body)
                        .status())
                .isEqualTo(404);
        assertThat(post(local("/providers/wallet/events/" + walletId), Map.of(), body)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void credentialsTheProviderRefusesAreReportedInItsOwnWordsAndKeepTheApplicationOutOfLive() {
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        JsonNode wallet = put(
                        m,
                        "WALLET_SN",
                        "{\"api_key\":\"wave_sn_prod_unknown0000\",\"webhook_secret\":\"wave_sn_WHS_whatever\"}")
                .json();
        assertThat(wallet.get("status").stringValue()).isEqualTo("failed");
        assertThat(wallet.get("status_message").stringValue())
                .contains("The key you provided doesn't exist in our system.");
        JsonNode operator = put(
                        m,
                        "MOBILEMONEY_SN",
                        "{\"client_id\":\"nobody\",\"client_secret\":\"not-the-secret\",\"merchant_code\":\"654321\"}")
                .json();
        assertThat(operator.get("status").stringValue()).isEqualTo("failed");
        assertThat(operator.get("status_message").stringValue()).contains("INVALID_CREDENTIALS");
        String scoped = "wave_sn_prod_balanceonly" + System.nanoTime();
        fake.wallet().account(scoped).withoutCheckoutAccess(scoped);
        JsonNode noCheckout =
                put(m, "WALLET_SN", "{\"api_key\":\"" + scoped + "\"}").json();
        assertThat(noCheckout.get("status").stringValue()).isEqualTo("failed");
        assertThat(noCheckout.get("status_message").stringValue())
                .contains("not allowed to use the Checkout API (authorization-error)");

        api.admin("POST", "/applications/" + m.applicationId() + "/keys", "{\"environment\":\"live\"}");
        Api.Response live = api.admin(
                "PATCH",
                "/applications/" + m.applicationId(),
                "{\"webhook_url\":\"https://hooks.shop.example/x\",\"live_enabled\":true}");
        assertThat(live.status()).isEqualTo(422);
        assertThat(live.json().get("errors").get("live_enabled").toString())
                .contains("a working connection to the provider is required (WALLET_SN)")
                .contains("(MOBILEMONEY_SN)");

        // The key revoked after going live: the test says so, and live payments stop until it is fixed.
        Accounts a = Accounts.fresh();
        Api.Merchant connected = connectBoth(a, "signing");
        fake.wallet().revoke(a.walletKey());
        JsonNode tested = api.admin("POST", connectionPath(connected, "WALLET_SN") + "/test", null)
                .json();
        assertThat(tested.get("status").stringValue()).isEqualTo("failed");
        assertThat(tested.get("status_message").stringValue()).contains("Your API key has been revoked.");
        Api.Response refused = api.initiate(connected, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get("provider").toString())
                .contains("connection failed its last check");
    }

    @Test
    void badCredentialsAre400AndUnknownThingsAre404WithoutEchoingASecret() {
        Api.Merchant m = api.onboard("WALLET_SN");
        Api.Response missing = put(m, "WALLET_SN", "{\"api_key\":\"wave_sn_prod_0123456789\"}");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json().get("errors").get("webhook_secret").toString())
                .contains("is required");
        Api.Response bad = put(
                m,
                "WALLET_SN",
                "{\"api_key\":\"short\",\"webhook_secret\":\"with a space inside\",\"webhook_strategy\":\"hmac\"}");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().get("errors").get("api_key").toString()).contains("must be 8 to 512 characters");
        assertThat(bad.json().get("errors").get("webhook_secret").toString()).contains("spaces");
        assertThat(bad.json().get("errors").get("webhook_strategy").toString()).contains("signing or shared");
        assertThat(bad.body()).doesNotContain("with a space inside");
        Api.Response code = put(
                m,
                "MOBILEMONEY_SN",
                "{\"client_id\":\"id\",\"client_secret\":\"a-long-secret\",\"merchant_code\":\"12AB\"}");
        assertThat(code.status()).isEqualTo(400);
        assertThat(code.json().get("errors").get("merchant_code").toString()).contains("6-digit merchant code");
        assertThat(put(m, "WALLET_SN", "{\"api_key\":42}")
                        .json()
                        .get("errors")
                        .get("api_key")
                        .toString())
                .contains("must be a string");

        assertThat(api.admin("GET", connectionPath(m, "WALLET_SN"), null).status())
                .isEqualTo(404);
        assertThat(api.admin("GET", connectionPath(m, "OTHER_SN"), null).status())
                .isEqualTo(404);
        assertThat(api.admin("GET", "/applications/" + UUID.randomUUID() + "/connections/WALLET_SN", null)
                        .status())
                .isEqualTo(404);
        assertThat(api.admin("DELETE", connectionPath(m, "WALLET_SN"), null).status())
                .isEqualTo(404);
        assertThat(api.send("GET", "/admin/v1" + connectionPath(m, "WALLET_SN"), Map.of(), null)
                        .status())
                .as("the operator's token is required")
                .isEqualTo(401);
    }

    @Test
    void replacingTheWebhookSecretKeepsTheAddressAndThePreviousSecretForADay() {
        Accounts a = Accounts.fresh();
        Api.Merchant m = connectBoth(a, "signing");
        JsonNode before = connection(m, "WALLET_SN");
        String reference = payment(m, "WALLET_SN");
        String rotated = a.webhookSecret() + "new";
        JsonNode after =
                put(m, "WALLET_SN", "{\"webhook_secret\":\"" + rotated + "\"}").json();
        assertThat(after.get("id").stringValue()).isEqualTo(before.get("id").stringValue());
        assertThat(after.get("inbound_url").stringValue())
                .isEqualTo(before.get("inbound_url").stringValue());
        assertThat(after.get("last4").get("api_key").stringValue()).isEqualTo(last4(a.walletKey()));
        assertThat(after.get("last4").get("webhook_secret").stringValue()).isEqualTo(last4(rotated));
        assertThat(after.get("previous_secret_valid_until").stringValue()).isNotNull();

        String address = after.get("inbound_url").stringValue();
        byte[] event = FakeWallet.event(
                "AE_sn_rot", "checkout.session.completed", fake.wallet().complete(reference));
        long now = clock.instant().getEpochSecond();
        assertThat(post(address, Map.of("Wave-Signature", FakeWallet.signature(a.webhookSecret(), now, event)), event)
                        .status())
                .as("the previous secret, within its day")
                .isEqualTo(200);
        clock.advance(Duration.ofHours(24).plusMinutes(1));
        long later = clock.instant().getEpochSecond();
        assertThat(post(address, Map.of("Wave-Signature", FakeWallet.signature(a.webhookSecret(), later, event)), event)
                        .status())
                .isEqualTo(401);
        assertThat(post(address, Map.of("Wave-Signature", FakeWallet.signature(rotated, later, event)), event)
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aConnectionIsRemovedOnlyOnceItsLivePaymentsHaveEnded() {
        Accounts a = Accounts.fresh();
        Api.Merchant m = connectBoth(a, "signing");
        String reference = payment(m, "WALLET_SN");
        Api.Response refused = api.admin("DELETE", connectionPath(m, "WALLET_SN"), null);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("message").stringValue()).contains("1 live payments", "still open");

        fake.wallet().pay(reference);
        api.awaitStatus(m, reference, "SUCCESS", Duration.ofSeconds(10));
        Inbox.awaitActedOn(jdbc, clock);
        String address = connection(m, "WALLET_SN").get("inbound_url").stringValue();
        assertThat(api.admin("DELETE", connectionPath(m, "WALLET_SN"), null).status())
                .isEqualTo(204);
        assertThat(api.admin("GET", connectionPath(m, "WALLET_SN"), null).status())
                .isEqualTo(404);
        assertThat(post(address, Map.of(), "{}".getBytes(StandardCharsets.UTF_8))
                        .status())
                .isEqualTo(404);
        // Without its own account, the application falls back to the installation's.
        String next = payment(m, "WALLET_SN");
        assertThat(creation(next).header("Authorization")).isEqualTo("Bearer " + FakeProviders.WALLET_KEY);
    }

    @Test
    @ExtendWith(OutputCaptureExtension.class)
    void noCredentialReachesTheLogsTheAnswersOrADumpOfTheDatabase(CapturedOutput output) throws Exception {
        Accounts a = Accounts.fresh();
        List<String> verbose = List.of("sn.xaalis", "org.springframework.web", "org.springframework.jdbc");
        verbose.forEach(logger -> logging.setLogLevel(logger, LogLevel.DEBUG));
        List<String> answers = new java.util.ArrayList<>();
        String rotated = a.webhookSecret() + "next";
        try {
            Api.Merchant m = connectBoth(a, "signing");
            answers.add(put(m, "WALLET_SN", "{\"webhook_secret\":\"" + rotated + "\"}")
                    .body());
            answers.add(
                    put(m, "WALLET_SN", "{\"api_key\":\"bad key with spaces\"}").body());
            answers.add(api.admin("GET", connectionPath(m, "WALLET_SN"), null).body());
            answers.add(
                    api.admin("GET", connectionPath(m, "MOBILEMONEY_SN"), null).body());
            answers.add(api.admin("POST", connectionPath(m, "MOBILEMONEY_SN") + "/test", null)
                    .body());
            answers.add(
                    api.admin("GET", "/applications/" + m.applicationId(), null).body());
            fake.operator().pay(payment(m, "MOBILEMONEY_SN"));
            fake.wallet()
                    .webhook(
                            a.walletKey(),
                            connection(m, "WALLET_SN").get("inbound_url").stringValue(),
                            "signing",
                            rotated);
            fake.wallet().pay(payment(m, "WALLET_SN"));
        } finally {
            verbose.forEach(logger -> logging.setLogLevel(logger, null));
        }
        List<String> secrets =
                List.of(a.walletKey(), a.webhookSecret(), rotated, a.clientId(), a.clientSecret(), apiKeyOf(a));
        assertThat(output.getAll()).as("the capture saw the calls at DEBUG").contains("/connections/");
        for (String secret : secrets) {
            assertThat(output.getAll()).as("logs").doesNotContain(secret);
            assertThat(String.join("\n", answers)).as("answers").doesNotContain(secret);
        }
        String dump = dump();
        assertThat(dump).as("the dump holds the connections").contains("provider_connections");
        for (String secret : secrets) {
            assertThat(dump).as("a dump of the database").doesNotContain(secret);
        }
    }

    /** A real dump: pg_dump of this test's schema on PostgreSQL, H2's own SCRIPT on the embedded database. */
    private String dump() throws Exception {
        if (!sn.xaalis.support.TestDatabase.postgres()) {
            return String.join("\n", jdbc.sql("SCRIPT").query(String.class).list());
        }
        String schema = jdbc.sql("SELECT current_schema()").query(String.class).single();
        Process pgDump = new ProcessBuilder(
                        "pg_dump",
                        "-h",
                        "127.0.0.1",
                        "-U",
                        "postgres",
                        "-d",
                        // the database the run was given (-Dxaalis.test.postgres-url), not always "test"
                        TestDatabase.POSTGRES_URL.substring(TestDatabase.POSTGRES_URL.lastIndexOf('/') + 1),
                        "-n",
                        schema,
                        "--no-owner")
                .redirectErrorStream(true)
                .start();
        String text = new String(pgDump.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(pgDump.waitFor()).as(text).isZero();
        return text;
    }

    // ---- helpers

    /** A live application connected to its own accounts at both providers (as set up at each provider). */
    private Api.Merchant connectBoth(Accounts accounts, String strategy) {
        fake.wallet().account(accounts.walletKey());
        fake.operator().account(accounts.clientId(), accounts.clientSecret(), accounts.code());
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        JsonNode wallet = put(
                        m,
                        "WALLET_SN",
                        "{\"api_key\":\"" + accounts.walletKey() + "\",\"webhook_secret\":\"" + accounts.webhookSecret()
                                + "\",\"webhook_strategy\":\"" + strategy + "\"}")
                .json();
        assertThat(wallet.get("status").stringValue()).as(wallet.toString()).isEqualTo("connected");
        // What the merchant does in the wallet's business portal: paste the address shown, keep the secret.
        fake.wallet()
                .webhook(
                        accounts.walletKey(),
                        wallet.get("inbound_url").stringValue(),
                        strategy,
                        accounts.webhookSecret());
        JsonNode operator = put(m, "MOBILEMONEY_SN", operatorBody(accounts)).json();
        assertThat(operator.get("status").stringValue()).as(operator.toString()).isEqualTo("connected");
        assertThat(wallet.toString() + operator)
                .doesNotContain(accounts.walletKey(), accounts.webhookSecret(), accounts.clientSecret());
        assertThat(wallet.get("last4").get("api_key").stringValue()).isEqualTo(last4(accounts.walletKey()));
        return api.goLive(m);
    }

    private int keptVersions(String connectionId) {
        return jdbc.sql("SELECT COUNT(*) FROM provider_connection_versions WHERE connection_id = :id")
                .param("id", UUID.fromString(connectionId))
                .query(Integer.class)
                .single();
    }

    private static String operatorBody(Accounts a) {
        return "{\"client_id\":\"" + a.clientId() + "\",\"client_secret\":\"" + a.clientSecret()
                + "\",\"merchant_code\":\"" + a.code() + "\"}";
    }

    private static String apiKeyOf(Accounts a) {
        return fake.operator().callback(a.code()).get("apiKey").stringValue();
    }

    private Api.Response put(Api.Merchant m, String provider, String body) {
        return api.admin("PUT", connectionPath(m, provider), body);
    }

    private JsonNode connection(Api.Merchant m, String provider) {
        Api.Response response = api.admin("GET", connectionPath(m, provider), null);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    private static String connectionPath(Api.Merchant m, String provider) {
        return "/applications/" + m.applicationId() + "/connections/" + provider;
    }

    private String payment(Api.Merchant m, String provider) {
        Api.Response created = api.initiate(m, "{\"provider\":\"" + provider + "\",\"amount\":\"3000\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("reference").stringValue();
    }

    private static FakeProviders.Received creation(String reference) {
        return fake.received("POST", "/v1/checkout/sessions").stream()
                .filter(r -> r.body().contains(reference))
                .findFirst()
                .orElseThrow();
    }

    private static FakeProviders.Received qrRequest(String reference) {
        return fake.received("POST", "/api/eWallet/v4/qrcode").stream()
                .filter(r -> r.body().contains(reference))
                .findFirst()
                .orElseThrow();
    }

    private Api.Response walletEvent(String path, byte[] body, String secret) {
        return post(
                local(path),
                Map.of(
                        "Wave-Signature",
                        FakeWallet.signature(secret, clock.instant().getEpochSecond(), body)),
                body);
    }

    private Api.Response post(String url, Map<String, String> headers, byte[] body) {
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.put("Content-Type", "application/json");
        return api.sendBytes("POST", url.substring(url.indexOf("/providers/")), all, body);
    }

    /** The address Xaalis gives providers: its public base URL (here the test server's). */
    private String local(String path) {
        return "http://localhost:" + port + path;
    }

    private static String last4(String value) {
        return value.substring(value.length() - 4);
    }
}
