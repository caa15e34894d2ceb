package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A node's background job runs on its own, outlives a failing pass, and stops without cutting one. */
class PeriodicJobTest {

    @Test
    void passesRepeatAndAFailingOneDoesNotEndThem() throws InterruptedException {
        AtomicInteger passes = new AtomicInteger();
        CountDownLatch three = new CountDownLatch(3);
        PeriodicJob job = PeriodicJob.every(Duration.ofMillis(20), "test-job", () -> {
            three.countDown();
            if (passes.incrementAndGet() == 1) {
                throw new IllegalStateException("the database is away");
            }
        });
        job.start();
        try {
            assertThat(three.await(5, TimeUnit.SECONDS)).isTrue();
        } finally {
            job.stop();
        }
        assertThat(job.isRunning()).isFalse();
    }

    @Test
    void aPassThatLeftWorkWaitingIsFollowedAtOnceAndTheOthersAfterTheInterval() throws InterruptedException {
        AtomicInteger passes = new AtomicInteger();
        CountDownLatch fifth = new CountDownLatch(5);
        long[] at = new long[6];
        PeriodicJob job = new PeriodicJob("test-job", Duration.ofMillis(300), () -> {
            int pass = passes.incrementAndGet();
            if (pass < at.length) {
                at[pass] = System.nanoTime();
            }
            fifth.countDown();
            return pass < 4; // the first three leave work waiting, the fourth does not
        });
        long started = System.nanoTime();
        job.start();
        try {
            assertThat(fifth.await(5, TimeUnit.SECONDS)).isTrue();
        } finally {
            job.stop();
        }
        assertThat(Duration.ofNanos(at[1] - started))
                .as("the first pass waits an interval")
                .isGreaterThan(ms(290));
        assertThat(Duration.ofNanos(at[4] - at[1]))
                .as("passes 2 to 4 follow at once")
                .isLessThan(ms(290));
        assertThat(Duration.ofNanos(at[5] - at[4]))
                .as("the fifth waits an interval")
                .isGreaterThan(ms(290));
    }

    @Test
    void stopLetsTheRunningPassFinishUninterruptedAndStartsNoOther() throws InterruptedException {
        CountDownLatch inPass = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        AtomicBoolean finished = new AtomicBoolean();
        AtomicInteger passes = new AtomicInteger();
        PeriodicJob job = new PeriodicJob("test-job", Duration.ofMillis(10), () -> {
            passes.incrementAndGet();
            inPass.countDown();
            long until = System.nanoTime() + Duration.ofMillis(300).toNanos();
            // Busy, as a statement on its connection: an interrupt would be seen here.
            while (System.nanoTime() < until) {
                if (Thread.currentThread().isInterrupted()) {
                    interrupted.set(true);
                }
                Thread.onSpinWait();
            }
            finished.set(true);
            return true; // even with work waiting, no pass starts after the stop
        });
        job.start();
        assertThat(inPass.await(5, TimeUnit.SECONDS)).isTrue();

        job.stop();

        assertThat(finished).as("stop returned after the pass ended").isTrue();
        assertThat(interrupted).as("the pass was not interrupted").isFalse();
        int after = passes.get();
        Thread.sleep(50);
        assertThat(passes.get()).as("no pass after the stop").isEqualTo(after);
    }

    @Test
    void aStoppedJobStartsAgainWithASingleThread() throws InterruptedException {
        AtomicInteger inside = new AtomicInteger();
        AtomicBoolean overlapped = new AtomicBoolean();
        CountDownLatch passes = new CountDownLatch(10);
        PeriodicJob job = PeriodicJob.every(Duration.ofMillis(5), "test-job", () -> {
            if (inside.incrementAndGet() > 1) {
                overlapped.set(true);
            }
            Thread.yield();
            inside.decrementAndGet();
            passes.countDown();
        });
        for (int i = 0; i < 5; i++) {
            job.start();
            job.start();
            Thread.sleep(15);
            job.stop();
        }
        job.start();
        try {
            assertThat(passes.await(5, TimeUnit.SECONDS)).isTrue();
        } finally {
            job.stop();
        }
        assertThat(overlapped).as("never two passes at once").isFalse();
    }

