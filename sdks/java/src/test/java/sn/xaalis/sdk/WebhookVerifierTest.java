package sn.xaalis.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WebhookVerifierTest {

    static final String SECRET = "sk_test_0123456789abcdefghijklmnopqrstuvwxyzABCD";
    static final Instant NOW = Instant.parse("2026-11-22T08:42:45Z");
    static final String BODY = "{\"id\":\"SVC-AB12CD34:SUCCESS\",\"event\":\"transaction.success\","
            + "\"environment\":\"sandbox\",\"created_at\":\"2026-11-22T08:42:45.123400Z\",\"data\":{"
            + "\"reference\":\"SVC-AB12CD34\",\"amount\":\"1500.00\",\"paid_at\":null,\"late\":false,"
            + "\"metadata\":{\"order_id\":\"o-42\",\"items\":[1,2.50],\"note\":\"caf\\u00e9\"}}}";

    final WebhookVerifier verifier =
            new WebhookVerifier(Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(300), SECRET);

    static final String PAYOUT_BODY = "{\"id\":\"OUT-4KQ7ZP2M:FAILED\",\"event\":\"payout.failed\","
            + "\"environment\":\"sandbox\",\"created_at\":\"2026-11-28T09:15:03.000000Z\",\"data\":{"
            + "\"reference\":\"OUT-4KQ7ZP2M\",\"provider\":\"WALLET_SN\",\"environment\":\"sandbox\","
            + "\"amount\":\"5000.00\",\"fee\":null,\"currency\":\"XOF\",\"recipient_phone\":\"+221700000011\","
            + "\"recipient_name\":null,\"reason\":null,\"status\":\"FAILED\","
            + "\"failure_code\":\"recipient-limit-exceeded\",\"failure_reason\":\"monthly limit\","
            + "\"metadata\":{\"staff_id\":\"S-12\"},\"created_at\":\"2026-11-28T09:15:02.118000Z\","
            + "\"updated_at\":\"2026-11-28T09:15:03.000000Z\",\"settled_at\":\"2026-11-28T09:15:03.000000Z\"}}";

    @Test
    void aPayoutNotificationVerifiesAndReadsAsAPayout() throws Exception {
        WebhookEvent event = verifier.verify(PAYOUT_BODY, WebhookVerifier.sign(PAYOUT_BODY, NOW, SECRET));
        assertThat(event.id()).isEqualTo("OUT-4KQ7ZP2M:FAILED");
        assertThat(event.event()).isEqualTo("payout.failed");
        assertThat(event.reference()).isEqualTo("OUT-4KQ7ZP2M");
        assertThat(event.status()).isEqualTo("FAILED");
        assertThat(event.metadata()).containsEntry("staff_id", "S-12");
        Payout payout = event.payout();
        assertThat(payout).isNotNull();
        assertThat(payout.reference()).isEqualTo("OUT-4KQ7ZP2M");
        assertThat(payout.status()).isEqualTo("FAILED");
        assertThat(payout.amount()).isEqualTo(new BigDecimal("5000.00"));
        assertThat(payout.fee()).isNull();
        assertThat(payout.recipientPhone()).isEqualTo("+221700000011");
        assertThat(payout.failureCode()).isEqualTo("recipient-limit-exceeded");
        assertThat(payout.failureReason()).isEqualTo("monthly limit");
        assertThat(payout.metadata().get("staff_id").asText()).isEqualTo("S-12");
        assertThat(payout.settledAt()).isEqualTo(Instant.parse("2026-11-28T09:15:03Z"));

        // A payment's notification is no payout; its status reads the same way.
        WebhookEvent payment = verifier.verify(BODY, WebhookVerifier.sign(BODY, NOW, SECRET));
        assertThat(payment.payout()).isNull();
        String withStatus = BODY.replace("\"amount\"", "\"status\":\"SUCCESS\",\"amount\"");
        assertThat(verifier.verify(withStatus, WebhookVerifier.sign(withStatus, NOW, SECRET))
                        .status())
                .isEqualTo("SUCCESS");
    }

    static final String SETTLEMENT_BODY = "{\"id\":\"STL-4KQ7ZP2M:FAILED\",\"event\":\"settlement.failed\","
            + "\"environment\":\"sandbox\",\"created_at\":\"2026-11-28T09:15:03.000000Z\",\"data\":{"
            + "\"id\":\"019ad0a4-2d25-7e47-8ab9-12e6c632952b\",\"reference\":\"STL-4KQ7ZP2M\","
            + "\"environment\":\"sandbox\",\"amount\":\"4500.00\",\"currency\":\"XOF\",\"provider\":\"WALLET_SN\","
            + "\"destination\":\"+221 70 *** ** 11\",\"status\":\"FAILED\",\"payout_reference\":\"OUT-TO0UE0ED\","
            + "\"origin\":\"api\",\"failure_code\":\"recipient-limit-exceeded\",\"failure_reason\":\"monthly limit\","
            + "\"created_at\":\"2026-11-28T09:15:02.118000Z\",\"updated_at\":\"2026-11-28T09:15:03.000000Z\"}}";

    @Test
    void aSettlementNotificationVerifiesAndReadsAsASettlement() throws Exception {
        WebhookEvent event = verifier.verify(SETTLEMENT_BODY, WebhookVerifier.sign(SETTLEMENT_BODY, NOW, SECRET));
        assertThat(event.event()).isEqualTo("settlement.failed");
        assertThat(event.reference()).isEqualTo("STL-4KQ7ZP2M");
        assertThat(event.status()).isEqualTo("FAILED");
        assertThat(event.payout()).isNull();
        Settlement settlement = event.settlement();
        assertThat(settlement).isNotNull();
        assertThat(settlement.id()).isEqualTo("019ad0a4-2d25-7e47-8ab9-12e6c632952b");
        assertThat(settlement.amount()).isEqualTo(new BigDecimal("4500.00"));
        assertThat(settlement.destination()).isEqualTo("+221 70 *** ** 11");
        assertThat(settlement.payoutReference()).isEqualTo("OUT-TO0UE0ED");
        assertThat(settlement.origin()).isEqualTo("api");
        assertThat(settlement.failureCode()).isEqualTo("recipient-limit-exceeded");
        assertThat(settlement.updatedAt()).isEqualTo(Instant.parse("2026-11-28T09:15:03Z"));
        // A payout's or a payment's notification is no settlement.
        assertThat(verifier.verify(PAYOUT_BODY, WebhookVerifier.sign(PAYOUT_BODY, NOW, SECRET))
                        .settlement())
                .isNull();
        assertThat(verifier.verify(BODY, WebhookVerifier.sign(BODY, NOW, SECRET))
                        .settlement())
                .isNull();
    }

    @Test
    void returnsTheParsedEvent() throws Exception {
        WebhookEvent event = verifier.verify(BODY, WebhookVerifier.sign(BODY, NOW, SECRET));
        assertThat(event.id()).isEqualTo("SVC-AB12CD34:SUCCESS");
        assertThat(event.event()).isEqualTo("transaction.success");
        assertThat(event.environment()).isEqualTo("sandbox");
        assertThat(event.createdAt()).isEqualTo("2026-11-22T08:42:45.123400Z");
        assertThat(event.reference()).isEqualTo("SVC-AB12CD34");
        assertThat(event.dataString("amount")).isEqualTo("1500.00");
        assertThat(event.data()).containsEntry("paid_at", null).containsEntry("late", false);
        Map<String, Object> metadata = event.metadata();
        assertThat(metadata).containsEntry("order_id", "o-42").containsEntry("note", "café");
        assertThat(metadata.get("items")).isEqualTo(List.of(new BigDecimal("1"), new BigDecimal("2.50")));
    }

    @Test
    void aSignedBodyThatIsNotUtf8IsRefused() {
        byte[] body = {'{', (byte) 0xC3, '}'};
        String header = WebhookVerifier.sign(body, NOW.getEpochSecond(), SECRET);
        assertThatThrownBy(() -> verifier.verify(body, header))
                .isInstanceOfSatisfying(WebhookVerificationException.class, e -> assertThat(e.reason())
                        .isEqualTo(WebhookVerificationReason.INVALID_BODY));
    }

    @Test
    void messagesNeverContainTheSecretOrTheExpectedSignature() {
        String good = WebhookVerifier.sign(BODY, NOW, SECRET);
        String expectedHex = good.substring(good.indexOf("v1=") + 3);
        assertThatThrownBy(() -> verifier.verify(BODY + " ", good))
                .isInstanceOf(WebhookVerificationException.class)
                .message()
                .doesNotContain(SECRET)
                .doesNotContain(expectedHex);
    }

    @Test
    void refusesUnusableConfiguration() {
        assertThatThrownBy(() -> new WebhookVerifier()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new WebhookVerifier("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new WebhookVerifier(Clock.systemUTC(), Duration.ofSeconds(-1), SECRET))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void signAcceptsBytesAndText() {
        String fromText = WebhookVerifier.sign(BODY, NOW, SECRET);
        String fromBytes = WebhookVerifier.sign(BODY.getBytes(StandardCharsets.UTF_8), NOW.getEpochSecond(), SECRET);
        assertThat(fromText).isEqualTo(fromBytes).startsWith("t=" + NOW.getEpochSecond() + ",v1=");
    }
}
