package sn.xaalis.webhook;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Database;

/**
 * Tells the other nodes that notifications were committed ({@code NOTIFY}), after the commit and off
 * the request thread, many commits to one {@code NOTIFY}. PostgreSQL serialises the commits of
 * transactions that notify (a database-wide lock held through the WAL flush), so a {@code NOTIFY}
 * inside every status change capped those changes at one per flush. This node's own dispatcher is
 * woken in process; the others poll anyway, so a lost broadcast only delays them to the next poll.
 */
@Component
class WakeUpBroadcast implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WakeUpBroadcast.class);

    private final JdbcClient jdbc;
    private final Database database;
    private final AtomicBoolean rung = new AtomicBoolean();
    private volatile boolean running;
    private volatile Thread thread;

    WakeUpBroadcast(JdbcClient jdbc, Database database) {
        this.jdbc = jdbc;
        this.database = database;
    }

    /** Called after a commit that added notifications; cheap and never blocks. */
    void ring() {
        Thread sender = thread;
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
        if (!database.embedded()) {
            thread = Thread.ofPlatform().name("webhook-notify").daemon().start(this::send);
        }
    }

    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        Thread sender = thread;
        thread = null;
        if (sender != null) {
            LockSupport.unpark(sender);
            try {
                sender.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void send() {
        while (running) {
            if (!rung.getAndSet(false)) {
                LockSupport.park(this);
                continue;
            }
            // Rings that arrive while this NOTIFY commits are answered by the next one.
            try {
                jdbc.sql("SELECT pg_notify('" + NotificationOutbox.CHANNEL + "', '')")
                        .query((rs, n) -> 1)
                        .list();
            } catch (RuntimeException e) {
                log.debug("NOTIFY failed; the other nodes will poll: {}", e.toString());
                LockSupport.parkNanos(this, 100_000_000L);
            }
        }
    }
}
