package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The portal's settings, checked when the node starts. */
class PortalPropertiesTest {

    @Test
    void theIntervalIsZeroOrAtLeastATenthOfASecond() {
        assertThat(new PortalProperties(Duration.ZERO).sessionCleanupInterval()).isZero();
        assertThat(new PortalProperties(Duration.ofSeconds(1)).sessionCleanupInterval())
                .isEqualTo(Duration.ofSeconds(1));
        for (Duration refused : new Duration[] {Duration.ofMillis(1), Duration.ofSeconds(-1)}) {
            assertThatThrownBy(() -> new PortalProperties(refused))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("xaalis.portal.session-cleanup-interval");
        }
    }
}
