package sn.xaalis.platform;

import java.nio.file.Path;
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
        @DefaultValue Live live,
        @DefaultValue WebhookEgress webhooks) {

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
