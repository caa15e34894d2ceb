package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.AuditRows;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.WebhookReceiver;

@IntegrationTest
class PortalWebhooksIT extends ApiIntegrationTest {

    private static final Pattern RESEND =
            Pattern.compile("/portal/transactions/[A-Z0-9-]+/notifications/[0-9a-f-]{36}/resend");

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    @Test
    void sendATestEventAndSeeTheDeliveryHealth() {
        String email = "hooks" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        try (WebhookReceiver receiver = new WebhookReceiver(clock).acceptingSecrets(merchant.apiSecret())) {
            api.setWebhook(merchant, receiver.url("/hooks"));
            receiver.respondWith(r -> Api.JSON
                            .readTree(r.body())
                            .get("data")
                            .get("status")
                            .stringValue()
                            .equals("FAILED")
                    ? 410
                    : 200);
            String ok = api.newPayment(merchant);
            api.simulate(merchant, ok, "SUCCESS");
            String refused = api.newPayment(merchant);
            api.simulate(merchant, refused, "FAILED");
            api.awaitNotification(merchant, ok + ":SUCCESS", Set.of("DELIVERED"), Duration.ofSeconds(20));
            api.awaitNotification(merchant, refused + ":FAILED", Set.of("FAILED"), Duration.ofSeconds(20));

            PortalSession browser = new PortalSession(port);
            browser.signIn(email, Api.PASSWORD);
            String page = browser.get("/portal/applications/" + merchant.applicationId())
                    .body();
            assertThat(page)
                    .contains(
                            "Received by your server:",
                            ">50 %</strong>",
                            refused + ":FAILED",
                            "refused by your server");

            String token = browser.csrfFrom("/portal/applications/" + merchant.applicationId());
            var sent = browser.post(
                    "/portal/applications/" + merchant.applicationId() + "/webhooks/test",
                    Map.of("environment", "sandbox"),
                    token);
            // Post, redirect, get: a reload does not send a second event, and the page tells what happened.
            assertThat(sent.statusCode()).isEqualTo(302);
            assertThat(sent.headers().firstValue("Location").orElseThrow())
                    .endsWith("/portal/applications/" + merchant.applicationId() + "#webhooks");
            var got = receiver.await(r -> r.size() == 3, Duration.ofSeconds(20));
            assertThat(got).hasSize(3);
            assertThat(got.getLast().signatureValid()).isTrue();
            String outcome = awaitLastTest(browser, merchant, "Received: your server answered 200.");
            assertThat(outcome).contains("Last test (");
            assertThat(jdbc.sql("SELECT after_state FROM audit_events WHERE actor = :who"
                                    + " AND action = 'webhook.test_sent'")
                            .param("who", email)
                            .query(String.class)
                            .single())
                    .contains(merchant.applicationId())
                    .contains("\"environment\":\"sandbox\"");
        }
    }

    /** The transaction page's resend: an ended delivery is queued again, and another notification's id is a 404. */
    @Test
    void resendAnEndedNotificationFromTheTransactionPage() {
        String email = "resend" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        try (WebhookReceiver receiver = new WebhookReceiver(clock).acceptingSecrets(merchant.apiSecret())) {
            api.setWebhook(merchant, receiver.url("/hooks"));
            receiver.respondWith(r -> 410);
            String reference = api.newPayment(merchant);
            api.simulate(merchant, reference, "FAILED");
            api.awaitNotification(merchant, reference + ":FAILED", Set.of("FAILED"), Duration.ofSeconds(20));

            PortalSession browser = new PortalSession(port);
            browser.signIn(email, Api.PASSWORD);
            String transaction = "/portal/transactions/" + reference;
            Matcher form = RESEND.matcher(browser.get(transaction).body());
            assertThat(form.find()).isTrue();
            String resend = form.group();

            receiver.respondWith(r -> 200);
            var queued = browser.post(resend, Map.of(), browser.csrfFrom(transaction));
            assertThat(queued.statusCode()).isEqualTo(302);
            assertThat(browser.get(transaction).body()).contains("Notification queued for a new delivery.");

            String unknown =
                    resend.replaceFirst("notifications/[0-9a-f-]{36}/", "notifications/" + UUID.randomUUID() + "/");
            assertThat(browser.post(unknown, Map.of(), browser.csrfFrom(transaction))
                            .statusCode())
                    .isEqualTo(404);
            assertThat(AuditRows.changes(jdbc, "notification.resent", email))
                    .containsExactly("{\"state\":\"FAILED\"} {\"state\":\"resent\"}");
        }
    }

    /** The last-test fragment, asked again until it tells the expected outcome (the first attempt is async). */
    private String awaitLastTest(PortalSession browser, Api.Merchant merchant, String expected) {
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        String body = "";
        while (System.nanoTime() < end) {
            body = browser.get("/portal/applications/" + merchant.applicationId() + "/webhooks/last-test")
                    .body();
            if (body.contains(expected)) {
                return body;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("last test never said \"" + expected + "\": " + body);
    }
}
