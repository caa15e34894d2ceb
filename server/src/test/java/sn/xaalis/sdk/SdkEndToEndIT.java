package sn.xaalis.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.example.WebhookReceiver;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;

/**
 * Issue 6 end to end: the SDK initiates against the running server, simulates success in sandbox, and
 * the example receiver verifies and applies the resulting webhook; forgeries are refused.
 */
@IntegrationTest
class SdkEndToEndIT extends ApiIntegrationTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    // The server's clock, which other tests in this context move forward: the receiver must share it.
    @Autowired
    MutableClock clock;

    @Test
    void theSdkAndTheExampleReceiverWorkAgainstTheServer() throws Exception {
        Api.Merchant m = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        List<String> applied = new CopyOnWriteArrayList<>();
        WebhookReceiver.Orders orders = new WebhookReceiver.Orders() {
            @Override
            public Optional<BigDecimal> expectedAmount(String orderId) {
                return orderId.equals("o-42") ? Optional.of(new BigDecimal("1500")) : Optional.empty();
            }

            @Override
            public void apply(String orderId, WebhookEvent event) {
                applied.add(orderId + " " + event.event() + " " + event.id());
            }
        };
        try (WebhookReceiver receiver = new WebhookReceiver(
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        new WebhookVerifier(clock, WebhookVerifier.DEFAULT_TOLERANCE, m.apiSecret()),
                        orders)
                .start()) {
            String hook = "http://127.0.0.1:" + receiver.port() + WebhookReceiver.PATH;
            api.setWebhook(m, hook);
            XaalisClient xaalis = XaalisClient.builder()
                    .baseUrl(api.base())
                    .endpointKey(m.endpointKey())
                    .apiKey(m.apiKey())
                    .apiSecret(m.apiSecret())
                    .build();

            Payment payment = xaalis.initiate(PaymentRequest.of("WALLET_SN", "1500")
                    .withMetadata(Map.of("order_id", "o-42"))
                    .withDescription("Thiéboudienne x2"));
            assertThat(payment.status()).isEqualTo("PROCESSING");
            assertThat(payment.amount()).isEqualByComparingTo("1500");
            assertThat(payment.qrCode()).isNotBlank();
            assertThat(xaalis.status(payment.reference())
                            .metadata()
                            .get("order_id")
                            .asText())
                    .isEqualTo("o-42");

            Payment succeeded = xaalis.simulate(payment.reference(), XaalisClient.Outcome.SUCCESS);
            assertThat(succeeded.status()).isEqualTo("SUCCESS");
            String eventId = payment.reference() + ":SUCCESS";
            api.awaitNotification(m, eventId, Set.of("DELIVERED"), Duration.ofSeconds(10));
            assertThat(applied).containsExactly("o-42 transaction.success " + eventId);

            // A second delivery of the same notification (a manual resend) is acknowledged, not applied twice.
            String notificationId = notificationId(m, eventId);
            api.admin(
                    "POST",
                    "/applications/" + m.applicationId() + "/notifications/" + notificationId + "/resend",
                    null);
            awaitAttempts(m, eventId, 2);
            assertThat(applied).hasSize(1);

            // Forgeries straight at the receiver: a tampered body, a stale timestamp, a wrong amount.
            String body = "{\"id\":\"" + payment.reference() + ":REFUNDED\",\"event\":\"transaction.refunded\","
                    + "\"environment\":\"sandbox\",\"created_at\":\"2026-11-22T08:42:45.123400Z\",\"data\":{"
                    + "\"reference\":\"" + payment.reference()
                    + "\",\"amount\":\"1500.00\",\"metadata\":{\"order_id\":\"o-42\"}}}";
            String fresh = WebhookVerifier.sign(body, clock.instant(), m.apiSecret());
            assertThat(post(hook, body.replace("1500.00", "15.00"), fresh)).isEqualTo(401);
            assertThat(post(
                            hook,
                            body,
                            WebhookVerifier.sign(body, clock.instant().minusSeconds(301), m.apiSecret())))
                    .isEqualTo(401);
            assertThat(post(hook, body, null)).isEqualTo(401);
            String cheap = body.replace("1500.00", "1.00");
            assertThat(post(hook, cheap, WebhookVerifier.sign(cheap, clock.instant(), m.apiSecret())))
                    .isEqualTo(422);
            assertThat(applied).hasSize(1);
            assertThat(post(hook, body, fresh)).isEqualTo(200);
            assertThat(applied).hasSize(2);

            // The typed error carries the §7 body.
            try {
                xaalis.initiate(PaymentRequest.of("MOBILEMONEY_SN", "1500.50"));
                throw new AssertionError("a decimal MOBILEMONEY_SN amount must be refused");
            } catch (XaalisException e) {
                assertThat(e.status()).isEqualTo(400);
                assertThat(e.error().errors()).containsKey("amount");
                assertThat(e.error().timestamp()).matches(".*[+-]\\d\\d:\\d\\d");
            }
            PaymentPage page = xaalis.list(PaymentQuery.all().status("SUCCESS"));
            assertThat(page.payments()).extracting(Payment::reference).containsExactly(payment.reference());
        }
    }

    private String notificationId(Api.Merchant m, String eventId) {
        for (var n : api.notifications(m)) {
            if (n.get("event_id").stringValue().equals(eventId)) {
                return n.get("id").stringValue();
            }
        }
        throw new AssertionError("no notification " + eventId);
    }

    private void awaitAttempts(Api.Merchant m, String eventId, int attempts) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            for (var n : api.notifications(m)) {
                if (n.get("event_id").stringValue().equals(eventId)
                        && n.get("state").stringValue().equals("DELIVERED")
                        && n.get("attempts").size() >= attempts) {
                    return;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no second delivery of " + eventId + ": " + api.notifications(m));
    }

    private static int post(String url, String body, String signature) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (signature != null) {
            request.header("X-SVC-Signature", signature);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }
}
