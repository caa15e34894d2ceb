package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The expired sessions' cleanup runs on its own, outlives a failing pass, and stops without cutting one. */
class SessionCleanupTest {

    @Test
    void passesRepeatAndAFailingOneDoesNotEndThem() throws InterruptedException {
        AtomicInteger passes = new AtomicInteger();
        CountDownLatch three = new CountDownLatch(3);
        SessionCleanup cleanup = new SessionCleanup(
                () -> {
                    three.countDown();
                    if (passes.incrementAndGet() == 1) {
                        throw new IllegalStateException("the database is away");
                    }
                },
                Duration.ofMillis(20));
        cleanup.start();
        try {
            assertThat(three.await(5, TimeUnit.SECONDS)).isTrue();
        } finally {
            cleanup.stop();
        }
        assertThat(cleanup.isRunning()).isFalse();
    }

    @Test
    void stopLetsTheRunningPassFinishUninterruptedAndStartsNoOther() throws InterruptedException {
        CountDownLatch inPass = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        AtomicBoolean finished = new AtomicBoolean();
        AtomicInteger passes = new AtomicInteger();
        SessionCleanup cleanup = new SessionCleanup(
                () -> {
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
                },
                Duration.ofMillis(10));
        cleanup.start();
        assertThat(inPass.await(5, TimeUnit.SECONDS)).isTrue();

        cleanup.stop();

        assertThat(finished).as("stop returned after the pass ended").isTrue();
        assertThat(interrupted).as("the pass was not interrupted").isFalse();
        int after = passes.get();
        Thread.sleep(50);
        assertThat(passes.get()).as("no pass after the stop").isEqualTo(after);
    }

    @Test
    void theIntervalIsZeroOrAtLeastATenthOfASecond() {
        assertThat(new PortalProperties(Duration.ZERO).sessionCleanupInterval()).isZero();
        assertThat(new PortalProperties(Duration.ofSeconds(1)).sessionCleanupInterval())
                .isEqualTo(Duration.ofSeconds(1));
        for (Duration refused : new Duration[] {Duration.ofMillis(1), Duration.ofSeconds(-1)}) {
            assertThatThrownBy(() -> new PortalProperties(refused))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("xaalis.portal.session-cleanup-interval");
        }
    }

    @Test
    void aZeroIntervalTurnsItOff() {
        AtomicInteger passes = new AtomicInteger();
        SessionCleanup cleanup = new SessionCleanup(passes::incrementAndGet, Duration.ZERO);
        cleanup.start();
        assertThat(cleanup.isRunning()).isFalse();
        cleanup.stop();
        assertThat(passes.get()).isZero();
    }
}
