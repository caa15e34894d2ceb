package sn.xaalis.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StrictJsonTest {

    @Test
    void readsEveryKindOfValue() {
        Object value = StrictJson.parse(
                " {\"a\":[true,false,null,-0.5e2,\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\"],\"b\":{},\"c\":[]} ");
        assertThat(value)
                .isEqualTo(Map.of(
                        "a",
                        java.util.Arrays.asList(true, false, null, new BigDecimal("-0.5e2"), "\"\\/\b\f\n\r\té"),
                        "b",
                        Map.of(),
                        "c",
                        List.of()));
    }

    @Test
    void refusesWhatIsNotJson() {
        for (String bad : new String[] {
            "",
            "{",
            "{\"a\":1,}",
            "[1,]",
            "01",
            "1.",
            "-",
            "\"\u0001\"",
            "{\"a\":1}x",
            "tru",
            "{\"a\":1,\"a\":2}",
            "\"\\x\"",
            "\"\\u12\"",
            "[".repeat(100) + "]".repeat(100)
        }) {
            assertThatThrownBy(() -> StrictJson.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
