package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.WebhookReceiver;

/**
 * With the service's own loggers, Spring Security and Spring MVC at DEBUG (what an operator turns on
 * when something goes wrong), a day's worth of secrets goes through the server and none reaches the
 * log: API secrets (right and wrong), the webhook signing secret, Authorization headers, the admin
 * token, the master key and portal passwords.
 */
@IntegrationTest
@ExtendWith(OutputCaptureExtension.class)
class SecretsInLogsIT extends ApiIntegrationTest {

    private static final String MASTER_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    private static final List<String> VERBOSE =
            List.of("sn.xaalis", "org.springframework.security", "org.springframework.web", "org.apache.catalina");

    @Autowired
    LoggingSystem logging;

    @Autowired
    MutableClock clock;

    @BeforeEach
    void verbose() {
        VERBOSE.forEach(logger -> logging.setLogLevel(logger, LogLevel.DEBUG));
    }

    @AfterEach
    void quiet() {
        VERBOSE.forEach(logger -> logging.setLogLevel(logger, null));
    }

    @Test
    void noSecretReachesTheLogs(CapturedOutput output) {
        String email = "secrets" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        String wrongSecret = "sk_test_" + "W".repeat(40);
        String wrongPassword = "not the password " + System.nanoTime();

        // An initiation with a wrong secret, then with the right one.
        Api.Response refused = api.initiate(
                merchant.withKeys(merchant.apiKey(), wrongSecret), "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");
        assertThat(refused.status()).isEqualTo(401);

        // A signed webhook delivery (the signing secret is the API secret).
        try (WebhookReceiver receiver = new WebhookReceiver(clock).acceptingSecrets(merchant.apiSecret())) {
            api.setWebhook(merchant, receiver.url("/hooks"));
            String reference = api.newPayment(merchant);
            api.simulate(merchant, reference, "SUCCESS");
            api.awaitNotification(merchant, reference + ":SUCCESS", Set.of("DELIVERED"), Duration.ofSeconds(20));
            assertThat(receiver.received().getFirst().signatureValid()).isTrue();
        }

        // Portal sign-in: a wrong password, then the right one.
        PortalSession portal = new PortalSession(port);
        assertThat(portal.signIn(email, wrongPassword).headers().firstValue("Location"))
                .hasValueSatisfying(location -> assertThat(location).contains("error"));
        assertThat(portal.signIn(email, Api.PASSWORD).headers().firstValue("Location"))
                .hasValueSatisfying(location -> assertThat(location).endsWith("/portal/dashboard"));
        assertThat(portal.get("/portal/dashboard").statusCode()).isEqualTo(200);

        // An admin call and a scrape, both with the Authorization header.
        assertThat(api.admin("GET", "/applications/" + merchant.applicationId(), null)
                        .status())
                .isEqualTo(200);
        assertThat(api.send("GET", "/actuator/prometheus", Map.of("Authorization", "Bearer " + Api.ADMIN_TOKEN), null)
                        .status())
                .isEqualTo(200);

        String log = output.getAll();
        assertThat(log).as("the capture saw the requests at DEBUG").contains("/portal/login");
        assertThat(log).as("the capture saw the requests at DEBUG").contains("/payments/initiate/");
        assertThat(log)
                .doesNotContain(merchant.apiSecret())
                .doesNotContain(merchant.apiSecret().substring("sk_test_".length()))
                .doesNotContain(wrongSecret)
                .doesNotContain(Api.ADMIN_TOKEN)
                .doesNotContain(MASTER_KEY)
                .doesNotContain(Api.PASSWORD)
                .doesNotContain(wrongPassword)
                .doesNotContainIgnoringCase("Authorization: Bearer")
                .doesNotContainIgnoringCase("X-Api-Secret:");
    }
}
