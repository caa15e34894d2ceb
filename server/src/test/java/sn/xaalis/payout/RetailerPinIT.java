package sn.xaalis.payout;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.connection.ConnectionHealth;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.FakeHold;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;

/**
 * The operator's retailer PIN (docs/providers.md §3.6): its third wrong try blocks the retailer account
 * (2013), so a PIN is tried once when it is entered, and once the operator has refused it nothing tries
 * it again (no cash-in, no balance read) until the merchant enters one again.
 */
@IntegrationTest
@WithFakeProviders(Setup.LIVE_ADAPTERS)
class RetailerPinIT extends ApiIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();
    private static final AtomicInteger NUMBERS = new AtomicInteger(2_000_000);

    @Autowired
    MutableClock clock;

    @Autowired
    PayoutSettings settings;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    ConnectionHealth health;

    @BeforeEach
    void reset() {
        fake.useClock(clock);
        fake.forget();
        fake.installationCallbacks("http://127.0.0.1:" + port);
        fake.operator().cashIns().answerAfter(0);
        fake.operator().cashIns().answerWith("SUCCESS");
    }

    private record Shop(
            Api.Merchant merchant, String email, String clientId, String secret, String code, String retailer) {

        String connectionBody(String pin) {
            return "{\"client_id\":\"" + clientId + "\",\"client_secret\":\"" + secret + "\",\"merchant_code\":\""
                    + code + "\",\"retailer_number\":\"" + retailer + "\",\"retailer_pin\":\"" + pin + "\"}";
        }

        String connectionPath() {
            return "/applications/" + merchant.applicationId() + "/connections/MOBILEMONEY_SN";
        }
    }

    /** A merchant whose retailer account's PIN at the operator is 4321, not connected yet. */
    private Shop shop() {
        String n = Long.toString(System.nanoTime(), 36);
        String email = "pin" + n + "@example.com";
        String clientId = "client-" + n;
        String secret = "client-secret-" + n + "-0123456789";
        String code = Integer.toString(300_000 + NUMBERS.incrementAndGet() % 600_000);
        String retailer = "77" + (1_000_000 + NUMBERS.incrementAndGet() % 9_000_000);
        fake.operator().account(clientId, secret, code);
        fake.operator().cashIns().retailer(clientId, retailer, "4321", 1_000_000);
        return new Shop(api.onboardAs(email, "MOBILEMONEY_SN"), email, clientId, secret, code, retailer);
    }

    private Shop connectedLiveShop() {
        Shop shop = shop();
        Api.Response saved = api.admin("PUT", shop.connectionPath(), shop.connectionBody("4321"));
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        assertThat(saved.json().get("status").stringValue()).isEqualTo("connected");
        Api.Merchant live = api.goLive(shop.merchant());
        settings.save(
                ApplicationId.valueOf(live.applicationId()),
                new PayoutSettings.Settings(true, new BigDecimal("5000000"), 1000, List.of()));
        return new Shop(live, shop.email(), shop.clientId(), shop.secret(), shop.code(), shop.retailer());
    }

    @Test
    void aWrongPinIsTriedOnceWhenSavedAndTheSaveIsRefused() {
        Shop shop = shop();

        Api.Response refused = api.admin("PUT", shop.connectionPath(), shop.connectionBody("1111"));

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().get("errors").get("retailer_pin").get(0).stringValue())
                .contains("refused by the operator")
                .contains("Invalid PIN code, 2 remaining tentatives left")
                .contains("2011");
        assertThat(api.admin("GET", shop.connectionPath(), null).status())
                .as("nothing was kept")
                .isEqualTo(404);
        assertThat(fake.operator().cashIns().wrongPins(shop.retailer())).isEqualTo(1);

        // The portal says it in the shop owner's words, on the PIN's own field.
        PortalSession portal = new PortalSession(port);
        portal.signIn(shop.email(), Api.PASSWORD);
        String page = "/portal/applications/" + shop.merchant().applicationId() + "/payment-methods";
        Map<String, String> form = new java.util.HashMap<>(Map.of(
                "client_id", shop.clientId(),
                "client_secret", shop.secret(),
                "merchant_code", shop.code(),
                "retailer_number", shop.retailer(),
                "retailer_pin", "2222",
                "password", Api.PASSWORD));
        HttpResponse<String> answer = portal.post(page + "/MOBILEMONEY_SN", form, portal.csrfFrom(page));
        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.body())
                .contains("The operator refused this PIN")
                .contains("Invalid PIN code, 1 remaining tentative left");
        // Beside the PIN field; what was typed is kept, the secrets are not (and the form says so).
        String pinField = answer.body().substring(answer.body().indexOf("id=\"MOBILEMONEY_SN-retailer_pin\""));
        assertThat(pinField.substring(0, pinField.indexOf("</p>")))
                // Described by its error first, then by the help before it (issue 48 item 3).
                .contains("aria-describedby=\"MOBILEMONEY_SN-retailer_pin-error MOBILEMONEY_SN-retailer_pin-help\"")
                .contains("The operator refused this PIN");
        assertThat(answer.body())
                .contains("value=\"" + shop.clientId() + "\"")
                .contains("value=\"" + shop.code() + "\"")
                .contains("value=\"" + shop.retailer() + "\"")
                .contains("type them again")
                .doesNotContain(shop.secret())
                .doesNotContain("2222");
        assertThat(fake.operator().cashIns().wrongPins(shop.retailer())).isEqualTo(2);
        assertThat(fake.operator().cashIns().blocked(shop.retailer())).isFalse();

        // The right PIN is tried once too, and kept.
        Api.Response saved = api.admin("PUT", shop.connectionPath(), shop.connectionBody("4321"));
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        assertThat(saved.json().get("retailer_pin_refused_at").isNull()).isTrue();
    }

    @Test
    void afterAPinErrorNothingTriesThePinAgainUntilTheMerchantEntersOne() throws InterruptedException {
        Shop shop = connectedLiveShop();
        fake.operator().cashIns().changePin(shop.retailer(), "9876"); // changed at the operator only
        String held = "781119001";
        fake.operator().cashIns().hold().at(FakeHold.Point.AFTER, held);
        List<String> references = new ArrayList<>();
        try {
            references.add(payout(shop, "+221" + held, "1000"));
            assertThat(fake.operator().cashIns().hold().awaitHeld(1, Duration.ofSeconds(10)))
                    .isTrue();
            // Queued while the first cash-in's answer (a PIN error) is on its way: the next pass takes them together.
            for (int i = 2; i <= 4; i++) {
                references.add(payout(shop, "+22178111900" + i, "1000"));
            }
        } finally {
            fake.operator().cashIns().hold().release();
        }
        int pinCalls = awaitPinRefused(shop);
        PayoutTests.sleep(1500); // many passes of the sender
        clock.advance(Duration.ofSeconds(31)); // past every wait
        PayoutTests.sleep(1500);

        assertThat(fake.operator().cashIns().pinCalls())
                .as("no call with the refused PIN after the first error")
                .isEqualTo(pinCalls);
        assertThat(fake.operator().cashIns().wrongPins(shop.retailer())).isEqualTo(1);
        assertThat(fake.operator().cashIns().blocked(shop.retailer())).isFalse();
        for (String reference : references) {
            assertThat(jdbc.sql("SELECT stage || '/' || status FROM payouts WHERE reference = :r")
                            .param("r", reference)
                            .query(String.class)
                            .single())
                    .as("waiting, neither sent nor failed")
                    .isEqualTo("QUEUED/PROCESSING");
        }

        // The Payouts page reads no balance with it and says why payouts wait; so does the connection.
        PortalSession portal = new PortalSession(port);
        portal.signIn(shop.email(), Api.PASSWORD);
        String payouts = "/portal/applications/" + shop.merchant().applicationId() + "/payouts";
        assertThat(portal.get(payouts + "/balances?env=live").body()).contains("PIN refused");
        assertThat(portal.get(payouts + "?env=live&showBalances=true").body()).contains("payouts wait");
        assertThat(portal.get("/portal/applications/" + shop.merchant().applicationId() + "/payment-methods")
                        .body())
                .contains("PIN refused")
                .contains("Invalid PIN code, 2 remaining tentatives left");
        assertThat(fake.operator().cashIns().pinCalls()).isEqualTo(pinCalls);
        Api.Response connection = api.admin("GET", shop.connectionPath(), null);
        assertThat(connection.json().get("retailer_pin_refused_at").isNull()).isFalse();
        assertThat(connection.json().get("retailer_pin_refusal").stringValue()).contains("2011");
        assertThat(health.of(ApplicationId.valueOf(shop.merchant().applicationId())))
                .singleElement()
                .satisfies(h -> assertThat(h.pinRefusal()).contains("2011"));

        // A connection saved without a new PIN keeps it refused; the new PIN, tried once, lets them go.
        Api.Response unchanged = api.admin(
                "PUT",
                shop.connectionPath(),
                "{\"client_id\":\"" + shop.clientId() + "\",\"client_secret\":\"" + shop.secret() + "\"}");
        assertThat(unchanged.status()).as(unchanged.body()).isEqualTo(200);
        assertThat(unchanged.json().get("retailer_pin_refused_at").isNull()).isFalse();
        assertThat(fake.operator().cashIns().pinCalls()).isEqualTo(pinCalls);
        Api.Response saved = api.admin("PUT", shop.connectionPath(), "{\"retailer_pin\":\"9876\"}");
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        assertThat(saved.json().get("retailer_pin_refused_at").isNull()).isTrue();
        clock.advance(Duration.ofSeconds(31));
        for (String reference : references) {
            PayoutTests.awaitPayout(api, shop.merchant(), reference, "SUCCESS", Duration.ofSeconds(10));
        }
        for (String reference : references.subList(1, references.size())) {
            assertThat(cashIns(reference)).as("sent once").isEqualTo(1);
        }
        assertThat(cashIns(references.getFirst())).as("refused, then sent once").isEqualTo(2);
        assertThat(fake.operator().cashIns().wrongPins(shop.retailer())).isEqualTo(1);
    }

    @Test
    void aBalanceReadRefusedStopsTheCashInsToo() {
        Shop shop = connectedLiveShop();
        fake.operator().cashIns().changePin(shop.retailer(), "9876");
        PortalSession portal = new PortalSession(port);
        portal.signIn(shop.email(), Api.PASSWORD);
        String payouts = "/portal/applications/" + shop.merchant().applicationId() + "/payouts";
        int before = fake.operator().cashIns().pinCalls();

        portal.get(payouts + "/balances?env=live"); // the operator answers 2011
        portal.get(payouts + "/balances?env=live");
        String reference = payout(shop, "+221781119010", "1000");
        PayoutTests.sleep(1500);

        assertThat(fake.operator().cashIns().pinCalls() - before).isEqualTo(1);
        assertThat(fake.operator().cashIns().wrongPins(shop.retailer())).isEqualTo(1);
        assertThat(jdbc.sql("SELECT stage FROM payouts WHERE reference = :r")
                        .param("r", reference)
                        .query(String.class)
                        .single())
                .isEqualTo("QUEUED");
    }

    private String payout(Shop shop, String phone, String amount) {
        Api.Response created = api.post(
                shop.merchant(),
                "/payouts/",
                "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"" + amount + "\",\"recipient_phone\":\"" + phone
                        + "\",\"recipient_name\":\"Awa Diop\",\"reason\":\"Commission\"}",
                Map.of("Idempotency-Key", "k-" + System.nanoTime()));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("reference").stringValue();
    }

    /** Waits until the connection's PIN is marked refused; the PIN calls made by then. */
    private int awaitPinRefused(Shop shop) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            Api.Response connection = api.admin("GET", shop.connectionPath(), null);
            if (connection.json().has("retailer_pin_refused_at")
                    && !connection.json().get("retailer_pin_refused_at").isNull()) {
                return fake.operator().cashIns().pinCalls();
            }
            PayoutTests.sleep(50);
        }
        PayoutTests.sleep(1500); // the unchanged code never says: let its other cash-ins go, then count
        return -1;
    }

    private long cashIns(String reference) {
        return fake.received().stream()
                .filter(r -> r.method().equals("POST")
                        && r.path().equals("/api/eWallet/v1/cashins")
                        && r.body().contains(reference))
                .count();
    }
}
