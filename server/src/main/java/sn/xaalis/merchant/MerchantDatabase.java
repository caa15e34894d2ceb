package sn.xaalis.merchant;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.PlatformProperties;

/** The one place the merchant module looks at which database it runs on, once, at start-up. */
@Configuration(proxyBeanMethods = false)
class MerchantDatabase {

    private static final Logger log = LoggerFactory.getLogger(MerchantDatabase.class);

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
        boolean allowsLive = !database.embedded() || platform.live().allowEmbeddedDatabase();
        if (!allowsLive) {
            // The operator's to fix: merchants only read that live mode is not available here yet.
            log.warn("Live mode is unavailable: it needs PostgreSQL and this node runs on the embedded database"
                    + " (sandbox work only). Merchants are told that live mode is not available on this server"
                    + " yet and to contact their operator. Point spring.datasource.url at PostgreSQL, or set"
                    + " xaalis.live.allow-embedded-database=true for a lab (docs/operations.md).");
        }
        return new Use(allowsLive, demo == null ? database.embedded() : demo);
    }
}
