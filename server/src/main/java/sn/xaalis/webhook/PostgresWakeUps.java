package sn.xaalis.webhook;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Database;

/**
 * Wake-ups between nodes on PostgreSQL: {@code LISTEN} wakes this node's dispatcher when any node
 * commits notifications, and {@link #ring} tells the other nodes after this node commits some.
 * The embedded database has a single node, where the in-process wake-up and polling suffice.
 *
 * <p>The {@code NOTIFY} is sent after the commit, off the request thread, one for as many commits as
 * arrive while the previous one is sent: PostgreSQL serialises the commits of transactions that
 * notify (a database-wide lock held through the WAL flush), so a {@code NOTIFY} inside every status
 * change held those changes to one per flush. A lost {@code NOTIFY} only delays the other nodes to
 * their next poll.
 *
 * <p>Under load one {@code NOTIFY} per commit would cost each node a round trip, a wake-up of every
 * listener and a claim per commit, so they are spaced {@link #SPACING_NANOS} apart: the other nodes
 * learn of a burst at most that much later. Each carries this node's id, so that its own listener,
 * whose dispatcher was already woken in process, ignores it.
 */
@Component
class PostgresWakeUps implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PostgresWakeUps.class);

    private final DataSource dataSource;
    private final JdbcClient jdbc;
    private final Database database;
    private final DispatcherWakeUp wakeUp;
    // At most one NOTIFY per 5 ms from this node (at most 200/s whatever the commit rate).
    static final long SPACING_NANOS = 5_000_000L;

    private final AtomicBoolean rung = new AtomicBoolean();
    private final String nodeId = java.util.UUID.randomUUID().toString();
    private volatile boolean running;
    private volatile Thread listener;
    private volatile Thread notifier;

    PostgresWakeUps(DataSource dataSource, JdbcClient jdbc, Database database, DispatcherWakeUp wakeUp) {
        this.dataSource = dataSource;
        this.jdbc = jdbc;
        this.database = database;
        this.wakeUp = wakeUp;
    }

    /** The payload of this node's NOTIFYs. */
    String nodeId() {
        return nodeId;
    }

    /** After a commit that added notifications: cheap, never blocks, a no-op on the embedded database. */
    void ring() {
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
        if (!database.embedded()) {
            listener = Thread.ofPlatform().name("webhook-listen").daemon().start(this::listen);
            notifier = Thread.ofPlatform().name("webhook-notify").daemon().start(this::notifyOthers);
        }
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
            if (listener != null) {
                listener.join(2_000); // it polls every 500 ms
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void listen() {
        while (running) {
            try (Connection connection = dataSource.getConnection()) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("LISTEN " + NotificationOutbox.CHANNEL);
                }
                PGConnection pg = connection.unwrap(PGConnection.class);
                while (running) {
                    var received = pg.getNotifications(500);
                    if (received != null && fromAnotherNode(received)) {
                        wakeUp.signal();
                    }
                }
            } catch (SQLException e) {
                // Polling still delivers everything; LISTEN only makes it immediate.
                log.debug("LISTEN connection lost: {}", e.toString());
                LockSupport.parkNanos(this, 1_000_000_000L);
            }
        }
    }

    private boolean fromAnotherNode(org.postgresql.PGNotification[] received) {
        for (var notification : received) {
            if (!nodeId.equals(notification.getParameter())) {
                return true;
            }
        }
        return false;
    }

    private void notifyOthers() {
        while (running) {
            if (!rung.getAndSet(false)) {
                LockSupport.park(this);
                continue;
            }
            long sent = System.nanoTime();
            try {
                jdbc.sql("SELECT pg_notify('" + NotificationOutbox.CHANNEL + "', :node)")
                        .param("node", nodeId)
                        .query((rs, n) -> 1)
                        .list();
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
