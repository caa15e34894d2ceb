package sn.xaalis.portal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Timestamps;

/**
 * Slows password guessing: too many failures for one account, or from one address, within the
 * window and sign-in is refused until the window has passed. Attempts are rows in the database,
 * written before the password is checked, so the limits hold for the whole cluster whichever node
 * each attempt reaches, parallel attempts included; counting stops just past the limit, so a check
 * costs the same however many failures an attacker piles up.
 *
 * <p>One account's attempts are counted one at a time ({@link SignInLocks}: a transaction-scoped advisory
 * lock on PostgreSQL, a lock in the node on the embedded database, which serves one node): attempts counted
 * at the same moment would each see the others and all be refused, leaving fewer than the limit
 * counted and the account open to more guesses than it should be.
 */
@Component
class LoginThrottle {

    private static final Logger log = LoggerFactory.getLogger(LoginThrottle.class);

    static final int MAX_FAILURES_PER_ACCOUNT = 5;
    static final int MAX_FAILURES_PER_ADDRESS = 20;
    static final int MAX_SIGNUPS_PER_ADDRESS = 5;
    static final Duration WINDOW = Duration.ofMinutes(15);
    // Old rows go in batches this small (no long lock), at most one sweep per node this often.
    static final int CLEANUP_BATCH = 500;
    private static final long CLEANUP_EVERY_NANOS = Duration.ofSeconds(10).toNanos();
    private static final int MAX_BATCHES_PER_SWEEP = 20;

    private final JdbcClient jdbc;
    private final Clock clock;
    private final SignInLocks locks;
    private final String deleteBatch;
    private final AtomicLong lastSweep = new AtomicLong(System.nanoTime() - CLEANUP_EVERY_NANOS);

    LoginThrottle(JdbcClient jdbc, Clock clock, SignInLocks locks) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.locks = locks;
        this.deleteBatch = locks.deleteBatch();
    }

    /** An attempt already counted: it stays a failure unless {@link #succeeded} takes it back. */
    record Attempt(UUID id, String account, boolean allowed) {}

    /**
     * Counts an attempt before its password is checked, then says whether it may go on: of attempts
     * sent at the same moment to any node, exactly as many as the limit allows get through. A refused
     * attempt is not kept, so refusals do not push the window further.
     */
    Attempt attempt(String account, String address) {
        UUID id = UUID.randomUUID();
        String accountKey = accountKey(account);
        boolean allowed = locks.oneAtATime(accountKey, () -> count(id, accountKey, addressKey(address)));
        sweepNowAndThen();
        return new Attempt(id, account, allowed);
    }

    // Under the account's lock: counts the attempt, then says whether it is within both limits.
    private boolean count(UUID id, String accountKey, String addressKey) {
        Instant now = clock.instant();
        jdbc.sql("INSERT INTO sign_in_failures (attempt_id, throttle_key, failed_at)"
                        + " VALUES (:id, :account, :at), (:id, :address, :at)")
                .param("id", id)
                .param("account", accountKey)
                .param("address", addressKey)
                .param("at", Timestamps.toDatabase(now))
                .update();
        Instant since = now.minus(WINDOW);
        boolean allowed = recent(accountKey, since, MAX_FAILURES_PER_ACCOUNT + 1) <= MAX_FAILURES_PER_ACCOUNT
                && recent(addressKey, since, MAX_FAILURES_PER_ADDRESS + 1) <= MAX_FAILURES_PER_ADDRESS;
        if (!allowed) {
            forget(id);
        }
        return allowed;
    }

    /** The attempt was right: it and the account's earlier failures no longer count. */
    void succeeded(Attempt attempt) {
        forget(attempt.id());
        jdbc.sql("DELETE FROM sign_in_failures WHERE throttle_key = :key")
                .param("key", accountKey(attempt.account()))
                .update();
    }

    private void forget(UUID attempt) {
        jdbc.sql("DELETE FROM sign_in_failures WHERE attempt_id = :id")
                .param("id", attempt)
                .update();
    }

    /**
     * Sign-ups per address and window; each call counts one. Two sign-ups from one address at the
     * same instant on two nodes may both pass the fifth: a bound off by the concurrent few, no more.
     */
    boolean signUpAllowed(String address) {
        String key = signUpKey(address);
        if (recent(key, clock.instant().minus(WINDOW), MAX_SIGNUPS_PER_ADDRESS) >= MAX_SIGNUPS_PER_ADDRESS) {
            return false;
        }
        jdbc.sql("INSERT INTO sign_in_failures (attempt_id, throttle_key, failed_at) VALUES (:id, :key, :at)")
                .param("id", UUID.randomUUID())
                .param("key", key)
                .param("at", Timestamps.toDatabase(clock.instant()))
                .update();
        sweepNowAndThen();
        return true;
    }

    /** Deletes failures older than the window, a batch at a time; returns how many went. */
    int sweep() {
        OffsetDateTime cutoff = Timestamps.toDatabase(clock.instant().minus(WINDOW));
        int deleted = 0;
        for (int batch = 0; batch < MAX_BATCHES_PER_SWEEP; batch++) {
            int gone = jdbc.sql(deleteBatch).param("cutoff", cutoff).update();
            deleted += gone;
            if (gone < CLEANUP_BATCH) {
                break;
            }
        }
        return deleted;
    }

    private void sweepNowAndThen() {
        long last = lastSweep.get();
        long now = System.nanoTime();
        if (now - last < CLEANUP_EVERY_NANOS || !lastSweep.compareAndSet(last, now)) {
            return;
        }
        // Off the request: a sign-in never waits for the sweep.
        Thread.ofVirtual().name("sign-in-failures-sweep").start(() -> {
            try {
                sweep();
            } catch (RuntimeException e) {
                log.debug("Sweeping old sign-in failures failed; the next failure tries again: {}", e.toString());
            }
        });
    }

    private int recent(String key, Instant since, int limit) {
        return jdbc.sql("SELECT count(*) FROM (SELECT 1 FROM sign_in_failures"
                        + " WHERE throttle_key = :key AND failed_at > :since LIMIT :limit) recent")
                .param("key", key)
                .param("since", Timestamps.toDatabase(since))
                .param("limit", limit)
                .query(Integer.class)
                .single();
    }

    private static String accountKey(String account) {
        return "account:" + truncate(account);
    }

    private static String addressKey(String address) {
        return "address:" + truncate(address);
    }

    private static String signUpKey(String address) {
        return "signup:" + truncate(address);
    }

    // The form caps nothing: keys must fit the column whatever an attacker types.
    private static String truncate(String value) {
        String v = value == null ? "" : value;
        return v.length() > 380 ? v.substring(0, 380) : v;
    }
}
