package sn.xaalis.cluster;

import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.platform.Database;

/** The one place the cluster module looks at which database it runs on, once, at start-up. */
@Configuration(proxyBeanMethods = false)
class ClusterConfiguration {

    @Bean
    ClusterSignals clusterSignals(DataSource dataSource, JdbcClient jdbc, Database database) {
        return new ClusterSignals(link(database, dataSource, jdbc));
    }

    static SignalLink link(Database database, DataSource dataSource, JdbcClient jdbc) {
        return database.embedded() ? new SingleNodeLink() : new PostgresSignalLink(dataSource, jdbc);
    }
}
