package sn.xaalis.portal;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs the deletion of expired portal sessions every {@code xaalis.portal.session-cleanup-interval}
 * (a second by default), as a job of the application's own
 * lifecycle rather than on Spring Session's built-in scheduler: that one is shut down with an
 * interrupt when its repository is destroyed, so a pass running at that moment failed with an error
 * in the log of a node stopping normally. This one stops with the other jobs, before the database's
 * pool closes, and lets a running pass finish. An interval of zero turns it off (tests that delete
 * expired sessions when they choose).
 */
final class SessionCleanup implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(SessionCleanup.class);
    // A pass is one statement (on PostgreSQL a batch of 500 rows at most): far under this.
    private static final long STOP_WAIT_SECONDS = 10;

    private final Runnable pass;
    private final Duration every;
    private ScheduledExecutorService runs;

    SessionCleanup(Runnable pass, Duration every) {
        this.pass = pass;
        this.every = every;
    }

    @Override
    public synchronized void start() {
        if (runs != null || every.isZero()) {
            return;
        }
        runs = Executors.newSingleThreadScheduledExecutor(
                Thread.ofVirtual().name("session-cleanup").factory());
        long millis = every.toMillis();
        runs.scheduleWithFixedDelay(this::runOnce, millis, millis, TimeUnit.MILLISECONDS);
    }

    /** No interrupt: a pass in its statement finishes, and no later one starts. */
    @Override
    public synchronized void stop() {
        if (runs == null) {
            return;
        }
        runs.shutdown();
        try {
            if (!runs.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                log.warn("The expired sessions' cleanup did not end within {} s of the stop", STOP_WAIT_SECONDS);
                runs.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        runs = null;
    }

    @Override
    public synchronized boolean isRunning() {
        return runs != null;
    }

    private void runOnce() {
        try {
            pass.run();
        } catch (RuntimeException e) {
            // An exception would cancel every later pass; the database may be briefly away.
            log.warn("Deleting expired portal sessions failed, the next pass tries again: {}", e.toString());
        }
    }
}
