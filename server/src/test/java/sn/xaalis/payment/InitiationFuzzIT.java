package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static sn.xaalis.support.ApiAssertions.assertErrorBody;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.api.SilentCloseable;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.springframework.http.HttpStatus;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Fuzz tests of the initiation endpoint over real HTTP against the booted service (issue 8): whatever the
 * body, the answer is a 201 with a payment or an error with the SPEC §7 body, never a 5xx. One HTTP
 * round trip costs about a millisecond, so fuzz mode goes through the whole stack (Tomcat, the API key
 * filter, {@code JsonBodies}, {@code InitiationRequestReader}, {@code Amounts}, {@code ErrorResponses}).
 * Regression mode replays {@code InitiationFuzzITInputs/}; fuzz mode: docs/fuzzing.md.
 */
@IntegrationTest
class InitiationFuzzIT extends ApiIntegrationTest {

    private static final String[] PROVIDERS = {"WALLET_SN", "MOBILEMONEY_SN", "wallet_sn", "", "CARD"};
    private static final String[] FIELDS = {
        "provider",
        "amount",
        "currency",
        "description",
        "customer_phone",
        "customer_name",
        "metadata",
        "success_url",
        "error_url"
    };

    private static volatile Api.Merchant merchant;

    /** Any bytes as the body. */
    @FuzzTest
    void anyBody(byte[] body) {
        try (SilentCloseable loopback = loopbackOnly()) {
            check(api.sendBytes("POST", path(), headers(), body));
        }
    }

    /** A JSON object with the known fields, each of any JSON type and content, amounts as any number text. */
    @FuzzTest
    void anyFields(FuzzedDataProvider data) {
        try (SilentCloseable loopback = loopbackOnly()) {
            initiate(data);
        }
    }

    /** The test talks to the service on loopback; Jazzer's SSRF detector still flags anything else. */
    private static SilentCloseable loopbackOnly() {
        return BugDetectors.allowNetworkConnections(
                (host, port) -> host.equals("127.0.0.1") || host.equals("localhost"));
    }

    private void initiate(FuzzedDataProvider data) {
        StringBuilder json = new StringBuilder("{");
        int fields = data.consumeInt(0, 12);
        for (int i = 0; i < fields; i++) {
            String name = data.consumeBoolean() ? data.pickValue(FIELDS) : data.consumeString(20);
            if (i > 0) {
                json.append(',');
            }
            json.append(JsonNodeFactory.instance.stringNode(name)).append(':');
            switch (data.consumeInt(0, 5)) {
                case 0 -> json.append(JsonNodeFactory.instance.stringNode(data.pickValue(PROVIDERS)));
                case 1 -> json.append(JsonNodeFactory.instance.stringNode(data.consumeString(600)));
                case 2 -> json.append(data.consumeAsciiString(40)); // a raw number (or anything) as written
                case 3 ->
                    json.append("{\"k\":").append(data.consumeAsciiString(60)).append('}');
                case 4 -> json.append(data.pickValue(new String[] {"null", "true", "[]", "{}", "-0", "1e309"}));
                default ->
                    json.append(JsonNodeFactory.instance.stringNode(
                            data.consumeInt(0, 2000000000) / 100 + "." + data.consumeInt(0, 99)));
            }
        }
        json.append('}');
        Api.Response response =
                check(api.sendBytes("POST", path(), headers(), json.toString().getBytes(StandardCharsets.UTF_8)));
        if (response.status() == 201) {
            // Whatever was accepted reads back: same reference, same metadata text (D5).
            JsonNode created = response.json();
            Api.Response status =
                    api.status(merchant(), created.get("reference").stringValue());
            assertThat(status.status()).isEqualTo(200);
            assertThat(status.json().get("amount")).isEqualTo(created.get("amount"));
            assertThat(status.json().get("metadata")).isEqualTo(created.get("metadata"));
        }
    }

    private Api.Response check(Api.Response response) {
        assertThat(response.status())
                .as("status for a fuzzed initiation, body %s", response.body())
                .isIn(201, 400, 413, 415);
        if (response.status() == 201) {
            JsonNode json = response.json();
            assertThat(json.get("reference").stringValue()).startsWith("SVC-");
            assertThat(json.get("status").stringValue()).isEqualTo("PROCESSING");
            assertThat(json.get("amount").stringValue()).matches("[0-9]+\\.[0-9]{2}");
        } else {
            HttpStatus status = HttpStatus.valueOf(response.status());
            assertErrorBody(response.json(), status.value(), status.getReasonPhrase());
        }
        return response;
    }

    private String path() {
        return "/api/v1/" + merchant().endpointKey() + "/payments/initiate/";
    }

    private Map<String, String> headers() {
        Map<String, String> headers = new java.util.LinkedHashMap<>(merchant().headers());
        headers.put("Content-Type", "application/json");
        return headers;
    }

    private Api.Merchant merchant() {
        if (merchant == null || port != lastPort) {
            merchant = api.onboardBoth();
            lastPort = port;
        }
        return merchant;
    }

    private static volatile int lastPort;
}
