package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

class JsonBodiesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void readsAnObject() {
        assertThat(JsonBodies.parseObject(bytes("{\"name\":\"Shop\",\"n\":-0}"), JSON)
                        .get("name")
                        .stringValue())
                .isEqualTo("Shop");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"name\":\"a\",\"name\":\"b\"}",
                "{\"outer\":{\"k\":1,\"k\":2}}",
                "[1,2]",
                "\"text\"",
                "",
                "{\"a\":",
                "{} {}",
            })
    void refusesRepeatedKeysAndAnythingButOneObject(String body) {
        assertThatThrownBy(() -> JsonBodies.parseObject(bytes(body), JSON))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.status().value()).isEqualTo(400));
    }

    @Test
    void refusesDeepNestingWithA400() {
        String deep = "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000);
        assertThatThrownBy(() -> JsonBodies.parseObject(bytes(deep), JSON))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.status().value()).isEqualTo(400));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
