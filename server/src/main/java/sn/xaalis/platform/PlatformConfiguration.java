package sn.xaalis.platform;

import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import sn.xaalis.platform.net.AddressPolicy;
import sn.xaalis.platform.net.HostResolver;
import sn.xaalis.platform.net.WebhookUrls;

@Configuration(proxyBeanMethods = false)
class PlatformConfiguration {

    /** Time is injected everywhere so that tests move it instead of sleeping. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    Database database(Environment environment) {
        String url = environment.getProperty("spring.datasource.url", "");
        return new Database(url.startsWith("jdbc:h2:"));
    }

    @Bean
    SecretBox secretBox(PlatformProperties properties, Database database) {
        return new SecretBox(MasterKey.load(properties, database));
    }

    /** The system resolver; tests replace it to play a hostile DNS. */
    @Bean
    HostResolver hostResolver() {
        return HostResolver.SYSTEM;
    }

    @Bean
    WebhookUrls webhookUrls(PlatformProperties properties, HostResolver resolver) {
        return new WebhookUrls(AddressPolicy.parse(properties.webhooks().allowedPrivateCidrs()), resolver);
    }

    @Bean
    RateLimiter rateLimiter(PlatformProperties properties, Clock clock) {
        int rate = properties.rateLimit().requestsPerSecond();
        return new RateLimiter(rate, rate * 2L, clock);
    }
}