    @Test
    void aZeroIntervalTurnsItOffAndANegativeOneIsRefused() {
        AtomicInteger passes = new AtomicInteger();
        PeriodicJob job = PeriodicJob.every(Duration.ZERO, "test-job", passes::incrementAndGet);
        job.start();
        assertThat(job.isRunning()).isFalse();
        job.stop();
        assertThat(passes.get()).isZero();
        assertThatThrownBy(() -> PeriodicJob.every(Duration.ofSeconds(-1), "test-job", passes::incrementAndGet))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("test-job");
    }

    @Test
    void anErrorInAPassIsLoggedAndTheNextPassRuns() throws InterruptedException {
        AtomicInteger passes = new AtomicInteger();
        CountDownLatch three = new CountDownLatch(3);
        PeriodicJob job = PeriodicJob.every(Duration.ofMillis(10), "test-job", () -> {
            three.countDown();
            if (passes.incrementAndGet() == 1) {
                throw new StackOverflowError("a pass went too deep");
            }
        });
        job.start();
        try {
            assertThat(three.await(5, TimeUnit.SECONDS))
                    .as("passes after the error")
                    .isTrue();
            assertThat(job.isRunning()).isTrue();
        } finally {
            job.stop();
        }
    }

    @Test
    void aPassThatOutlivesTheStopKeepsTheJobRunningAndNoStartRunsASecondBesideIt() throws InterruptedException {
        AtomicInteger inside = new AtomicInteger();
        AtomicBoolean overlapped = new AtomicBoolean();
        CountDownLatch stuck = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger passes = new AtomicInteger();
        PeriodicJob job = new PeriodicJob(
                "test-job",
                Duration.ofMillis(5),
                () -> {
                    if (inside.incrementAndGet() > 1) {
                        overlapped.set(true);
                    }
                    try {
                        if (passes.incrementAndGet() == 1) {
                            stuck.countDown();
                            // Stuck, and deaf to interrupts (as a socket read without a timeout).
                            while (release.getCount() > 0) {
                                Thread.onSpinWait();
                            }
                        }
                    } finally {
                        inside.decrementAndGet();
                    }
                    return false;
                },
                Duration.ofMillis(50));
        job.start();
        assertThat(stuck.await(5, TimeUnit.SECONDS)).isTrue();

        job.stop();
        assertThat(job.isRunning()).as("its pass still runs").isTrue();
        job.start();
        Thread.sleep(50);
        assertThat(passes.get()).as("no second pass beside the stuck one").isEqualTo(1);

        release.countDown();
        job.stop();
        assertThat(job.isRunning()).isFalse();
        job.start();
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (passes.get() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(passes.get()).as("it starts again once the pass ended").isGreaterThanOrEqualTo(3);
        } finally {
            job.stop();
        }
        assertThat(overlapped).as("never two passes at once").isFalse();
    }

    @Test
    void passesAreCountedByJobAndOutcome() throws InterruptedException {
        var registry = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
        AtomicInteger passes = new AtomicInteger();
        CountDownLatch four = new CountDownLatch(4);
        PeriodicJob job = PeriodicJob.every(Duration.ofMillis(5), "counted-job", () -> {
            four.countDown();
            if (passes.incrementAndGet() % 2 == 0) {
                throw new IllegalStateException("every other pass fails");
            }
        });
        job.bindTo(registry);
        job.start();
        try {
            assertThat(four.await(5, TimeUnit.SECONDS)).isTrue();
        } finally {
            job.stop();
        }
        double ok = registry.get("xaalis.job.passes")
                .tag("job", "counted-job")
                .tag("outcome", "succeeded")
                .counter()
                .count();
        double failed = registry.get("xaalis.job.passes")
                .tag("job", "counted-job")
                .tag("outcome", "failed")
                .counter()
                .count();
        assertThat(ok + failed).isEqualTo(passes.get());
        assertThat(failed).isGreaterThanOrEqualTo(2);
    }

    private static Duration ms(long millis) {
        return Duration.ofMillis(millis);
    }
}
