package sn.xaalis.settlement;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
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
import sn.xaalis.support.WebhookReceiver;
import tools.jackson.databind.JsonNode;

/**
 * Settlements through the real API on the real database, in the sandbox: the destination's hold, one
 * settlement per key for good, the balance debited when queued and credited back once when its payout
 * fails, the webhooks signed as every other, the daily job settling once, and two withdrawals at once
 * never overdrawing.
 */
@IntegrationTest
class SettlementIT extends ApiIntegrationTest {

    private static final String GOOD_NUMBER = "771234567";
    /** The sandbox's payout magic number that fails. */
    private static final String FAILING_NUMBER = "700000011";

    @Autowired
    ApplicationContext context;

    @Autowired
    SettlementDestinations destinations;

    @Autowired
    AutomaticSettlements automatic;

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    Api.Merchant merchant;

    @BeforeEach
    void setUp() {
        merchant = api.onboardBoth();
    }

    /** A sandbox payment of {@code amount} (no fee by default), made available. */
    private void funded(String amount) {
        String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"" + amount + "\"}");
        assertThat(api.simulate(merchant, reference, "SUCCESS").status()).isEqualTo(200);
        clock.advance(Duration.ofDays(2));
        LedgerTestAccess.releaseDue(context);
    }

    private Destination destination(String number) {
        return destinations.change(
                MerchantId.valueOf(merchant.merchantId()),
                ApplicationId.valueOf(merchant.applicationId()),
                "Boutique",
                Environment.SANDBOX,
                Provider.WALLET_SN,
                new CustomerPhone(number),
                "owner@example.sn");
    }

    private Api.Response settle(String key, String body) {
        return api.post(merchant, "/settlements", body, key == null ? Map.of() : Map.of("Idempotency-Key", key));
    }

    private String available() {
        return api.get(merchant, "/balance").json().get("available").stringValue();
    }

    private JsonNode awaitSettlement(String id, String status) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = api.get(merchant, "/settlements/" + id).json();
            if (status.equals(last.get("status").stringValue())) {
                return last;
            }
            sleep();
        }
        throw new AssertionError("settlement " + id + " not " + status + " in time: " + last);
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aDestinationIsHeldADayThenTheBalanceIsSettledOncePerKey() {
        funded("6000");
        Api.Response none = settle("k-none", "{\"amount\":\"4500\"}");
        assertThat(none.status()).isEqualTo(409);
        assertThat(none.body()).contains("destination");

        Instant changed = clock.instant();
        Destination d = destination(GOOD_NUMBER);
        assertThat(d.usableFrom())
                .isAfterOrEqualTo(changed.plus(Duration.ofHours(24)).minusMillis(1))
                .isBefore(changed.plus(Duration.ofHours(24)).plusSeconds(5));
        Api.Response held = settle("k-held", "{\"amount\":\"4500\"}");
        assertThat(held.status()).isEqualTo(409);
        assertThat(held.body()).contains("changed recently");
        clock.advance(Duration.ofHours(23));
        assertThat(settle("k-held", "{\"amount\":\"4500\"}").status()).isEqualTo(409);
        clock.advance(Duration.ofHours(1));

        assertThat(settle(null, "{\"amount\":\"4500\"}").status()).isEqualTo(400);
        Api.Response invalid = settle("k-bad", "{\"amount\":\"45.50\",\"to\":\"x\"}");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.json().get("errors").has("amount")).isTrue();
        assertThat(invalid.json().get("errors").has("to")).isTrue();
        assertThat(settle("k-big", "{\"amount\":\"6001\"}").status()).isEqualTo(409);

        Api.Response created = settle("k-1", "{\"amount\":\"4500\"}");
        assertThat(created.status()).isEqualTo(201);
        JsonNode s = created.json();
        assertThat(s.get("amount").stringValue()).isEqualTo("4500.00");
        assertThat(s.get("status").stringValue()).isEqualTo("PROCESSING");
        assertThat(s.get("destination").stringValue()).isEqualTo("+221 77 *** ** 67");
        assertThat(s.get("origin").stringValue()).isEqualTo("api");
        assertThat(s.get("reference").stringValue()).matches("STL-[A-Z0-9]{8}");
        assertThat(s.get("environment").stringValue()).isEqualTo("sandbox");
        assertThat(available()).isEqualTo("1500.00");

        Api.Response replay = settle("k-1", "{\"amount\":\"4500\"}");
        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(replay.json().get("id").stringValue()).isEqualTo(s.get("id").stringValue());
        assertThat(settle("k-1", "{\"amount\":\"1000\"}").status()).isEqualTo(422);
        assertThat(available()).isEqualTo("1500.00");

        String id = s.get("id").stringValue();
        assertThat(awaitSettlement(id, "PAID").get("amount").stringValue()).isEqualTo("4500.00");
        assertThat(available()).isEqualTo("1500.00");
        assertThat(LedgerTestAccess.postings(jdbc, "settlement", id)).isEqualTo(1);
        assertThat(LedgerTestAccess.postings(jdbc, "settlement_reversal", id)).isZero();

        // All that is left, by default.
        Api.Response rest = settle("k-2", "");
        assertThat(rest.status()).isEqualTo(201);
        assertThat(rest.json().get("amount").stringValue()).isEqualTo("1500.00");
        assertThat(available()).isEqualTo("0.00");
        assertThat(settle("k-3", "").status()).isEqualTo(409);

        JsonNode list = api.get(merchant, "/settlements?limit=1").json();
        assertThat(list.get("data").get(0).get("id").stringValue())
                .isEqualTo(rest.json().get("id").stringValue());
        assertThat(list.get("has_more").booleanValue()).isTrue();
        JsonNode next = api.get(
                        merchant,
                        "/settlements?limit=1&cursor=" + list.get("next_cursor").stringValue())
                .json();
        assertThat(next.get("data").get(0).get("id").stringValue()).isEqualTo(id);
        assertThat(next.get("has_more").booleanValue()).isFalse();
        assertThat(api.get(merchant, "/settlements/" + java.util.UUID.randomUUID())
                        .status())
                .isEqualTo(404);

        JsonNode lines = api.get(merchant, "/balance/transactions").json().get("data");
        assertThat(lines.get(0).get("type").stringValue()).isEqualTo("settlement");
        assertThat(lines.get(0).get("amount").stringValue()).isEqualTo("-1500.00");
        LedgerTestAccess.checkInvariants(jdbc);
    }

    @Test
    void anotherMerchantSeesNoneOfThem() {
        funded("2000");
        destination(GOOD_NUMBER);
        clock.advance(Duration.ofHours(25));
        String id = settle("k-own", "").json().get("id").stringValue();
        Api.Merchant other = api.onboardBoth();
        assertThat(api.get(other, "/settlements/" + id).status()).isEqualTo(404);
        assertThat(api.get(other, "/settlements").json().get("data").size()).isZero();
    }

    @Test
    void aFailedPayoutCreditsTheBalanceBackOnceAndBothWebhooksAreSigned() {
        try (WebhookReceiver receiver = new WebhookReceiver(clock).acceptingSecrets(merchant.apiSecret())) {
            api.setWebhook(merchant, receiver.url("/hooks"));
            funded("5000");
            destination(FAILING_NUMBER);
            clock.advance(Duration.ofHours(25));
            String failing =
                    settle("k-fail", "{\"amount\":\"3000\"}").json().get("id").stringValue();
            JsonNode failed = awaitSettlement(failing, "FAILED");
            assertThat(failed.get("failure_code").stringValue()).isEqualTo("recipient-limit-exceeded");
            assertThat(available()).isEqualTo("5000.00");
            assertThat(LedgerTestAccess.postings(jdbc, "settlement", failing)).isEqualTo(1);
            assertThat(LedgerTestAccess.postings(jdbc, "settlement_reversal", failing))
                    .isEqualTo(1);

            destination(GOOD_NUMBER);
            clock.advance(Duration.ofHours(25));
            String paid =
                    settle("k-paid", "{\"amount\":\"4500\"}").json().get("id").stringValue();
            awaitSettlement(paid, "PAID");

            var got = receiver.await(
                    r -> r.stream()
                                    .filter(x -> x.bodyText().contains("\"settlement."))
                                    .count()
                            >= 2,
                    Duration.ofSeconds(20));
            List<WebhookReceiver.Received> settlements = got.stream()
                    .filter(x -> x.bodyText().contains("\"settlement."))
                    .toList();
            assertThat(settlements).allMatch(WebhookReceiver.Received::signatureValid);
            assertThat(settlements.stream().map(WebhookReceiver.Received::bodyText))
                    .anyMatch(b -> b.contains("\"settlement.failed\"") && b.contains(failing))
                    .anyMatch(b -> b.contains("\"settlement.paid\"") && b.contains(paid) && b.contains("\"4500.00\""));
            LedgerTestAccess.checkInvariants(jdbc);
        }
    }

    @Test
    void theDailyJobSettlesAboveTheMinimumOnceADay() {
        funded("3000");
        destination(GOOD_NUMBER);
        ApplicationId app = ApplicationId.valueOf(merchant.applicationId());
        assertThat(destinations.schedule(app, Environment.SANDBOX, true, new BigDecimal("5000")))
                .isTrue();
        clock.advance(Duration.ofHours(25));
        // Past the hour of the day the job settles from.
        Instant now = clock.instant();
        LocalDate today = LocalDate.ofInstant(now, AutomaticSettlements.DAKAR);
        if (now.atZone(AutomaticSettlements.DAKAR).toLocalTime().isBefore(LocalTime.of(6, 0))) {
            clock.advance(Duration.between(
                    now, today.atTime(7, 0).atZone(AutomaticSettlements.DAKAR).toInstant()));
        }
        automatic.run();
        assertThat(api.get(merchant, "/settlements").json().get("data").size()).isZero(); // below 5000

        funded("3000"); // two days later, 6000 available
        now = clock.instant();
        if (now.atZone(AutomaticSettlements.DAKAR).toLocalTime().isBefore(LocalTime.of(6, 0))) {
            clock.advance(Duration.ofHours(7));
        }
        automatic.run();
        automatic.run();
        JsonNode list = api.get(merchant, "/settlements").json().get("data");
        assertThat(list.size()).isEqualTo(1);
        assertThat(list.get(0).get("amount").stringValue()).isEqualTo("6000.00");
        assertThat(list.get(0).get("origin").stringValue()).isEqualTo("automatic");
        assertThat(available()).isEqualTo("0.00");
        LedgerTestAccess.checkInvariants(jdbc);
    }

    @Test
    void twoWithdrawalsAtOnceNeverOverdraw() throws Exception {
        funded("5000");
        destination(GOOD_NUMBER);
        clock.advance(Duration.ofHours(25));
        int threads = 6;
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Future<Integer>> answers = new ArrayList<>();
        try (var pool = Executors.newFixedThreadPool(threads)) {
            for (int i = 0; i < threads; i++) {
                String key = "k-race-" + i;
                answers.add(pool.submit(() -> {
                    start.await();
                    return settle(key, "{\"amount\":\"2000\"}").status();
                }));
            }
        }
        int created = 0;
        for (Future<Integer> answer : answers) {
            int status = answer.get();
            assertThat(status).isIn(201, 409);
            created += status == 201 ? 1 : 0;
        }
        assertThat(created).isEqualTo(2);
        assertThat(available()).isEqualTo("1000.00");
        LedgerTestAccess.checkInvariants(jdbc);
    }
}
