package sn.xaalis.ratelimit.internal;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Sustained rate per application and environment; bursts of twice as much are absorbed.
 *
 * @param clusterWide on PostgreSQL, one bucket per application for all the nodes (false: each node
 *     counts for itself, as on the embedded database)
 * @param lease how much of the rate a node takes from the shared bucket at a time: shorter is more
 *     exact when the traffic moves between nodes, longer asks the database less often
 * @param connections on PostgreSQL, the database connections of the grants, on top of the requests' pool
 */
@ConfigurationProperties("xaalis.rate-limit")
record RateLimitProperties(
        @DefaultValue("100") int requestsPerSecond,
        @DefaultValue("true") boolean clusterWide,
        @DefaultValue("PT0.05S") Duration lease,
        @DefaultValue("2") int connections) {

    RateLimitProperties {
        if (requestsPerSecond < 1) {
            throw new IllegalArgumentException("xaalis.rate-limit.requests-per-second must be at least 1");
        }
        if (connections < 1) {
            throw new IllegalArgumentException("xaalis.rate-limit.connections must be at least 1");
        }
        if (lease.isNegative() || lease.compareTo(Duration.ofSeconds(1)) > 0) {
            throw new IllegalArgumentException("xaalis.rate-limit.lease must be between 0 and 1 s");
        }
    }
}
