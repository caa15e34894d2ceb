package sn.xaalis.platform;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * A node's background work, one pass after another on a virtual thread of its own: the next pass
 * starts an interval after the last one ended, or at once when the pass says it left work waiting.
 * A failing pass is logged and the next one tries again (the database may be briefly away). A stop
 * lets a running pass finish and starts no other: an interrupt would fail the statement in flight,
 * with an error in the log of a node stopping normally. An interval of zero turns the job off.
 */
public final class PeriodicJob implements SmartLifecycle {

    /** One pass of the job. */
    @FunctionalInterface
    public interface Pass {
        /** Does the work; true when it left some waiting, so that the next pass starts at once. */
        boolean run();
    }

    private static final Logger log = LoggerFactory.getLogger(PeriodicJob.class);
    // A pass is short transactions and, for the payment jobs, provider calls with their own timeouts;
    // one still going after this is stuck on something.
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);

    private final String name;
    private final Duration interval;
    private final Pass pass;
    private Thread thread;
    private CountDownLatch stopped;

    /**
     * @param name the thread's name and the job's in the log
     * @param interval the pause after a pass that left nothing waiting, and before the first one
     */
    public PeriodicJob(String name, Duration interval, Pass pass) {
        if (interval.isNegative()) {
            throw new IllegalArgumentException("The " + name + " job's interval must not be negative");
        }
        this.name = name;
        this.interval = interval;
        this.pass = pass;
    }

    /** A job whose every pass does all there is, so the next one waits a whole interval. */
    public static PeriodicJob every(Duration interval, String name, Runnable pass) {
        return new PeriodicJob(name, interval, () -> {
            pass.run();
            return false;
        });
    }

    @Override
    public synchronized void start() {
        if (thread != null || interval.isZero()) {
            return;
        }
        CountDownLatch stop = new CountDownLatch(1);
        stopped = stop;
        thread = Thread.ofVirtual().name(name).start(() -> loop(stop));
    }

    /** Returns once the running pass, if any, has ended, so a stop and a start never leave two going. */
    @Override
    public synchronized void stop() {
        if (thread == null) {
            return;
        }
        stopped.countDown();
        try {
            if (!thread.join(STOP_WAIT)) {
                log.warn(
                        "The {} job's pass did not end within {} s of the stop; interrupting it",
                        name,
                        STOP_WAIT.toSeconds());
                thread.interrupt();
                thread.join(STOP_WAIT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        thread = null;
    }

    @Override
    public synchronized boolean isRunning() {
        return thread != null;
    }

    private void loop(CountDownLatch stop) {
        boolean more = false;
        try {
            while (true) {
                boolean stopping = more ? stop.getCount() == 0 : stop.await(interval.toNanos(), TimeUnit.NANOSECONDS);
                if (stopping) {
                    return;
                }
                more = runOnce();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // only from a stop that waited in vain: end here
        }
    }

    private boolean runOnce() {
        try {
            return pass.run();
        } catch (RuntimeException e) {
            log.warn("The {} job failed, its next pass tries again: {}", name, e.toString());
            return false;
        }
    }
}
