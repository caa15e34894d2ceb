package sn.xaalis.webhook;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import sn.xaalis.cluster.ClusterSignals;

/**
 * Wake-ups between nodes on PostgreSQL: a signal on {@link NotificationOutbox#CHANNEL} wakes this
 * node's dispatcher when another node commits notifications, and {@link #ring} tells the other nodes
 * after this node commits some.
 *
 * <p>The {@code NOTIFY} is sent after the commit, off the request thread, one for as many commits as
 * arrive while the previous one is sent: PostgreSQL serialises the commits of transactions that
 * notify (a database-wide lock held through the WAL flush), so a {@code NOTIFY} inside every status
 * change held those changes to one per flush. A lost {@code NOTIFY} only delays the other nodes to
 * their next poll.
 *
 * <p>Under load one {@code NOTIFY} per commit would cost each node a round trip, a wake-up of every
 * listener and a claim per commit, so they are spaced {@link #SPACING_NANOS} apart: the other nodes
 * learn of a burst at most that much later. A node does not hear its own ({@link ClusterSignals}):
 * its dispatcher was already woken in process.
 */
final class PostgresNodeWakeUps implements NodeWakeUps, SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PostgresNodeWakeUps.class);
    // At most one NOTIFY per 5 ms from this node (at most 200/s whatever the commit rate).
    static final long SPACING_NANOS = 5_000_000L;

    private final ClusterSignals signals;
    private final AtomicBoolean rung = new AtomicBoolean();
    private volatile boolean running;
    private volatile @Nullable Thread notifier;

    PostgresNodeWakeUps(ClusterSignals signals, DispatcherWakeUp wakeUp) {
        this.signals = signals;
        signals.subscribe(NotificationOutbox.CHANNEL, new ClusterSignals.Subscriber() {
            @Override
            public void signalled() {
                wakeUp.signal();
            }

            @Override
            public void mayHaveMissed() {
                wakeUp.signal(); // a claim costs little; a missed wake-up costs a poll interval
            }
        });
    }

    /** The payload of this node's NOTIFYs. */
    String nodeId() {
        return signals.nodeId();
    }

    @Override
    public void ring() {
        Thread sender = notifier;
        if (sender != null && !rung.getAndSet(true)) {
            LockSupport.unpark(sender);
        }
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        notifier = Thread.ofPlatform().name("webhook-notify").daemon().start(this::notifyOthers);
    }

    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        Thread sender = notifier;
        notifier = null;
        try {
            if (sender != null) {
                LockSupport.unpark(sender);
                sender.join(2_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void notifyOthers() {
        while (running) {
            if (!rung.getAndSet(false)) {
                LockSupport.park(this);
                continue;
            }
            long sent = System.nanoTime();
            try {
                signals.send(NotificationOutbox.CHANNEL);
            } catch (RuntimeException e) {
                log.debug("NOTIFY failed; the other nodes will poll: {}", e.toString());
                LockSupport.parkNanos(this, 100_000_000L);
            }
            // Commits arriving meanwhile set `rung` again and share the next NOTIFY.
            long wait;
            while (running && (wait = SPACING_NANOS - (System.nanoTime() - sent)) > 0) {
                LockSupport.parkNanos(this, wait);
            }
        }
    }
}
