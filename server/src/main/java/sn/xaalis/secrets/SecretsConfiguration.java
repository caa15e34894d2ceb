package sn.xaalis.secrets;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.PlatformProperties;

@Configuration(proxyBeanMethods = false)
class SecretsConfiguration {

    /** Only the embedded database, a single node for trying Xaalis, may make up its own master key. */
    @Bean
    SecretBox secretBox(SecretsProperties secrets, PlatformProperties platform, Database database) {
        return new SecretBox(
                database.embedded()
                        ? MasterKey.configuredOrGenerated(secrets.masterKey(), platform.dataDir())
                        : MasterKey.configured(secrets.masterKey()));
    }
}
