package sn.xaalis.portal;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The portal's own settings.
 *
 * @param sessionCleanupInterval how often this node deletes expired portal sessions; zero turns it off
 *     (tests that delete them when they choose), anything else is at least 100 ms
 */
@ConfigurationProperties("xaalis.portal")
record PortalProperties(@DefaultValue("PT1S") Duration sessionCleanupInterval) {

    PortalProperties {
        if (sessionCleanupInterval.isNegative()
                || (!sessionCleanupInterval.isZero() && sessionCleanupInterval.toMillis() < 100)) {
            throw new IllegalArgumentException(
                    "xaalis.portal.session-cleanup-interval must be 0 (off) or at least 100 ms");
        }
    }
}
