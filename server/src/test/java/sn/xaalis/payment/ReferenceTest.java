package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReferenceTest {

    @Test
    void randomReferencesHaveTheSpecFormatAndDiffer() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String value = Reference.random().value();
            assertThat(value).matches("SVC-[A-Z0-9]{8}");
            seen.add(value);
        }
        assertThat(seen).hasSize(10_000);
    }

    @Test
    void refusesMalformedValues() {
        assertThat(Reference.isWellFormed("SVC-abcdefgh")).isFalse();
        assertThat(Reference.isWellFormed("SVC-ABCDEFG")).isFalse();
        assertThat(Reference.isWellFormed(null)).isFalse();
        assertThatThrownBy(() -> new Reference("XYZ-ABCDEFGH")).isInstanceOf(IllegalArgumentException.class);
    }
}
