package sn.xaalis.merchant;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param keys how long a rotated key keeps working, and how long an authentication stays cached
 * @param demo the demo merchant seeded on the embedded database (null enabled = only when embedded)
 */
@ConfigurationProperties("xaalis")
public record MerchantProperties(@DefaultValue Keys keys, @DefaultValue Demo demo) {

    public record Keys(
            @DefaultValue("PT24H") Duration rotationOverlap, @DefaultValue("PT5S") Duration authenticationCacheTtl) {}

    public record Demo(Boolean enabled) {}
}
