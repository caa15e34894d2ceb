package sn.xaalis.settlement;

import java.time.Duration;
import java.time.LocalTime;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param destinationHold how long a new or changed destination waits before its first settlement (a
 *     stolen session cannot send the money away at once; the owners were e-mailed meanwhile)
 * @param automaticFrom from what time of the Dakar day the daily automatic settlements go (after the
 *     night's money became available)
 * @param jobInterval how often the automatic settlement job looks for merchants to settle; each is
 *     settled at most once a day whatever the interval
 */
@ConfigurationProperties("xaalis.settlement")
public record SettlementProperties(
        @DefaultValue("PT24H") Duration destinationHold,
        @DefaultValue("06:00") LocalTime automaticFrom,
        @DefaultValue("PT15M") Duration jobInterval) {

    public SettlementProperties {
        if (destinationHold.isNegative()) {
            throw new IllegalArgumentException("xaalis.settlement.destination-hold must not be negative");
        }
    }
}
