package sn.xaalis.merchant;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.PlatformProperties;

/** The one place the merchant module looks at which database it runs on, once, at start-up. */
@Configuration(proxyBeanMethods = false)
class MerchantDatabase {

    /**
     * What the database means for merchants.
     *
     * @param allowsLive live payments need PostgreSQL, unless the operator allows the embedded database
     * @param seedsDemo whether a demo merchant is seeded: on the embedded database, unless configured
     */
    record Use(boolean allowsLive, boolean seedsDemo) {}

    @Bean
    Use databaseUse(Database database, PlatformProperties platform, MerchantProperties properties) {
        Boolean demo = properties.demo().enabled();
        return new Use(
                !database.embedded() || platform.live().allowEmbeddedDatabase(),
                demo == null ? database.embedded() : demo);
    }
}
