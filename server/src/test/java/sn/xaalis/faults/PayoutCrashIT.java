package sn.xaalis.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import sn.xaalis.payout.PayoutTests;
import sn.xaalis.support.Api;
import sn.xaalis.support.DatabaseAvailable;
import sn.xaalis.support.FakeHold;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.ServerProcess;
import sn.xaalis.support.TestDatabase;
import tools.jackson.databind.JsonNode;

/**
 * Live payouts through a node killed with SIGKILL at the two worst moments: after the payout is committed
 * and before its provider got the call, and after the provider moved the money but before its answer
 * came back. A restarted node settles each by asking; the fakes count what was really sent: never twice,
 * none lost (a cash-in the operator has no trace of is left for the merchant's review, not resent).
 * PostgreSQL only, like the other kills.
 */
@ExtendWith(DatabaseAvailable.class)
class PayoutCrashIT {

    private static final Duration SETTLE = Duration.ofSeconds(60);

    private final FakeProviders fake = FakeProviders.shared();
    private FaultNodes nodes;

    private record Shop(Api.Merchant merchant, String walletKey, String retailer) {}

    @BeforeEach
    void setUp() {
        assumeTrue(TestDatabase.postgres(), "SIGKILL of server processes is tested on PostgreSQL");
        fake.forget();
        nodes = new FaultNodes(
                TestDatabase.POSTGRES_URL,
                FaultNodes.freshSchema(),
                Map.of(
                        "XAALIS_PROVIDERS_WALLET_BASE_URL",
                        fake.baseUrl(),
                        "XAALIS_PROVIDERS_MOBILEMONEY_BASE_URL",
                        fake.baseUrl(),
                        "XAALIS_PAYOUTS_JOB_INTERVAL",
                        "PT0.2S",
                        "XAALIS_PAYOUTS_CHECK_AFTER",
                        "PT1S"));
    }

    @AfterEach
    void tearDown() {
        fake.wallet().payouts().hold().release();
        fake.operator().cashIns().hold().release();
        if (nodes != null) {
            nodes.close();
        }
    }

    @Test
    void aNodeKilledAroundAProviderCallNeitherSendsTwiceNorLosesAPayout() throws Exception {
        ServerProcess first = nodes.start("payout-kill-first");
        Shop shop = shop(first.api());
        FakeHold wallet = fake.wallet().payouts().hold();
        FakeHold operator = fake.operator().cashIns().hold();
        int walletMade = fake.wallet().payouts().created();
        int operatorMade = fake.operator().cashIns().created();

        // The wallet: one call held before it arrives, one after the money moved; the operator likewise.
        wallet.at(FakeHold.Point.BEFORE, "+221771230001");
        wallet.at(FakeHold.Point.AFTER, "+221771230002");
        operator.at(FakeHold.Point.AFTER, "781230001");
        operator.at(FakeHold.Point.BEFORE, "781230002");
        String walletNever = payout(first.api(), shop, "WALLET_SN", "+221771230001");
        String walletLost = payout(first.api(), shop, "WALLET_SN", "+221771230002");
        String operatorLost = payout(first.api(), shop, "MOBILEMONEY_SN", "+221781230001");
        String operatorNever = payout(first.api(), shop, "MOBILEMONEY_SN", "+221781230002");
        assertThat(wallet.awaitHeld(2, SETTLE)).isTrue();
        assertThat(operator.awaitHeld(2, SETTLE)).isTrue();
        first.kill();
        long beforeRestart = posts("/v1/payout", walletNever);
        wallet.release();
        operator.release();
        ServerProcess second = nodes.start("payout-kill-second");

        JsonNode resent = await(second.api(), shop, walletNever, "SUCCESS");
        await(second.api(), shop, walletLost, "SUCCESS");
        await(second.api(), shop, operatorLost, "SUCCESS");
        JsonNode review = await(second.api(), shop, operatorNever, "NEEDS_REVIEW");

        assertThat(resent.get("fee").stringValue()).isEqualTo("30.00");
        // The first node may itself have asked and sent again while the call was held (the operator's held
        // calls can outlast the wallet's call deadline): how often it went before the kill is timing; that
        // it went again after the restart, always under one key, and paid once, is not.
        assertThat(beforeRestart).as("sent by the first node").isPositive();
        assertThat(posts("/v1/payout", walletNever))
                .as("sent again after the restart")
                .isEqualTo(beforeRestart + 1);
        assertThat(fake.received().stream()
                        .filter(r -> r.method().equals("POST")
                                && r.path().equals("/v1/payout")
                                && r.body().contains(walletNever))
                        .map(r -> r.header("Idempotency-Key"))
                        .distinct())
                .as("under the same Idempotency-Key each time")
                .hasSize(1);
        assertThat(posts("/v1/payout", walletLost))
                .as("found by the search, not resent")
                .isEqualTo(1);
        assertThat(posts("/api/eWallet/v1/cashins", operatorLost))
                .as("found by its reference, not resent")
                .isEqualTo(1);
        assertThat(posts("/api/eWallet/v1/cashins", operatorNever))
                .as("never resent")
                .isEqualTo(1);
        assertThat(review.get("failure_reason").stringValue()).contains("not sent again");
        // What the providers really did: one wallet payout each, one cash-in (the other never arrived).
        assertThat(fake.wallet().payouts().created() - walletMade).isEqualTo(2);
        assertThat(fake.operator().cashIns().created() - operatorMade).isEqualTo(1);
        Api.Response listed = second.api().get(shop.merchant(), "/payouts/?limit=10");
        assertThat(listed.json().get("data")).as("none lost").hasSize(4);
    }

