package sn.xaalis.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static sn.xaalis.support.ApiAssertions.assertErrorBody;
import static sn.xaalis.support.ApiAssertions.fieldNames;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.Metrics;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.WebhookReceiver;
import tools.jackson.databind.JsonNode;

/** The operator's endpoints: Prometheus behind the admin token, health probes open but terse. */
@IntegrationTest
class OperatorEndpointsIT extends ApiIntegrationTest {

    private static final Map<String, String> OPERATOR = Map.of("Authorization", "Bearer " + Api.ADMIN_TOKEN);

    @Autowired
    MutableClock clock;

    @Test
    void prometheusIsRefusedWithoutTheAdminTokenAndServedWithIt() {
        for (Map<String, String> headers : java.util.List.of(
                Map.<String, String>of(),
                Map.of("Authorization", "Bearer wrong-token"),
                Map.of("Authorization", "Bearer " + Api.ADMIN_TOKEN + "x"),
                Map.of("Authorization", "Basic " + Api.ADMIN_TOKEN))) {
            Api.Response refused = api.send("GET", "/actuator/prometheus", headers, null);
            assertThat(refused.status())
                    .as("GET /actuator/prometheus with %s", headers)
                    .isEqualTo(401);
            assertErrorBody(refused.json(), 401, "Unauthorized");
            assertThat(refused.body()).doesNotContain("xaalis_");
        }
        // Nothing else of the actuator is open either: the index, the health components, metrics.
        for (String path : new String[] {
            "/actuator", "/actuator/health", "/actuator/health/db", "/actuator/metrics", "/actuator/env"
        }) {
            assertThat(api.send("GET", path, Map.of(), null).status()).as(path).isEqualTo(401);
        }

        Api.Response scrape = api.send("GET", "/actuator/prometheus", OPERATOR, null);
        assertThat(scrape.status()).isEqualTo(200);
        assertThat(scrape.header("Content-Type")).startsWith("text/plain");
        assertThat(scrape.body())
                .contains("# TYPE xaalis_payment_initiations_total counter")
                .contains("# TYPE xaalis_payment_transitions_total counter")
                .contains("# TYPE xaalis_webhook_attempts_total counter")
                .contains("# TYPE xaalis_webhook_delivery_latency_seconds histogram")
                .contains("# TYPE xaalis_webhook_outbox_backlog gauge")
                .contains("# TYPE xaalis_webhook_outbox_oldest_age_seconds gauge")
                .contains("# TYPE xaalis_rate_limit_refusals_total counter");
        // Each payment job is a job of its own, with its own passes counted (one failing holds up none).
        Metrics jobs = Metrics.scrape(api);
        for (String job : new String[] {
            "payment-expiry", "payment-reconciliation", "payment-magic-phones", "idempotency-purge", "payment-rollups"
        }) {
            assertThat(jobs.text())
                    .as(job)
                    .contains("xaalis_job_passes_total{job=\"" + job + "\",outcome=\"succeeded\"}");
        }
        // Kept off the request path (application.yml): no per-request HTTP or security-filter observation.
        assertThat(scrape.body()).doesNotContain("http_server_requests").doesNotContain("spring_security_");
    }

