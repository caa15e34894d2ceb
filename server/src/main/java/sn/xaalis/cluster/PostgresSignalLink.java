package sn.xaalis.cluster;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Signals on PostgreSQL: a {@code NOTIFY} whose payload names the sending node, and one {@code LISTEN}
 * connection per node carrying every channel, probed twice a second and opened again when lost.
 */
final class PostgresSignalLink implements SignalLink {

    private static final Logger log = LoggerFactory.getLogger(ClusterSignals.class);
    private static final long RETRY_NANOS = 1_000_000_000L;
    private static final long PROBE_EVERY_NANOS = 500_000_000L;
    private static final int PROBE_TIMEOUT_MILLIS = 2_000;

    private final DataSource dataSource;
    private final JdbcClient jdbc;
    private volatile boolean running;
    private volatile boolean listening;
    private volatile @Nullable Thread listener;

    PostgresSignalLink(DataSource dataSource, JdbcClient jdbc) {
        this.dataSource = dataSource;
        this.jdbc = jdbc;
    }

    @Override
    public void send(String channel, String nodeId) {
        jdbc.sql("SELECT pg_notify(:channel, :node)")
                .param("channel", channel)
                .param("node", nodeId)
                .query((rs, n) -> 1)
                .list();
    }

    @Override
    public boolean hearsOtherNodes() {
        return listening;
    }

    @Override
    public void start(Receiver receiver) {
        running = true;
        listener = Thread.ofPlatform().name("cluster-listen").daemon().start(() -> listen(receiver));
    }

    @Override
    public void stop() {
        running = false;
        try {
            if (listener != null) {
                listener.join(2_000); // it polls every 500 ms
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void listen(Receiver receiver) {
        while (running) {
            try (Connection connection = dataSource.getConnection()) {
                // A server that vanished without closing the socket fails the next probe in 2 s.
                connection.setNetworkTimeout(Runnable::run, PROBE_TIMEOUT_MILLIS);
                try (Statement statement = connection.createStatement()) {
                    listenAll(statement, receiver);
                    listening = true;
                    // Whatever was sent before this LISTEN took effect went unheard.
                    receiver.mayHaveMissed();
                    PGConnection pg = connection.unwrap(PGConnection.class);
                    long probed = System.nanoTime();
                    while (running) {
                        dispatch(pg.getNotifications(500), receiver);
                        if (System.nanoTime() - probed >= PROBE_EVERY_NANOS) {
                            // The probe is the LISTEN itself (a no-op when in place): a round trip
                            // that fails on a dead connection, and what pg_stat_activity shows.
                            listenAll(statement, receiver);
                            probed = System.nanoTime();
                        }
                    }
                }
            } catch (Throwable e) { // whatever went wrong, the node must go on trying to listen
                if (listening) {
                    log.warn("Lost the LISTEN connection to PostgreSQL; polling until it is back: {}", e.toString());
                }
                listening = false;
                receiver.mayHaveMissed();
                LockSupport.parkNanos(this, RETRY_NANOS);
            } finally {
                listening = false;
            }
        }
    }

    private static void listenAll(Statement statement, Receiver receiver) throws SQLException {
        for (String channel : receiver.channels()) {
            statement.execute("LISTEN " + channel);
        }
    }

    private static void dispatch(PGNotification[] received, Receiver receiver) {
        if (received == null) {
            return;
        }
        for (PGNotification notification : received) {
            receiver.signalled(notification.getName(), notification.getParameter());
        }
    }
}
