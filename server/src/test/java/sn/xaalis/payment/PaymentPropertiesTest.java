package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The payments' settings as the server binds them from its configuration. */
class PaymentPropertiesTest {

    private static PaymentProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values))
                .bindOrCreate("xaalis.payments", PaymentProperties.class);
    }

    @Test
    void theJobsLookForWorkEverySecondByDefault() {
        assertThat(bind(Map.of()).jobInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(bind(Map.of("xaalis.payments.job-interval", "100ms")).jobInterval())
                .isEqualTo(Duration.ofMillis(100));
    }

    @Test
    void aJobIntervalOfZeroWouldTurnExpiryOffAndIsRefused() {
        for (String refused : new String[] {"0s", "-1s"}) {
            assertThatThrownBy(() -> bind(Map.of("xaalis.payments.job-interval", refused)))
                    .hasRootCauseInstanceOf(IllegalArgumentException.class)
                    .rootCause()
                    .hasMessageContaining("xaalis.payments.job-interval");
        }
    }
}
