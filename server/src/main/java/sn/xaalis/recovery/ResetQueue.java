package sn.xaalis.recovery;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The work of forgotten-password requests, done after their answer: a few threads and a bounded queue,
 * so that a flood of requests waits in a fixed space or is refused, and never grows without limit.
 */
@Component
class ResetQueue implements DisposableBean {

    private static final int THREADS = 2;
    private static final int CAPACITY = 200;

    private final ThreadPoolExecutor pool;

    ResetQueue() {
        this(THREADS, CAPACITY);
    }

    ResetQueue(int threads, int capacity) {
        pool = new ThreadPoolExecutor(
                threads,
                threads,
                1,
                TimeUnit.MINUTES,
                new ArrayBlockingQueue<>(capacity),
                Thread.ofPlatform().name("password-reset-", 0).daemon().factory(),
                new ThreadPoolExecutor.AbortPolicy());
        pool.allowCoreThreadTimeOut(true);
    }

    /** Queues the work; false when the queue is full (nothing will be done). */
    boolean offer(Runnable work) {
        try {
            pool.execute(work);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    @Override
    public void destroy() {
        pool.shutdown();
    }
}
