package sn.xaalis.payout;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.egress.Cidr;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import tools.jackson.databind.JsonNode;

/**
 * The payout API over HTTP in the sandbox: off until turned on, a required key, one payout per key for
 * good, the caps, the magic numbers' outcomes with their webhooks, and only ever one's own payouts.
 */
@IntegrationTest
class PayoutApiIT extends ApiIntegrationTest {

    private static final String BODY = "{\"provider\":\"WALLET_SN\",\"amount\":\"5000\",\"recipient_phone\":"
            + "\"+221771234567\",\"recipient_name\":\"Awa Diop\",\"reason\":\"Commission novembre\","
            + "\"metadata\":{\"batch\": 7, \"who\":\"staff\"}}";

    @Autowired
    PayoutSettings settings;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    private Api.Merchant turnedOn(BigDecimal amountCap, int countCap, List<Cidr> addresses) {
        Api.Merchant m = api.onboardBoth();
        settings.save(
                ApplicationId.valueOf(m.applicationId()),
                new PayoutSettings.Settings(true, amountCap, countCap, addresses));
        return m;
    }

    private Api.Merchant turnedOn() {
        return turnedOn(new BigDecimal("1000000"), 100, List.of());
    }

    private Api.Response create(Api.Merchant m, String key, String body) {
        return api.post(m, "/payouts/", body, key == null ? Map.of() : Map.of("Idempotency-Key", key));
    }

    private static String body(String phone) {
        return BODY.replace("+221771234567", phone);
    }

    private int stored(Api.Merchant m) {
        return jdbc.sql("SELECT COUNT(*) FROM payouts WHERE application_id = :app")
                .param("app", ApplicationId.valueOf(m.applicationId()).value())
                .query(Integer.class)
                .single();
    }

    private JsonNode awaitPayout(Api.Merchant m, String reference, String status) {
        return PayoutTests.awaitPayout(api, m, reference, status, Duration.ofSeconds(10));
    }

    private String webhook(String eventId) {
        return PayoutTests.webhook(jdbc, eventId);
    }

