package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Map;
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

@IntegrationTest
@ExtendWith(OutputCaptureExtension.class)
class RequestIdIT extends ApiIntegrationTest {

    private static final String GENERATED = "[0-9a-f]{32}";

    @Autowired
    LoggingSystem logging;

    @Test
    void aSafeIncomingIdIsEchoedOnSuccessAndOnErrors() {
        String id = "lb-7f3a.9:req_" + System.nanoTime();
        assertThat(api.send("GET", "/ping", Map.of("X-Request-Id", id), null).header("X-Request-Id"))
                .isEqualTo(id);
        Api.Response unauthorised = api.send(
                "GET",
                "/api/v1/aaaaaaaaaaaaaaaa/payments/SVC-AAAAAAAA/status/",
                Map.of("X-Request-Id", id, "X-Api-Key", "pk_test_x", "X-Api-Secret", "sk_test_y"),
                null);
        assertThat(unauthorised.status()).isEqualTo(401);
        assertThat(unauthorised.header("X-Request-Id")).isEqualTo(id);
        Api.Response actuator = api.send("GET", "/actuator/prometheus", Map.of("X-Request-Id", id), null);
        assertThat(actuator.status()).isEqualTo(401);
        assertThat(actuator.header("X-Request-Id")).isEqualTo(id);
    }

    @Test
    void aMissingOrUnsafeIdIsReplacedByAFreshOne() {
        String first = api.send("GET", "/ping", Map.of(), null).header("X-Request-Id");
        String second = api.send("GET", "/ping", Map.of(), null).header("X-Request-Id");
        assertThat(first).matches(GENERATED);
        assertThat(second).matches(GENERATED).isNotEqualTo(first);

        char[] tooLong = new char[129];
        Arrays.fill(tooLong, 'a');
        for (String unsafe : new String[] {
            "", "a b", "x\"y", "<script>", "id%0d%0aforged", "a/b", "naïve", "${jndi:ldap://x}", new String(tooLong)
        }) {
            String answered = api.send("GET", "/ping", Map.of("X-Request-Id", unsafe), null)
                    .header("X-Request-Id");
            assertThat(answered).as("for %s", unsafe).matches(GENERATED);
        }
        String longest = new String(tooLong, 0, 128);
        assertThat(api.send("GET", "/ping", Map.of("X-Request-Id", longest), null)
                        .header("X-Request-Id"))
                .isEqualTo(longest);
    }

    @Test
    void everyLineLoggedWhileServingARequestCarriesItsId(CapturedOutput output) {
        String id = "trace-" + System.nanoTime();
        String logger = "org.springframework.security.web.FilterChainProxy";
        logging.setLogLevel(logger, LogLevel.DEBUG);
        try {
            api.send("GET", "/ping", Map.of("X-Request-Id", id), null);
        } finally {
            logging.setLogLevel(logger, null);
        }
        String line = output.getOut()
                .lines()
                .filter(l -> l.contains("Securing GET /ping") && l.contains(id))
                .findFirst()
                .orElse(null);
        assertThat(line).as("a security log line of that request, with its id").isNotNull();
        assertThat(output.getOut().lines().filter(l -> l.contains(id))).allMatch(l -> l.contains("[" + id + "]"));
    }
}
