package sn.xaalis.webhook;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Database;

/**
 * Wakes this node's dispatcher when any node commits a notification (PostgreSQL {@code LISTEN}); the
 * embedded database has a single node, where the in-process wake-up and polling suffice.
 */
@Component
class PostgresWakeUpListener implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PostgresWakeUpListener.class);

    private final DataSource dataSource;
    private final Database database;
    private final DispatcherWakeUp wakeUp;
    private volatile boolean running;
    private Thread thread;

    PostgresWakeUpListener(DataSource dataSource, Database database, DispatcherWakeUp wakeUp) {
        this.dataSource = dataSource;
        this.database = database;
        this.wakeUp = wakeUp;
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        if (!database.embedded()) {
            thread = Thread.ofPlatform().name("webhook-listen").daemon().start(this::listen);
        }
    }

    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        if (thread != null) {
            try {
                thread.join(2_000); // it polls every 500 ms
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
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
                    if (received != null && received.length > 0) {
                        wakeUp.signal();
                    }
                }
            } catch (SQLException e) {
                // Polling still delivers everything; LISTEN only makes it immediate.
                log.debug("LISTEN connection lost: {}", e.toString());
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