    @Test
    void metricsFollowInitiationsTransitionsAndDeliveriesWithoutPerPaymentTags() {
        Api.Merchant merchant = api.onboardBoth();
        try (WebhookReceiver receiver = new WebhookReceiver(clock).acceptingSecrets(merchant.apiSecret())) {
            api.setWebhook(merchant, receiver.url("/hooks"));
            Metrics before = Metrics.scrape(api);

            String reference = api.newPayment(merchant);
            Map<String, String> idempotent = Map.of("Idempotency-Key", "metrics-" + System.nanoTime());
            String body = "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"1500\"}";
            assertThat(api.initiate(merchant, body, idempotent).status()).isEqualTo(201);
            assertThat(api.initiate(merchant, body, idempotent).header("Idempotent-Replayed"))
                    .isEqualTo("true");
            assertThat(api.initiate(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"abc\"}")
                            .status())
                    .isEqualTo(400);
            assertThat(api.initiate(merchant, "{\"provider\":\"PAYPAL\",\"amount\":\"10\"}")
                            .status())
                    .isEqualTo(400);
            assertThat(api.simulate(merchant, reference, "SUCCESS").status()).isEqualTo(200);
            api.awaitNotification(merchant, reference + ":SUCCESS", Set.of("DELIVERED"), Duration.ofSeconds(20));

            Metrics after = Metrics.scrape(api);
            assertThat(delta(before, after, "xaalis_payment_initiations_total", initiation("WALLET_SN", "created")))
                    .isEqualTo(1);
            assertThat(delta(
                            before, after, "xaalis_payment_initiations_total", initiation("MOBILEMONEY_SN", "created")))
                    .isEqualTo(1);
            assertThat(delta(
                            before,
                            after,
                            "xaalis_payment_initiations_total",
                            initiation("MOBILEMONEY_SN", "replayed")))
                    .isEqualTo(1);
            assertThat(delta(before, after, "xaalis_payment_initiations_total", initiation("WALLET_SN", "rejected")))
                    .isEqualTo(1);
            assertThat(delta(before, after, "xaalis_payment_initiations_total", initiation("unknown", "rejected")))
                    .as("an unknown provider name is never a tag value")
                    .isEqualTo(1);
            assertThat(delta(
                            before,
                            after,
                            "xaalis_payment_transitions_total",
                            Map.of("from", "PROCESSING", "to", "SUCCESS")))
                    .isGreaterThanOrEqualTo(1);
            assertThat(delta(before, after, "xaalis_webhook_attempts_total", Map.of("outcome", "delivered")))
                    .isGreaterThanOrEqualTo(1);
            assertThat(delta(before, after, "xaalis_webhook_delivery_latency_seconds_count", Map.of()))
                    .isGreaterThanOrEqualTo(1);
            assertThat(after.has("xaalis_webhook_delivery_latency_seconds_bucket"))
                    .isTrue();
            assertThat(after.sum("xaalis_webhook_outbox_backlog", Map.of())).isGreaterThanOrEqualTo(0);
            assertThat(after.has("xaalis_webhook_outbox_oldest_age_seconds")).isTrue();

            // Series are per provider, environment and outcome, never per payment, application or URL.
            assertThat(after.text())
                    .doesNotContain(reference)
                    .doesNotContain(merchant.applicationId())
                    .doesNotContain(merchant.endpointKey())
                    .doesNotContain(merchant.apiKey())
                    .doesNotContain(receiver.url("/hooks"))
                    .doesNotContain("PAYPAL");
        }
    }

    @Test
    void probesAnswerALoadBalancerWithTheStatusAloneAndTheOperatorWithDetails() {
        for (String path :
                new String[] {"/actuator/health/liveness", "/actuator/health/readiness", "/livez", "/readyz"}) {
            Api.Response anonymous = api.send("GET", path, Map.of(), null);
            assertThat(anonymous.status()).as(path).isEqualTo(200);
            assertThat(fieldNames(anonymous.json())).as(path).containsExactly("status");
            assertThat(anonymous.json().get("status").stringValue()).as(path).isEqualTo("UP");
        }

        Api.Response readiness = api.send("GET", "/actuator/health/readiness", OPERATOR, null);
        assertThat(readiness.status()).isEqualTo(200);
        JsonNode components = readiness.json().get("components");
        assertThat(fieldNames(components)).containsExactlyInAnyOrder("db", "readinessState", "webhookOutbox");
        assertThat(components.get("db").get("status").stringValue()).isEqualTo("UP");
        JsonNode outbox = components.get("webhookOutbox");
        assertThat(outbox.get("status").stringValue()).isEqualTo("UP");
        assertThat(outbox.get("details").get("backlog").isNumber()).isTrue();
        assertThat(outbox.get("details").get("oldestAgeSeconds").isNumber()).isTrue();
        assertThat(outbox.get("details").get("threshold").asLong()).isEqualTo(10_000);

        Api.Response health = api.send("GET", "/actuator/health", OPERATOR, null);
        assertThat(health.status()).isEqualTo(200);
        assertThat(fieldNames(health.json().get("components"))).contains("db", "webhookOutbox", "livenessState");

        Api.Response liveness = api.send("GET", "/actuator/health/liveness", OPERATOR, null);
        assertThat(liveness.status()).isEqualTo(200);
        assertThat(liveness.json().get("status").stringValue()).isEqualTo("UP");

        // The benchmarks' probe stays as it was.
        Api.Response ping = api.send("GET", "/ping", Map.of(), null);
        assertThat(ping.status()).isEqualTo(200);
        assertThat(ping.body()).isEqualTo("pong");
    }

    private static Map<String, String> initiation(String provider, String outcome) {
        return Map.of("provider", provider, "environment", "sandbox", "outcome", outcome);
    }

    private static double delta(Metrics before, Metrics after, String name, Map<String, String> labels) {
        return after.sum(name, labels) - before.sum(name, labels);
    }
}
