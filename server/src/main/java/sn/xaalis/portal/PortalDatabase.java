package sn.xaalis.portal;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.session.config.SessionRepositoryCustomizer;
import org.springframework.session.jdbc.JdbcIndexedSessionRepository;
import org.springframework.session.jdbc.PostgreSqlJdbcIndexedSessionRepositoryCustomizer;
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

    /**
     * Two requests of one session at once (a page and the browser's favicon, two tabs) may both add the
     * same new attribute, such as the CSRF token after a sign-in: the library's plain INSERT then fails the
     * second with a duplicate key and its page never finishes (spring-session#1213). An upsert instead:
     * the library's own for PostgreSQL, H2's MERGE for the embedded database.
     */
    @Bean
    SessionRepositoryCustomizer<JdbcIndexedSessionRepository> concurrentAttributeWrites(Database database) {
        return database.embedded()
                ? repository -> repository.setCreateSessionAttributeQuery(
                        "MERGE INTO %TABLE_NAME%_ATTRIBUTES (SESSION_PRIMARY_ID, ATTRIBUTE_NAME, ATTRIBUTE_BYTES)"
                                + " KEY (SESSION_PRIMARY_ID, ATTRIBUTE_NAME) VALUES (?, ?, ?)")
                : new PostgreSqlJdbcIndexedSessionRepositoryCustomizer();
    }
}