    /** A live application with its own wallet key and operator account (retailer number and PIN), payouts on. */
    private Shop shop(Api api) {
        String n = Long.toString(System.nanoTime(), 36);
        String walletKey = "wave_sn_prod_" + n + "crash";
        String clientId = "client-" + n;
        String secret = "client-secret-" + n + "-0123456789";
        String code = Integer.toString(900_000 + (int) (System.nanoTime() % 90_000));
        String retailer = "77" + (1_000_000 + (int) (System.nanoTime() % 8_000_000));
        fake.wallet().account(walletKey);
        fake.operator().account(clientId, secret, code);
        fake.operator().cashIns().retailer(clientId, retailer, "2468", 1_000_000);
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        connect(
                api,
                m,
                "WALLET_SN",
                "{\"api_key\":\"" + walletKey + "\",\"webhook_secret\":\"wave_sn_WHS_" + n + "secret\"}");
        connect(
                api,
                m,
                "MOBILEMONEY_SN",
                "{\"client_id\":\"" + clientId + "\",\"client_secret\":\"" + secret + "\",\"merchant_code\":\"" + code
                        + "\",\"retailer_number\":\"" + retailer + "\",\"retailer_pin\":\"2468\"}");
        Api.Merchant live = api.goLive(m);
        FaultNodes.sql(
                nodes.tablesUrl(),
                "INSERT INTO payout_settings (application_id, enabled, daily_amount_cap, daily_count_cap,"
                        + " allowed_addresses, updated_at) VALUES ('" + m.applicationId()
                        + "', TRUE, 1000000, 100, '', CURRENT_TIMESTAMP)");
        return new Shop(live, walletKey, retailer);
    }

    private static void connect(Api api, Api.Merchant m, String provider, String body) {
        Api.Response saved = api.admin("PUT", "/applications/" + m.applicationId() + "/connections/" + provider, body);
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        assertThat(saved.json().get("status").stringValue()).as(saved.body()).isEqualTo("connected");
    }

    private static String payout(Api api, Shop shop, String provider, String phone) {
        Api.Response created = api.post(
                shop.merchant(),
                "/payouts/",
                "{\"provider\":\"" + provider + "\",\"amount\":\"3000\",\"recipient_phone\":\"" + phone + "\"}",
                Map.of("Idempotency-Key", "crash-" + phone));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("reference").stringValue();
    }

    private static JsonNode await(Api api, Shop shop, String reference, String status) {
        return PayoutTests.awaitPayout(api, shop.merchant(), reference, status, SETTLE);
    }

    private long posts(String path, String reference) {
        return fake.received().stream()
                .filter(r -> r.method().equals("POST")
                        && r.path().equals(path)
                        && r.body().contains(reference))
                .count();
    }
}
