package sn.xaalis.platform;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
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
public final class PeriodicJob implements SmartLifecycle, MeterBinder {

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
    private final Duration stopWait;
    private @Nullable Thread thread;
    private @Nullable CountDownLatch stopped;
    private volatile @Nullable Counter succeeded;
    private volatile @Nullable Counter failed;

    /**
     * @param name the thread's name and the job's in the log
     * @param interval the pause after a pass that left nothing waiting, and before the first one
     */
    public PeriodicJob(String name, Duration interval, Pass pass) {
        this(name, interval, pass, STOP_WAIT);
    }

    /** @param stopWait how long a stop waits for the running pass, then again after interrupting it */
    PeriodicJob(String name, Duration interval, Pass pass, Duration stopWait) {
        if (interval.isNegative()) {
            throw new IllegalArgumentException("The " + name + " job's interval must not be negative");
        }
        this.name = name;
        this.interval = interval;
        this.pass = pass;
        this.stopWait = stopWait;
    }

    /** A job whose every pass does all there is, so the next one waits a whole interval. */
    public static PeriodicJob every(Duration interval, String name, Runnable pass) {
        return new PeriodicJob(name, interval, () -> {
            pass.run();
            return false;
        });
    }

    /** Passes by outcome, {@code xaalis_job_passes_total{job, outcome}} (bound as a bean of the node). */
    @Override
    public void bindTo(MeterRegistry registry) {
        succeeded = Counter.builder("xaalis.job.passes")
                .description("Passes of a node's background jobs, by job and outcome")
                .tag("job", name)
                .tag("outcome", "succeeded")
                .register(registry);
        failed = Counter.builder("xaalis.job.passes")
                .description("Passes of a node's background jobs, by job and outcome")
                .tag("job", name)
                .tag("outcome", "failed")
                .register(registry);
    }

    /**
     * Starts the passes; does nothing while a pass is still going, even one a stop gave up waiting for
     * (a second thread beside it would run two passes at once).
     */
    @Override
    public synchronized void start() {
        if ((thread != null && thread.isAlive()) || interval.isZero()) {
            return;
        }
        CountDownLatch stop = new CountDownLatch(1);
        stopped = stop;
        thread = Thread.ofVirtual().name(name).start(() -> loop(stop));
    }

    /** Returns once the running pass, if any, has ended, so a stop and a start never leave two going. */
    @Override
    public synchronized void stop() {
        Thread running = thread;
        CountDownLatch stop = stopped;
        if (running == null || stop == null) {
            return;
        }
        stop.countDown();
        try {
            if (!running.join(stopWait)) {
                log.warn(
                        "The {} job's pass did not end within {} ms of the stop; interrupting it",
                        name,
                        stopWait.toMillis());
                running.interrupt();
                if (!running.join(stopWait)) {
                    // Kept: it still counts as running, and no start runs a second pass beside it.
                    log.error("The {} job's pass ignores its interrupt; it is left to end on its own", name);
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        thread = null;
    }

    /** While its thread lives: a thread ended by anything but a stop is not running. */
    @Override
    public synchronized boolean isRunning() {
        return thread != null && thread.isAlive();
    }

    private static void count(@Nullable Counter counter) {
        if (counter != null) {
            counter.increment();
        }
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
            boolean more = pass.run();
            count(succeeded);
            return more;
        } catch (RuntimeException e) {
            count(failed);
            log.warn("The {} job failed, its next pass tries again: {}", name, e.toString());
            return false;
        } catch (Error e) {
            count(failed);
            // An assertion or a stack overflow in one pass must not end the job unseen; the next pass
            // may well succeed. (An out-of-memory error takes the node down wherever it is thrown.)
            log.error("The {} job's pass failed with an error, its next pass tries again", name, e);
            return false;
        }
    }
}
