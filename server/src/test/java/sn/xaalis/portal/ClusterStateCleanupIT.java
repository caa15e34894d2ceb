package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.session.jdbc.JdbcIndexedSessionRepository;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.TestDatabase;

/**
 * What the portal keeps in the database for the whole cluster goes away when it no longer counts:
 * expired sessions (in small batches on PostgreSQL), and sign-in failures older than the throttle's
 * window, and nothing that still counts. On both databases.
 */
@IntegrationTest
class ClusterStateCleanupIT extends ApiIntegrationTest {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    JdbcIndexedSessionRepository sessions;

    @Autowired
    LoginThrottle throttle;

    @Autowired
    MutableClock clock;

    @Test
    void aSignedInSessionIsARowWithThePortalsIdleTimeout() {
        String email = "session" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        new PortalSession(port).signIn(email, Api.PASSWORD);

        Integer idleSeconds = jdbc.sql("SELECT max_inactive_interval FROM spring_session WHERE principal_name = :id")
                .param("id", merchant.merchantId())
                .query(Integer.class)
                .single();
        assertThat(Duration.ofSeconds(idleSeconds)).isEqualTo(Duration.ofHours(8));
    }

    @Test
    void expiredSessionsAreDeletedInBatchesAndLiveOnesKept() {
        long now = System.currentTimeMillis();
        String marker = "cleanup-" + UUID.randomUUID();
        int expired = 3 * PortalSessions.CLEANUP_BATCH + 20;
        for (int i = 0; i < expired; i++) {
            insertSession(marker, now - 60_000);
        }
        insertSession(marker, now + 3_600_000);

        if (TestDatabase.postgres()) {
            sessions.cleanUpExpiredSessions();
            assertThat(sessionsMarked(marker))
                    .as("a sweep deletes one batch, never every expired row in one statement")
                    .isEqualTo(expired + 1 - PortalSessions.CLEANUP_BATCH);
        }
        for (int sweep = 0; sweep < 4 && sessionsMarked(marker) > 1; sweep++) {
            sessions.cleanUpExpiredSessions();
        }

        assertThat(sessionsMarked(marker)).as("only the live session is left").isEqualTo(1);
    }

    @Test
    void sweepingSignInFailuresKeepsThoseInsideTheWindow() {
        String account = "sweep" + System.nanoTime() + "@example.com";
        for (int i = 0; i < 3; i++) {
            throttle.attempt(account, "192.0.2.7");
        }
        clock.advance(LoginThrottle.WINDOW.plus(Duration.ofSeconds(1)));
        throttle.attempt(account, "192.0.2.7");

        // A sweep started in the background by an attempt may hold some rows (others skip them).
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (throttle.sweep() > 0 || olderThanTheWindow() > 0) {
            assertThat(System.nanoTime()).as("old attempts swept within 10 s").isLessThan(deadline);
        }

        assertThat(failuresOf("account:" + account))
                .as("the attempt inside the window")
                .isEqualTo(1);
    }

    private long olderThanTheWindow() {
        return jdbc.sql("SELECT count(*) FROM sign_in_failures WHERE failed_at < :cutoff")
                .param("cutoff", Timestamps.toDatabase(clock.instant().minus(LoginThrottle.WINDOW)))
                .query(Long.class)
                .single();
    }

    private void insertSession(String principal, long expiresAt) {
        String id = UUID.randomUUID().toString();
        jdbc.sql("INSERT INTO spring_session (primary_id, session_id, creation_time, last_access_time,"
                        + " max_inactive_interval, expiry_time, principal_name)"
                        + " VALUES (:primary, :session, :at, :at, 60, :expires, :principal)")
                .param("primary", id)
                .param("session", UUID.randomUUID().toString())
                .param("at", expiresAt - 60_000)
                .param("expires", expiresAt)
                .param("principal", principal)
                .update();
    }

    private long sessionsMarked(String principal) {
        return jdbc.sql("SELECT count(*) FROM spring_session WHERE principal_name = :p")
                .param("p", principal)
                .query(Long.class)
                .single();
    }

    private long failuresOf(String key) {
        return jdbc.sql("SELECT count(*) FROM sign_in_failures WHERE throttle_key = :k")
                .param("k", key)
                .query(Long.class)
                .single();
    }
}
