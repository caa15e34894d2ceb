package sn.xaalis.retention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The settings as the server binds them from its configuration. */
class RetentionPropertiesTest {

    private static RetentionProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values))
                .bindOrCreate("xaalis.retention", RetentionProperties.class);
    }

    @Test
    void ninetyDaysForEveryKindBySmallBatchesEveryFiveMinutes() {
        RetentionProperties defaults = bind(Map.of());

        assertThat(defaults.notificationAttempts()).isEqualTo(Duration.ofDays(90));
        assertThat(defaults.providerExchanges()).isEqualTo(Duration.ofDays(90));
        assertThat(defaults.deliveredNotifications()).isEqualTo(Duration.ofDays(90));
        assertThat(defaults.batchSize()).isEqualTo(500);
        assertThat(defaults.maxBatchesPerRun()).isEqualTo(40);
        assertThat(defaults.interval()).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void windowsAreIsoOrShortDurationsOfADayOrMore() {
        RetentionProperties set = bind(Map.of(
                "xaalis.retention.notification-attempts", "P30D",
                "xaalis.retention.provider-exchanges", "365d",
                "xaalis.retention.delivered-notifications", "PT24H"));

        assertThat(set.notificationAttempts()).isEqualTo(Duration.ofDays(30));
        assertThat(set.providerExchanges()).isEqualTo(Duration.ofDays(365));
        assertThat(set.deliveredNotifications()).isEqualTo(Duration.ofDays(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"notification-attempts", "provider-exchanges", "delivered-notifications"})
    void aWindowUnderADayStopsTheServer(String kind) {
        assertThatThrownBy(() -> bind(Map.of("xaalis.retention." + kind, "PT23H59M59S")))
                .rootCause()
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("xaalis.retention." + kind + " must be at least one day");
    }

    @Test
    void aBareNumberIsMillisecondsSoItIsRefusedRatherThanEmptyingTheTable() {
        assertThatThrownBy(() -> bind(Map.of("xaalis.retention.provider-exchanges", "90")))
                .rootCause()
                .hasMessageContaining("not PT0.09S")
                .hasMessageContaining("a bare number is milliseconds");
    }

    @Test
    void batchesAndIntervalHaveBounds() {
        assertThatThrownBy(() -> bind(Map.of("xaalis.retention.batch-size", "0")))
                .rootCause()
                .hasMessageContaining("batch-size");
        assertThatThrownBy(() -> bind(Map.of("xaalis.retention.batch-size", "10001")))
                .rootCause()
                .hasMessageContaining("batch-size");
        assertThatThrownBy(() -> bind(Map.of("xaalis.retention.max-batches-per-run", "0")))
                .rootCause()
                .hasMessageContaining("max-batches-per-run");
        assertThatThrownBy(() -> bind(Map.of("xaalis.retention.interval", "500ms")))
                .rootCause()
                .hasMessageContaining("interval");
        assertThat(bind(Map.of("xaalis.retention.batch-size", "10000")).batchSize())
                .isEqualTo(10_000);
    }
}
