package sn.xaalis.support;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Holds a fake provider's payout requests, for the kill tests: a request whose body holds a marker (a
 * recipient's number) is held at {@link Point#BEFORE} the provider does anything (as if it never arrived),
 * or {@link Point#AFTER} the money moved but before the answer leaves. The test kills the caller
 * meanwhile, then releases them all.
 */
public final class FakeHold {

    public enum Point {
        BEFORE,
        AFTER
    }

    private final Map<String, Point> points = new ConcurrentHashMap<>();
    private volatile CountDownLatch released = new CountDownLatch(1);
    private final Semaphore arrived = new Semaphore(0);

    /** Requests carrying {@code marker} are held at {@code point} until {@link #release()}. */
    public synchronized void at(Point point, String marker) {
        if (points.isEmpty()) {
            released = new CountDownLatch(1);
            arrived.drainPermits();
        }
        points.put(marker, point);
    }

    /** Waits until {@code count} requests are held. */
    public boolean awaitHeld(int count, Duration timeout) throws InterruptedException {
        return arrived.tryAcquire(count, timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Lets the held requests go (their caller is gone by then) and holds no more. */
    public synchronized void release() {
        points.clear();
        released.countDown();
    }

    /** Whether the request with {@code body} is held at {@code at}; if so, blocks until released. */
    boolean hold(Point at, String body) {
        if (points.isEmpty()) {
            return false;
        }
        boolean held = points.entrySet().stream().anyMatch(e -> e.getValue() == at && body.contains(e.getKey()));
        if (!held) {
            return false;
        }
        CountDownLatch latch = released;
        arrived.release();
        try {
            latch.await(2, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return true;
    }
}
