package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.WebhookReceiver;

@IntegrationTest
class PortalWebhooksIT extends ApiIntegrationTest {

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
