package sn.xaalis.support;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The providers' events are answered at once and acted on by a job (issue 47): a test that checks
 * what an event did not change first waits for the job to have acted on every event due.
 */
public final class Inbox {

    private Inbox() {}

    /** Waits until no event due by the test's clock is still waiting or being acted on. */
    public static void awaitActedOn(JdbcClient jdbc, Clock clock) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        long waiting = -1;
        while (System.nanoTime() < deadline) {
            waiting = jdbc.sql("SELECT COUNT(*) FROM provider_inbox WHERE state = 'PENDING'"
                            + " AND (next_attempt_at <= :now OR leased_until IS NOT NULL)")
                    .param("now", OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC))
                    .query(Long.class)
                    .single();
            if (waiting == 0) {
                return;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError(waiting + " provider events still waiting to be acted on");
    }
}
