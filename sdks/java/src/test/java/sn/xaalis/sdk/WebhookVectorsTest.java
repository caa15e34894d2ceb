package sn.xaalis.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The shared SPEC §6.3 vectors (testdata/webhook-signatures.json), also read by the server's signer tests. */
class WebhookVectorsTest {

    static final Path VECTORS = Path.of("..", "..", "testdata", "webhook-signatures.json");

    static List<JsonNode> vectors() throws Exception {
        JsonNode root = new ObjectMapper().readTree(Files.readString(VECTORS, StandardCharsets.UTF_8));
        List<JsonNode> list = new ArrayList<>();
        root.get("vectors").forEach(list::add);
        return list;
    }

    @TestFactory
    Stream<DynamicTest> verifierMeetsEveryVector() throws Exception {
        return vectors().stream()
                .map(v -> DynamicTest.dynamicTest(v.get("name").asText(), () -> {
                    List<String> secrets = new ArrayList<>();
                    v.get("secrets").forEach(s -> secrets.add(s.asText()));
                    Clock clock = Clock.fixed(Instant.ofEpochSecond(v.get("now").asLong()), ZoneOffset.UTC);
                    WebhookVerifier verifier = new WebhookVerifier(
                            clock, WebhookVerifier.DEFAULT_TOLERANCE, secrets.toArray(String[]::new));
                    String header =
                            v.get("header").isNull() ? null : v.get("header").asText();
                    byte[] body = v.get("body").asText().getBytes(StandardCharsets.UTF_8);
                    String expected = v.get("expected").asText();
                    if (expected.equals("OK")) {
                        WebhookEvent event = verifier.verify(body, header);
                        assertThat(event.rawBody()).isEqualTo(v.get("body").asText());
                        // The string form verifies the same way.
                        assertThat(verifier.verify(v.get("body").asText(), header)
                                        .id())
                                .isEqualTo(event.id());
                    } else {
                        assertThatThrownBy(() -> verifier.verify(body, header))
                                .isInstanceOfSatisfying(
                                        WebhookVerificationException.class,
                                        e -> assertThat(e.reason().name()).isEqualTo(expected));
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> signHelperProducesTheServersHeaders() throws Exception {
        return vectors().stream()
                .filter(v -> v.has("signed_with"))
                .map(v -> DynamicTest.dynamicTest(v.get("name").asText(), () -> {
                    List<String> secrets = new ArrayList<>();
                    v.get("signed_with").forEach(s -> secrets.add(s.asText()));
                    String header = WebhookVerifier.sign(
                            v.get("body").asText().getBytes(StandardCharsets.UTF_8),
                            v.get("now").asLong(),
                            secrets.toArray(String[]::new));
                    assertThat(header).isEqualTo(v.get("header").asText());
                }));
    }
}
