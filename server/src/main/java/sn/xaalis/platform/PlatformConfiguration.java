package sn.xaalis.platform;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;

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

    /**
     * On PostgreSQL an initiation, a status change and an outbox claim are single statements that
     * commit on their own, with no transaction around them: a pool handing out connections without
     * autocommit would roll them back when they are returned, silently.
     */
    @Bean
    SmartInitializingSingleton autoCommitRequired(Database database, DataSource dataSource) {
        return () -> requireAutoCommit(database, dataSource);
    }

    static void requireAutoCommit(Database database, DataSource dataSource) {
        if (!database.embedded() && dataSource instanceof HikariDataSource pool && !pool.isAutoCommit()) {
            throw new IllegalStateException("spring.datasource.hikari.auto-commit must stay true on PostgreSQL:"
                    + " payments are stored by statements that commit on their own");
        }
    }

    @Bean
    OldestRows oldestRows(Database database, JdbcClient jdbc) {
        return database.embedded() ? new OldestRows.Embedded(jdbc) : new OldestRows.Postgres(jdbc);
    }

    @Bean
    SeparatePools separatePools(Database database, DataSource dataSource, MeterRegistry registry) {
        // The embedded database serves one node for trying Xaalis: its one pool is enough.
        return !database.embedded() && dataSource instanceof HikariDataSource requests
                ? SeparatePool.copying(requests, registry)
                : SeparatePool.sharing(dataSource);
    }

    /** Takes a safe X-Request-Id or makes one, for the logs (MDC) and the response. */
    @Bean
    FilterRegistrationBean<RequestIdFilter> requestIdFilter() {
        var registration = new FilterRegistrationBean<>(new RequestIdFilter());
        // First of all, so that every later log line of the request (security included) carries it.
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }
}
