package sn.xaalis.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.Inbox;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;
import tools.jackson.databind.JsonNode;

/**
 * Refunds of live payments on the installation's wallet account, against the fake wallet: one the
 * merchant's available balance cannot cover is refused before the wallet is asked; two at once never
 * spend the same money, nor refund one payment twice. The operator's fee here is a fixed 400 francs, so
 * a refunded payment of 1000 takes 400 more than it credited.
 */
@IntegrationTest
@WithFakeProviders(Setup.LIVE_ADAPTERS)
class RefundCoverageIT extends ApiIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    Availability availability;

    @Autowired
    LedgerProperties properties;

    Api.Merchant merchant;

    @BeforeEach
    void setUp() {
        fake.useClock(clock);
        fake.forget();
        fake.wallet().down(false);
        fake.wallet().nextExpiry(null);
        fake.installationCallbacks("http://127.0.0.1:" + port);
        merchant = api.goLive(api.onboard("WALLET_SN"));
        assertThat(api.admin(
                                "PUT",
                                "/merchants/" + merchant.merchantId() + "/pricing",
                                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"0\",\"fixed\":\"400\",\"min\":\"0\","
                                        + "\"max\":null}}}")
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aRefundTheBalanceCannotCoverIsRefusedBeforeTheWalletIsAsked() {
        String first = paid();
        assertThat(balance()).isEqualTo("0.00/600.00");

        Api.Response refused = refund(first);

        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("errors").get("balance").toString()).isEqualTo("[\"insufficient_balance\"]");
        assertThat(refused.json().get("message").stringValue()).startsWith("Insufficient balance");
        assertThat(fake.received("POST", refundPath(first))).isEmpty();
        assertThat(api.status(merchant, first).json().get("status").stringValue())
                .isEqualTo("SUCCESS");
        assertThat(balance()).isEqualTo("0.00/600.00");

        // A second payment made available covers it: 1200 available, the refund takes 1000.
        paid();
        releaseAll();
        assertThat(balance()).isEqualTo("1200.00/0.00");
        Api.Response refunded = refund(first);
        assertThat(refunded.status()).as(refunded.body()).isEqualTo(200);
        assertThat(refunded.json().get("status").stringValue()).isEqualTo("REFUNDED");
        assertThat(fake.received("POST", refundPath(first))).hasSize(1);
        assertThat(balance()).isEqualTo("200.00/0.00");
        new LedgerChecks(jdbc).all();
    }

    @Test
    void twoRefundsAtOnceNeverSpendTheSameMoney() throws Exception {
        String a = paid();
        String b = paid();
        releaseAll();
        assertThat(balance()).isEqualTo("1200.00/0.00");

        List<Integer> statuses = concurrently(a, b);

        assertThat(statuses).containsExactlyInAnyOrder(200, 409);
        assertThat(balance()).isEqualTo("200.00/0.00");
        assertThat(fake.received("POST", refundPath(a)).size()
                        + fake.received("POST", refundPath(b)).size())
                .as("the wallet was asked for the one refund covered")
                .isEqualTo(1);
        new LedgerChecks(jdbc).all();
    }

    @Test
    void twoRefundsOfOnePaymentAtOnceRefundItOnce() throws Exception {
        String a = paid();
        paid();
        releaseAll();

        List<Integer> statuses = concurrently(a, a);

        assertThat(statuses).containsExactlyInAnyOrder(200, 409);
        assertThat(fake.received("POST", refundPath(a))).hasSize(1);
        assertThat(balance()).isEqualTo("200.00/0.00");
        new LedgerChecks(jdbc).all();
    }

    @Test
    void aRefusedRefundGivesTheMoneyBackAndAnUnreachableWalletKeepsItForTheNextTry() {
        String a = paid();
        paid();
        releaseAll();
        fake.answerNext(
                "wallet.refund",
                FakeProviders.Answer.of(
                        400,
                        "{\"code\":\"checkout-refund-failed\",\"message\":\"The checkout session could not be refunded\"}"));
        assertThat(refund(a).status()).isEqualTo(400);
        assertThat(balance()).isEqualTo("1200.00/0.00");
        // Both at the same instant of the test's clock: in either order.
        JsonNode lines =
                api.get(merchant, "/balance/transactions?limit=2").json().get("data");
        assertThat(List.of(line(lines.get(0)), line(lines.get(1))))
                .containsExactlyInAnyOrder("refund_reversal 1000.00 " + a, "refund -1000.00 " + a);

        fake.wallet().down(true);
        assertThat(refund(a).status()).isEqualTo(503);
        // Its answer is unknown: the money stays set aside, and the next try takes it over.
        assertThat(balance()).isEqualTo("200.00/0.00");
        fake.wallet().down(false);
        assertThat(refund(a).status()).isEqualTo(200);
        assertThat(balance()).isEqualTo("200.00/0.00");
        assertThat(api.status(merchant, a).json().get("status").stringValue()).isEqualTo("REFUNDED");
        new LedgerChecks(jdbc).all();
    }

    private static String line(JsonNode line) {
        return line.get("type").stringValue() + " " + line.get("amount").stringValue() + " "
                + line.get("reference").stringValue();
    }

    private List<Integer> concurrently(String first, String second) throws Exception {
        var barrier = new CyclicBarrier(2);
        List<Future<Integer>> calls = new ArrayList<>();
        try (var executor = Executors.newFixedThreadPool(2)) {
            for (String reference : List.of(first, second)) {
                calls.add(executor.submit(() -> {
                    barrier.await();
                    return refund(reference).status();
                }));
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> call : calls) {
                statuses.add(call.get());
            }
            return statuses;
        }
    }

    private Api.Response refund(String reference) {
        return api.post(merchant, "/payments/" + reference + "/refund/", null, Map.of());
    }

    private String refundPath(String reference) {
        return "/v1/checkout/sessions/"
                + fake.wallet().sessionFor(reference).get("id").stringValue() + "/refund";
    }

    /** available/pending */
    private String balance() {
        JsonNode balance = api.get(merchant, "/balance").json();
        return balance.get("available").stringValue() + "/"
                + balance.get("pending").stringValue();
    }

    private String paid() {
        Api.Response response = api.initiate(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"1000\"}");
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        String reference = response.json().get("reference").stringValue();
        assertThat(fake.wallet().pay(reference).status()).isEqualTo(200);
        api.awaitStatus(merchant, reference, "SUCCESS", Duration.ofSeconds(10));
        Inbox.awaitActedOn(jdbc, clock);
        return reference;
    }

    private void releaseAll() {
        clock.advance(Duration.ofDays(2));
        while (availability.releaseDue() >= properties.jobBatch()) {
            // a full batch: the job's next pass would start at once
        }
    }
}
