package sn.xaalis.platform;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Operator settings shared by every module (DESIGN §4).
 *
 * @param publicBaseUrl where customers and merchants reach this server; unset means
 *     {@code http://localhost:<port>}
 * @param dataDir where the embedded database and a generated master key live
 */
@ConfigurationProperties("xaalis")
public record PlatformProperties(
        String publicBaseUrl,
        @DefaultValue("./data") Path dataDir,
        @DefaultValue Secrets secrets,
        @DefaultValue RateLimit rateLimit,
        @DefaultValue Live live,
        @DefaultValue WebhookEgress webhooks) {

    /** @param masterKey base64 of 32 random bytes; encrypts stored secrets and derives the pepper */
    public record Secrets(String masterKey) {}

    /**
     * Sustained rate per application and environment; bursts of twice as much are absorbed.
     *
     * @param clusterWide on PostgreSQL, one bucket per application for all the nodes (false: each node
     *     counts for itself, as on the embedded database)
     * @param lease how much of the rate a node takes from the shared bucket at a time: shorter is more
     *     exact when the traffic moves between nodes, longer asks the database less often
     */
    public record RateLimit(
            @DefaultValue("100") int requestsPerSecond,
            @DefaultValue("true") boolean clusterWide,
            @DefaultValue("PT0.05S") Duration lease) {
        public RateLimit {
            if (requestsPerSecond < 1) {
                throw new IllegalArgumentException("xaalis.rate-limit.requests-per-second must be at least 1");
            }
            if (lease.isNegative() || lease.compareTo(Duration.ofSeconds(1)) > 0) {
                throw new IllegalArgumentException("xaalis.rate-limit.lease must be between 0 and 1 s");
            }
        }
    }

    public record Live(@DefaultValue("false") boolean allowEmbeddedDatabase) {}

    /**
     * @param allowedPrivateCidrs private ranges webhooks may reach anyway (tests, labs); empty in production
     */
    public record WebhookEgress(List<String> allowedPrivateCidrs) {
        public WebhookEgress {
            allowedPrivateCidrs = allowedPrivateCidrs == null ? List.of() : List.copyOf(allowedPrivateCidrs);
        }
    }
}
