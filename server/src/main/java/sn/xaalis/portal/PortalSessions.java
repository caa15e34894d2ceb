package sn.xaalis.portal;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.session.jdbc.JdbcIndexedSessionRepository;
import sn.xaalis.platform.PeriodicJob;

/**
 * Portal sessions live in the database (Spring Session JDBC, tables from Flyway's V8): any node
 * serves any signed-in merchant, with the same CSRF token, and a node's restart signs nobody out.
 * On PostgreSQL expired sessions go in small batches, so the cleanup, which every node runs, never
 * holds many row locks at once, and nodes cleaning at the same moment skip each other's rows. The
 * embedded database (one node, few sessions) keeps the library's single statement: H2 locks the
 * table for a delete that reads it, and two of them at once wait on each other. The library's own
 * scheduler is off ({@code cleanup-cron: "-"}): {@link #sessionCleanup} runs the same
 * deletion. Which statement a node uses is chosen at start-up in {@link PortalDatabase}.
 */
@Configuration(proxyBeanMethods = false)
class PortalSessions {

    static final int CLEANUP_BATCH = 500;

    /** PostgreSQL's cleanup (chosen in {@link PortalDatabase}). */
    static void deleteExpiredInBatches(JdbcIndexedSessionRepository repository) {
        repository.setDeleteSessionsByExpiryTimeQuery("DELETE FROM %TABLE_NAME% WHERE PRIMARY_ID IN"
                + " (SELECT PRIMARY_ID FROM %TABLE_NAME% WHERE EXPIRY_TIME < ? ORDER BY EXPIRY_TIME LIMIT "
                + CLEANUP_BATCH + " FOR UPDATE SKIP LOCKED)");
    }

    /**
     * As a job of the node's own lifecycle rather than on the library's scheduler: that one is shut
     * down with an interrupt when its repository is destroyed, so a pass running at that moment failed
     * with an error in the log of a node stopping normally. Zero turns it off (tests that delete
     * expired sessions when they choose).
     */
    @Bean
    PeriodicJob sessionCleanup(JdbcIndexedSessionRepository repository, PortalProperties properties) {
        return PeriodicJob.every(
                properties.sessionCleanupInterval(), "session-cleanup", repository::cleanUpExpiredSessions);
    }
}