    @Test
    void offUntilTurnedOnAndNothingStored() {
        Api.Merchant m = api.onboardBoth();
        Api.Response refused = create(m, "k-off", BODY);
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().get("message").stringValue()).contains("turned off");
        assertThat(stored(m)).isZero();
    }

    @Test
    void aKeyIsRequired() {
        Api.Merchant m = turnedOn();
        Api.Response refused = create(m, null, BODY);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").has("Idempotency-Key")).isTrue();
        assertThat(stored(m)).isZero();
    }

    @Test
    void aPayoutIsCreatedProcessingThenSucceedsWithItsFeeAndItsWebhook() {
        Api.Merchant m = turnedOn();
        Api.Response created = create(m, "k-success", BODY);
        assertThat(created.status()).isEqualTo(201);
        JsonNode payout = created.json();
        String reference = payout.get("reference").stringValue();
        assertThat(reference).matches("OUT-[A-Z0-9]{8}");
        assertThat(payout.get("status").stringValue()).isIn("PROCESSING", "SUCCESS");
        assertThat(payout.get("amount").stringValue()).isEqualTo("5000.00");
        assertThat(payout.get("recipient_phone").stringValue()).isEqualTo("+221771234567");
        assertThat(payout.get("environment").stringValue()).isEqualTo("sandbox");
        // The merchant's metadata exactly as sent, spacing included.
        assertThat(created.body()).contains("\"metadata\":{\"batch\": 7, \"who\":\"staff\"}");

        JsonNode done = awaitPayout(m, reference, "SUCCESS");
        assertThat(done.get("fee").stringValue()).isEqualTo("50.00");
        assertThat(done.get("settled_at").isNull()).isFalse();
        assertThat(webhook(reference + ":SUCCESS")).isEqualTo("payout.success");
    }

    @Test
    void theSameKeyGivesTheSamePayoutAndAnotherBodyUnderItIsRefused() {
        Api.Merchant m = turnedOn();
        Api.Response first = create(m, "k-same", BODY);
        Api.Response again = create(m, "k-same", BODY);
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.json().get("reference").stringValue())
                .isEqualTo(first.json().get("reference").stringValue());
        Api.Response other = create(m, "k-same", body("+221761234567"));
        assertThat(other.status()).isEqualTo(422);
        assertThat(stored(m)).isEqualTo(1);
        // For good, not only for the 24 hours of other requests' keys.
        clock.advance(Duration.ofDays(3));
        assertThat(create(m, "k-same", BODY).json().get("reference").stringValue())
                .isEqualTo(first.json().get("reference").stringValue());
        assertThat(stored(m)).isEqualTo(1);
    }

    @Test
    void theMagicNumbersFailReverseAndGoUnanswered() {
        Api.Merchant m = turnedOn();
        String failed = create(m, "k-fail", body("+221700000011"))
                .json()
                .get("reference")
                .stringValue();
        String reversed = create(m, "k-rev", body("+221700000012"))
                .json()
                .get("reference")
                .stringValue();
        String unanswered = create(m, "k-none", body("+221700000013"))
                .json()
                .get("reference")
                .stringValue();

        JsonNode f = awaitPayout(m, failed, "FAILED");
        assertThat(f.get("failure_code").stringValue()).isEqualTo("recipient-limit-exceeded");
        assertThat(f.get("failure_reason").stringValue()).contains("monthly limit");
        assertThat(webhook(failed + ":FAILED")).isEqualTo("payout.failed");

        awaitPayout(m, reversed, "SUCCESS");
        JsonNode r = null;
        for (int i = 0; i < 20 && (r == null || !r.get("status").stringValue().equals("REVERSED")); i++) {
            clock.advance(Duration.ofMinutes(1));
            PayoutTests.sleep(300);
            r = api.get(m, "/payouts/" + reversed + "/").json();
        }
        assertThat(r.get("status").stringValue()).isEqualTo("REVERSED");
        assertThat(webhook(reversed + ":SUCCESS")).isEqualTo("payout.success");
        assertThat(webhook(reversed + ":REVERSED")).isEqualTo("payout.reversed");

        JsonNode u = api.get(m, "/payouts/" + unanswered + "/").json();
        for (int i = 0; i < 30 && !u.get("status").stringValue().equals("NEEDS_REVIEW"); i++) {
            assertThat(u.get("status").stringValue()).isEqualTo("PROCESSING");
            clock.advance(Duration.ofMinutes(31));
            PayoutTests.sleep(300);
            u = api.get(m, "/payouts/" + unanswered + "/").json();
        }
        assertThat(u.get("status").stringValue()).isEqualTo("NEEDS_REVIEW");
        assertThat(u.get("failure_reason").stringValue()).contains("not sent again");
        assertThat(jdbc.sql("SELECT checks FROM payouts WHERE reference = :r")
                        .param("r", unanswered)
                        .query(Integer.class)
                        .single())
                .isGreaterThanOrEqualTo(PayoutSender.ABSENT_CHECKS);
        // Nothing is announced for it: no webhook says "unknown"; the merchant sees it in the list.
        assertThat(jdbc.sql("SELECT COUNT(*) FROM notifications WHERE event_id LIKE :r")
                        .param("r", unanswered + ":%")
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    @Test
    void theDailyCapsRefuseWhatWouldPassThemAndAFailureGivesItsShareBack() {
        Api.Merchant m = turnedOn(new BigDecimal("12000"), 2, List.of());
        assertThat(create(m, "c1", BODY).status()).isEqualTo(201);
        Api.Response overAmount = create(m, "c2", BODY.replace("\"5000\"", "\"7001\""));
        assertThat(overAmount.status()).isEqualTo(403);
        assertThat(overAmount.json().get("message").stringValue()).contains("amount cap");
        String failing =
                create(m, "c3", body("+221700000011")).json().get("reference").stringValue();
        awaitPayout(m, failing, "FAILED");
        // The failure gave its share back: one more fits, then the count cap (2) is reached.
        assertThat(create(m, "c4", BODY.replace("\"5000\"", "\"100\"")).status())
                .isEqualTo(201);
        Api.Response overCount = create(m, "c5", BODY.replace("\"5000\"", "\"100\""));
        assertThat(overCount.status()).isEqualTo(403);
        assertThat(overCount.json().get("message").stringValue()).contains("count cap");
        assertThat(stored(m)).isEqualTo(3);
    }

    @Test
    void onlyAllowedAddressesMayAsk() {
        Api.Merchant m = turnedOn(new BigDecimal("1000000"), 100, List.of(Cidr.parse("10.0.0.0/8")));
        Api.Response refused = create(m, "k-addr", BODY);
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().get("message").stringValue()).contains("address");
        assertThat(stored(m)).isZero();
    }

    @Test
    void badFieldsAreNamed() {
        Api.Merchant m = turnedOn();
        Api.Response refused = create(
                m,
                "k-bad",
                "{\"provider\":\"CASH\",\"amount\":\"10.50\",\"recipient_phone\":\"771234567\"," + "\"reason\":\""
                        + "x".repeat(41) + "\"}");
        assertThat(refused.status()).isEqualTo(400);
        JsonNode errors = refused.json().get("errors");
        assertThat(errors.has("provider")).isTrue();
        assertThat(errors.has("amount")).isTrue();
        assertThat(errors.has("recipient_phone")).isTrue();
        assertThat(errors.has("reason")).isTrue();
        assertThat(stored(m)).isZero();
    }

    @Test
    void anotherApplicationsPayoutIsNotFoundAndListsHoldOnlyOnesOwn() {
        Api.Merchant mine = turnedOn();
        Api.Merchant theirs = turnedOn();
        String their = create(theirs, "t1", BODY).json().get("reference").stringValue();
        assertThat(api.get(mine, "/payouts/" + their + "/").status()).isEqualTo(404);
        List<String> made = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            made.add(create(mine, "m" + i, BODY).json().get("reference").stringValue());
        }
        List<String> listed = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = api.get(mine, "/payouts/?limit=2" + (cursor == null ? "" : "&cursor=" + cursor))
                    .json();
            page.get("data").forEach(p -> listed.add(p.get("reference").stringValue()));
            cursor = page.get("has_more").booleanValue()
                    ? page.get("next_cursor").stringValue()
                    : null;
        } while (cursor != null);
        assertThat(listed).containsExactlyInAnyOrderElementsOf(made).doesNotContain(their);
        assertThat(api.get(mine, "/payouts/?status=NOPE").status()).isEqualTo(400);
    }
}
