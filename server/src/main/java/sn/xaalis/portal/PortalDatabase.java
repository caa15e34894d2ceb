package sn.xaalis.portal;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.session.config.SessionRepositoryCustomizer;
import org.springframework.session.jdbc.JdbcIndexedSessionRepository;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.Database;

/** The one place the portal looks at which database it runs on: each choice is made here, at start-up. */
@Configuration(proxyBeanMethods = false)
class PortalDatabase {

    @Bean
    SignInLocks signInLocks(Database database, JdbcClient jdbc, TransactionTemplate transactions) {
        return database.embedded() ? new H2SignInLocks() : new PostgresSignInLocks(jdbc, transactions);
    }

    /** See {@link PortalSessions}: batched on PostgreSQL, the library's single statement on H2. */
    @Bean
    SessionRepositoryCustomizer<JdbcIndexedSessionRepository> batchedSessionCleanup(Database database) {
        return database.embedded() ? repository -> {} : PortalSessions::deleteExpiredInBatches;
    }
}
