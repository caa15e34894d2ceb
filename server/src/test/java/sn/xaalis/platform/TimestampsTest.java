package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class TimestampsTest {

    @Test
    void microsecondsWithZ() {
        assertThat(Timestamps.micros(Instant.parse("2026-11-22T08:42:45.1234Z")))
                .isEqualTo("2026-11-22T08:42:45.123400Z");
        assertThat(Timestamps.micros(Instant.parse("2026-11-22T08:42:45Z"))).isEqualTo("2026-11-22T08:42:45.000000Z");
        assertThat(Timestamps.micros(null)).isNull();
    }

    @Test
    void errorTimestampsCarryANumericOffset() {
        assertThat(Timestamps.withOffset(Instant.parse("2026-11-22T08:42:45.123456Z")))
                .isEqualTo("2026-11-22T08:42:45.123+00:00");
    }
}
