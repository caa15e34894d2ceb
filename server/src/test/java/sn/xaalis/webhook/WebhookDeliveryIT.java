package sn.xaalis.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static sn.xaalis.support.ApiAssertions.fieldNames;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.WebhookReceiver;
import tools.jackson.databind.JsonNode;

@IntegrationTest
class WebhookDeliveryIT extends ApiIntegrationTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final Set<String> FINISHED = Set.of("DELIVERED", "FAILED", "UNDELIVERABLE");

    @Autowired
    MutableClock clock;

    Api.Merchant merchant;
    WebhookReceiver receiver;

    @BeforeEach
    void setUp() {
        merchant = api.onboardBoth();
        receiver = new WebhookReceiver(clock).acceptingSecrets(merchant.apiSecret());
        api.setWebhook(merchant, receiver.url("/hooks/xaalis"));
    }

    @AfterEach
    void tearDown() {
        receiver.close();
    }

    @Autowired
    javax.sql.DataSource dataSource;

    @Test
    void otherNodesAreToldOfCommittedNotifications() throws Exception {
        assumeTrue(sn.xaalis.support.TestDatabase.postgres(), "LISTEN and NOTIFY are PostgreSQL's");
        try (java.sql.Connection listening = dataSource.getConnection()) {
            try (java.sql.Statement statement = listening.createStatement()) {
                statement.execute("LISTEN xaalis_webhooks");
            }
            var pg = listening.unwrap(org.postgresql.PGConnection.class);
            while (heard(pg.getNotifications(200)) > 0) {
                // earlier tests' notifications
            }
            String reference = api.newPayment(merchant);
            assertThat(api.simulate(merchant, reference, "SUCCESS").status()).isEqualTo(200);

            int heard = 0;
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (heard == 0 && System.nanoTime() < deadline) {
                heard += heard(pg.getNotifications(200));
            }
            assertThat(heard).as("a NOTIFY after the commit").isPositive();
        }
    }

    private static int heard(org.postgresql.PGNotification[] received) {
        return received == null ? 0 : received.length;
    }

    @Test
    void aSuccessIsDeliveredSignedWithTheSpecBodyAndHeaders() {
        String reference = api.newPayment(
                merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\",\"metadata\":{\"z\":1,\"a\":[1.10,\"é\"]}}");
        assertThat(api.simulate(merchant, reference, "SUCCESS").status()).isEqualTo(200);

        List<WebhookReceiver.Received> got = receiver.await(r -> !r.isEmpty(), WAIT);
        assertThat(got).hasSize(1);
        WebhookReceiver.Received hook = got.getFirst();
        assertThat(hook.path()).isEqualTo("/hooks/xaalis");
        assertThat(hook.signatureValid())
                .as("HMAC over the raw bytes with sk_test_ and a fresh t")
                .isTrue();
        assertThat(hook.header("X-SVC-Signature")).matches("t=\\d+,v1=[0-9a-f]{64}");
        assertThat(hook.header("X-SVC-Event")).isEqualTo("transaction.success");
        assertThat(hook.header("User-Agent")).isEqualTo("SVC-Webhook/1.0");
        assertThat(hook.header("Content-Type")).startsWith("application/json");

        JsonNode body = Api.JSON.readTree(hook.body());
        assertThat(fieldNames(body)).containsExactly("id", "event", "environment", "created_at", "data");
        assertThat(body.get("id").stringValue()).isEqualTo(reference + ":SUCCESS");
        assertThat(body.get("event").stringValue()).isEqualTo("transaction.success");
        assertThat(body.get("environment").stringValue()).isEqualTo("sandbox");
        assertThat(body.get("created_at").stringValue()).matches(".*\\.\\d{6}Z");
        JsonNode data = body.get("data");
        assertThat(fieldNames(data))
                .containsExactly(
                        "transaction_uuid",
                        "reference",
                        "provider",
                        "environment",
                        "amount",
                        "currency",
                        "status",
                        "provider_reference",
                        "paid_at",
                        "expired_at",
                        "error_message",
                        "metadata",
                        "fee",
                        "net_amount");
        assertThat(data.get("status").stringValue()).isEqualTo("SUCCESS");
        assertThat(data.get("amount").stringValue()).isEqualTo("1500.00");
        // No pricing plan: the installation's default takes no fee.
        assertThat(data.get("fee").stringValue()).isEqualTo("0.00");
        assertThat(data.get("net_amount").stringValue()).isEqualTo("1500.00");
        assertThat(data.get("paid_at").isString()).isTrue();
        assertThat(data.get("expired_at").isNull()).isTrue();
        assertThat(hook.bodyText()).contains("\"metadata\":{\"z\":1,\"a\":[1.10,\"é\"]},\"fee\":");

        JsonNode log = api.awaitNotification(merchant, reference + ":SUCCESS", Set.of("DELIVERED"), WAIT);
        assertThat(log.get("attempts")).hasSize(1);
        assertThat(log.get("attempts").get(0).get("status_code").intValue()).isEqualTo(200);
        assertThat(log.get("attempts").get(0).get("outcome").stringValue()).isEqualTo("DELIVERED");
        assertThat(log.get("attempts").get(0).get("url").stringValue()).isEqualTo(receiver.url("/hooks/xaalis"));
    }

    @Autowired
    WebhookDispatcher dispatcher;

    @Test
    void theDispatcherCanBeStoppedAndStartedAgain() {
        dispatcher.stop();
        String reference = api.newPayment(merchant);
        api.simulate(merchant, reference, "SUCCESS");
        dispatcher.start();
        api.awaitNotification(merchant, reference + ":SUCCESS", Set.of("DELIVERED"), WAIT);
        assertThat(receiver.received()).hasSize(1);
    }

    @Test
    void aFailureCarriesItsReason() {
        String reference = api.newPayment(merchant);
        api.post(
                merchant,
                "/sandbox/payments/" + reference + "/simulate",
                "{\"outcome\":\"FAILED\",\"error_message\":\"Solde insuffisant\"}",
                java.util.Map.of());
        WebhookReceiver.Received hook = receiver.await(r -> !r.isEmpty(), WAIT).getFirst();
        JsonNode body = Api.JSON.readTree(hook.body());
        assertThat(body.get("event").stringValue()).isEqualTo("transaction.failed");
        assertThat(body.get("data").get("error_message").stringValue()).isEqualTo("Solde insuffisant");
        // Only a SUCCESS takes a fee.
        assertThat(body.get("data").get("fee").isNull()).isTrue();
        assertThat(body.get("data").get("net_amount").isNull()).isTrue();
        assertThat(hook.header("X-SVC-Event")).isEqualTo("transaction.failed");
    }

    @ParameterizedTest(name = "HTTP {0} is retried 3 more times then given up")
    @ValueSource(ints = {500, 503, 429})
    void retryableAnswersGetFourAttemptsWithTheSameBytesAndFreshSignatures(int status) {
        receiver.respondWith(r -> status);
        String reference = api.newPayment(merchant);
        api.simulate(merchant, reference, "SUCCESS");

        JsonNode log = api.awaitNotification(merchant, reference + ":SUCCESS", Set.of("FAILED"), WAIT);
        assertThat(log.get("attempts")).hasSize(4);
        for (JsonNode attempt : log.get("attempts")) {
            assertThat(attempt.get("status_code").intValue()).isEqualTo(status);
        }
        List<WebhookReceiver.Received> got = receiver.received();
        assertThat(got).hasSize(4);
        assertThat(got).allSatisfy(r -> assertThat(r.signatureValid()).isTrue());
        assertThat(got.stream().map(WebhookReceiver.Received::bodyText).distinct())
                .hasSize(1);
    }

    @ParameterizedTest(name = "HTTP {0} is given up at once")
    @ValueSource(ints = {400, 401, 404, 410})
    void otherClientErrorsAreGivenUpAtOnce(int status) {
        receiver.respondWith(r -> status);
        String reference = api.newPayment(merchant);
        api.simulate(merchant, reference, "CANCELLED");

        JsonNode log = api.awaitNotification(merchant, reference + ":CANCELLED", Set.of("FAILED"), WAIT);
        assertThat(log.get("attempts")).hasSize(1);
        assertThat(receiver.received()).hasSize(1);
    }

    @ParameterizedTest(name = "redirect {0} is never followed")
    @ValueSource(ints = {301, 302, 307})
    void redirectsAreNeverFollowed(int status) {
        receiver.respondWith(r -> r.path().equals("/redirected") ? 200 : -status);
        String reference = api.newPayment(merchant);
        api.simulate(merchant, reference, "SUCCESS");

        JsonNode log = api.awaitNotification(merchant, reference + ":SUCCESS", Set.of("FAILED"), WAIT);
        assertThat(log.get("attempts")).hasSize(1);
        assertThat(log.get("attempts").get(0).get("error").stringValue()).isEqualTo("redirect not followed");
        assertThat(receiver.received())
                .extracting(WebhookReceiver.Received::path)
                .containsExactly("/hooks/xaalis");
    }

    @Test
    void aTimeoutIsRetried() {
        receiver.respondWith(r -> {
            sleep(1500); // longer than the 1 s test timeout
            return 200;
        });
        String reference = api.newPayment(merchant);
        api.simulate(merchant, reference, "SUCCESS");

        JsonNode log = api.awaitNotification(merchant, reference + ":SUCCESS", Set.of("FAILED"), WAIT);
        assertThat(log.get("attempts")).hasSize(4);
        assertThat(log.get("attempts").get(0).get("error").stringValue()).isEqualTo("timeout");
    }

    @Test
    void aRefusedConnectionIsRetried() {
        String deadUrl = receiver.url("/gone");
        receiver.close();
        api.setWebhook(merchant, deadUrl);
        String reference = api.newPayment(merchant);
        api.simulate(merchant, reference, "SUCCESS");

        JsonNode log = api.awaitNotification(merchant, reference + ":SUCCESS", Set.of("FAILED"), WAIT);
        assertThat(log.get("attempts")).hasSize(4);
        assertThat(log.get("attempts").get(0).get("error").stringValue()).isEqualTo("connection refused");
    }

    @Test
    void withoutAWebhookUrlTheNotificationIsKeptThenCanBeResent() {
        api.admin("PATCH", "/applications/" + merchant.applicationId(), "{\"webhook_url\":\"\"}");
        String reference = api.newPayment(merchant);
        api.simulate(merchant, reference, "SUCCESS");
        JsonNode log = api.awaitNotification(merchant, reference + ":SUCCESS", Set.of("UNDELIVERABLE"), WAIT);
        assertThat(log.get("last_error").stringValue()).isEqualTo("no webhook_url configured");
        assertThat(receiver.received()).isEmpty();

        api.setWebhook(merchant, receiver.url("/hooks/xaalis"));
        var resent = api.admin(
                "POST",
                "/applications/" + merchant.applicationId() + "/notifications/"
                        + log.get("id").stringValue() + "/resend",
                null);
        assertThat(resent.status()).isEqualTo(200);
        api.awaitNotification(merchant, reference + ":SUCCESS", Set.of("DELIVERED"), WAIT);
        assertThat(receiver.received()).hasSize(1);
        assertThat(Api.JSON
                        .readTree(receiver.received().getFirst().body())
                        .get("id")
                        .stringValue())
                .isEqualTo(reference + ":SUCCESS");
    }

    @Test
    void aResendIsANewAttemptSeriesWithTheSameIdAndBody() {
        receiver.respondWith(r -> 404);
        String reference = api.newPayment(merchant);
        api.simulate(merchant, reference, "SUCCESS");
        JsonNode failed = api.awaitNotification(merchant, reference + ":SUCCESS", Set.of("FAILED"), WAIT);

        receiver.respondWith(r -> 200);
        api.admin(
                "POST",
                "/applications/" + merchant.applicationId() + "/notifications/"
                        + failed.get("id").stringValue() + "/resend",
                null);
        JsonNode delivered = api.awaitNotification(merchant, reference + ":SUCCESS", Set.of("DELIVERED"), WAIT);
        assertThat(delivered.get("attempts")).hasSize(2);
        List<WebhookReceiver.Received> got = receiver.received();
        assertThat(got).hasSize(2);
        assertThat(got.get(0).bodyText()).isEqualTo(got.get(1).bodyText());
    }

    @Test
    void aTestEventIsSignedAndMarkedAsATest() {
        var sent = api.admin("POST", "/applications/" + merchant.applicationId() + "/webhooks/test", null);
        assertThat(sent.status()).isEqualTo(202);
        assertThat(sent.json().get("test").booleanValue()).isTrue();
        WebhookReceiver.Received hook = receiver.await(r -> !r.isEmpty(), WAIT).getFirst();
        assertThat(hook.signatureValid()).isTrue();
        assertThat(hook.header("X-SVC-Event")).isEqualTo("transaction.success");
        assertThat(Api.JSON.readTree(hook.body()).get("id").stringValue()).matches("SVC-TEST[A-Z0-9]{4}:SUCCESS");
    }

    @Test
    void duringKeyRotationEveryActiveSecretSigns() {
        JsonNode rotated = api.admin(
                        "POST", "/applications/" + merchant.applicationId() + "/keys", "{\"environment\":\"sandbox\"}")
                .json();
        String newSecret = rotated.get("api_secret").stringValue();
        WebhookReceiver onlyNew = new WebhookReceiver(clock).acceptingSecrets(newSecret);
        try {
            api.setWebhook(merchant, onlyNew.url("/new"));
            String reference = api.newPayment(merchant);
            api.simulate(merchant, reference, "SUCCESS");
            WebhookReceiver.Received hook =
                    onlyNew.await(r -> !r.isEmpty(), WAIT).getFirst();
            assertThat(hook.header("X-SVC-Signature")).matches("t=\\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}");
            assertThat(hook.signatureValid()).isTrue();
        } finally {
            onlyNew.close();
        }
    }

    @Test
    void theCachedSigningSecretsFollowExpiryAndRevocationAtOnce() {
        String applicationKeys = "/applications/" + merchant.applicationId() + "/keys";
        JsonNode second = api.admin("POST", applicationKeys, "{\"environment\":\"sandbox\"}")
                .json();
        WebhookReceiver onlySecond = new WebhookReceiver(clock)
                .acceptingSecrets(second.get("api_secret").stringValue());
        WebhookReceiver onlyThird = null;
        try {
            api.setWebhook(merchant, onlySecond.url("/second"));
            api.simulate(merchant, api.newPayment(merchant), "SUCCESS");
            assertThat(onlySecond.await(r -> r.size() == 1, WAIT).getFirst().header("X-SVC-Signature"))
                    .as("both secrets sign during the overlap (and the target is now cached)")
                    .matches("t=\\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}");

            clock.advance(Duration.ofHours(25)); // past the rotation overlap: the first pair has expired
            Api.Merchant rotated = merchant.withKeys(
                    second.get("api_key").stringValue(),
                    second.get("api_secret").stringValue());
            api.simulate(rotated, api.newPayment(rotated), "SUCCESS");
            WebhookReceiver.Received afterExpiry =
                    onlySecond.await(r -> r.size() == 2, WAIT).get(1);
            assertThat(afterExpiry.header("X-SVC-Signature")).matches("t=\\d+,v1=[0-9a-f]{64}");
            assertThat(afterExpiry.signatureValid()).isTrue();

            JsonNode third = api.admin("POST", applicationKeys, "{\"environment\":\"sandbox\"}")
                    .json();
            onlyThird = new WebhookReceiver(clock)
                    .acceptingSecrets(third.get("api_secret").stringValue());
            api.setWebhook(rotated, onlyThird.url("/third"));
            assertThat(api.admin(
                                    "DELETE",
                                    applicationKeys + "/"
                                            + second.get("api_key").stringValue(),
                                    null)
                            .status())
                    .isEqualTo(204);
            Api.Merchant latest = merchant.withKeys(
                    third.get("api_key").stringValue(), third.get("api_secret").stringValue());
            api.simulate(latest, api.newPayment(latest), "SUCCESS");
            WebhookReceiver.Received afterRevocation =
                    onlyThird.await(r -> !r.isEmpty(), WAIT).getFirst();
            assertThat(afterRevocation.header("X-SVC-Signature"))
                    .as("a revoked secret no longer signs, cached or not")
                    .matches("t=\\d+,v1=[0-9a-f]{64}");
            assertThat(afterRevocation.signatureValid()).isTrue();
        } finally {
            onlySecond.close();
            if (onlyThird != null) {
                onlyThird.close();
            }
        }
    }

    @Test
    void aReceiverThatHangsDoesNotDelayOtherMerchants() throws Exception {
        CountDownLatch othersDelivered = new CountDownLatch(1);
        receiver.respondWith(r -> {
            try {
                othersDelivered.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 200;
        });
        for (int i = 0; i < 12; i++) {
            api.simulate(merchant, api.newPayment(merchant), "SUCCESS");
        }
        receiver.await(r -> r.size() >= 8, WAIT);

        Api.Merchant other = api.onboardBoth();
        try (WebhookReceiver healthy = new WebhookReceiver(clock).acceptingSecrets(other.apiSecret())) {
            api.setWebhook(other, healthy.url("/ok"));
            for (int i = 0; i < 5; i++) {
                api.simulate(other, api.newPayment(other), "SUCCESS");
            }
            List<WebhookReceiver.Received> got = healthy.await(r -> r.size() == 5, WAIT);
            // Delivered while every slot the hanging merchant may hold is still stuck.
            assertThat(got).hasSize(5);
            othersDelivered.countDown();
        }
    }

    @Test
    void timestampsAreFreshOnEveryAttempt() {
        receiver.respondWith(r -> 503);
        String reference = api.newPayment(merchant);
        Instant before = clock.instant();
        api.simulate(merchant, reference, "SUCCESS");
        api.awaitNotification(merchant, reference + ":SUCCESS", Set.of("FAILED"), WAIT);
        assertThat(receiver.received())
                .allSatisfy(r -> assertThat(r.t()).isBetween(before.getEpochSecond() - 1, r.receivedAt()));
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
