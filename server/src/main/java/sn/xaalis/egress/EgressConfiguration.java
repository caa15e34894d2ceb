package sn.xaalis.egress;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import sn.xaalis.platform.PlatformProperties;

@Configuration(proxyBeanMethods = false)
class EgressConfiguration {

    /** The system resolver; tests replace it to play a hostile DNS. */
    @Bean
    HostResolver hostResolver() {
        return HostResolver.SYSTEM;
    }

    @Bean
    WebhookUrls webhookUrls(PlatformProperties properties, HostResolver resolver) {
        return new WebhookUrls(AddressPolicy.parse(properties.webhooks().allowedPrivateCidrs()), resolver);
    }
}
