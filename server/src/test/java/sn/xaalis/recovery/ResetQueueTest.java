package sn.xaalis.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The work of reset requests waits in a bounded queue: beyond it, a request is refused, not queued. */
class ResetQueueTest {

    @Test
    void workBeyondTheThreadsAndTheQueueIsRefused() throws InterruptedException {
        ResetQueue queue = new ResetQueue(1, 2);
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(3);
        try {
            assertThat(queue.offer(() -> {
                        running.countDown();
                        await(release);
                        done.countDown();
                    }))
                    .isTrue();
            assertThat(running.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(queue.offer(done::countDown)).isTrue();
            assertThat(queue.offer(done::countDown)).isTrue();
            assertThat(queue.offer(done::countDown)).as("the queue is full").isFalse();
            release.countDown();
            assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(queue.offer(() -> {})).as("room again").isTrue();
        } finally {
            release.countDown();
            queue.destroy();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
