package sn.xaalis.webhook;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/** A doorbell for the dispatcher: commits ring it, the dispatcher waits on it between polls. */
@Component
class DispatcherWakeUp {

    private final Semaphore bell = new Semaphore(0);

    void signal() {
        if (bell.availablePermits() == 0) {
            bell.release();
        }
    }

    /** Waits until rung or the timeout passes. */
    void await(long millis) throws InterruptedException {
        if (bell.tryAcquire(millis, TimeUnit.MILLISECONDS)) {
            bell.drainPermits();
        }
    }
}
