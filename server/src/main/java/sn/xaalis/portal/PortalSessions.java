package sn.xaalis.portal;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.session.config.SessionRepositoryCustomizer;
import org.springframework.session.jdbc.JdbcIndexedSessionRepository;
import sn.xaalis.platform.Database;

/**
 * Portal sessions live in the database (Spring Session JDBC, tables from Flyway's V8): any node
 * serves any signed-in merchant, with the same CSRF token, and a node's restart signs nobody out.
 * Expired sessions go in small batches, so the cleanup, which every node runs, never holds many row
 * locks at once; nodes cleaning at the same moment skip each other's rows.
 */
@Configuration(proxyBeanMethods = false)
class PortalSessions {

    static final int CLEANUP_BATCH = 500;

    @Bean
    SessionRepositoryCustomizer<JdbcIndexedSessionRepository> batchedSessionCleanup(Database database) {
        String expired = "SELECT PRIMARY_ID FROM %TABLE_NAME% WHERE EXPIRY_TIME < ? ORDER BY EXPIRY_TIME LIMIT "
                + CLEANUP_BATCH + (database.embedded() ? "" : " FOR UPDATE SKIP LOCKED");
        return repository -> repository.setDeleteSessionsByExpiryTimeQuery(
                "DELETE FROM %TABLE_NAME% WHERE PRIMARY_ID IN (" + expired + ")");
    }
}
