package sn.xaalis.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import tools.jackson.databind.JsonNode;

/** Assertions on the contract's shapes, shared by the integration tests. */
public final class ApiAssertions {

    private ApiAssertions() {}

    /** SPEC §7 and D8: exactly these fields, the reason phrase, a timestamp with a numeric offset. */
    public static void assertErrorBody(JsonNode json, int status, String error) {
        assertThat(fieldNames(json)).containsExactly("status", "error", "message", "timestamp", "errors");
        assertThat(json.get("status").intValue()).isEqualTo(status);
        assertThat(json.get("error").stringValue()).isEqualTo(error);
        assertThat(json.get("message").stringValue()).isNotBlank();
        assertThat(json.get("timestamp").stringValue())
                .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\+00:00");
        assertThat(json.get("errors").isObject()).isTrue();
    }

    /** Field order matters in the contract, so tests compare names in order. */
    public static List<String> fieldNames(JsonNode node) {
        return List.copyOf(node.propertyNames());
    }
}
