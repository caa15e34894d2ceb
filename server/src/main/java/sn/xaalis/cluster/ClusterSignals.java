package sn.xaalis.cluster;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Database;

/**
 * Signals between nodes on PostgreSQL. One {@code LISTEN} connection per node carries every channel;
 * {@link #send} is a {@code NOTIFY} whose payload names the sending node, so a node never hears
 * itself (it acts in process). The embedded database has a single node: nothing is sent or heard.
 *
 * <p>A signal can be missed: while the connection is down, and between its loss and the next
 * {@code LISTEN}. So every subscriber is also told, at every attempt to reconnect while the node
 * cannot listen and once when it listens again, that it may have missed some
 * ({@link Subscriber#mayHaveMissed}); {@link #hearsOtherNodes} says which state the node is in.
 */
@Component
public class ClusterSignals implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ClusterSignals.class);
    private static final Pattern CHANNEL = Pattern.compile("xaalis_[a-z_]{1,40}");
    private static final long RETRY_NANOS = 1_000_000_000L;
    private static final long PROBE_EVERY_NANOS = 500_000_000L;
    private static final int PROBE_TIMEOUT_MILLIS = 2_000;

    /** What a node does with the signals of one channel. */
    public interface Subscriber {

        /** Another node sent a signal on the channel. */
        void signalled();

        /** Signals may have been lost (not listening, or listening again after a gap). */
        void mayHaveMissed();
    }

    private final DataSource dataSource;
    private final JdbcClient jdbc;
    private final Database database;
    private final String nodeId = UUID.randomUUID().toString();
    private final Map<String, Subscriber> subscribers = new ConcurrentHashMap<>();
    private volatile boolean running;
    private volatile boolean listening;
    private volatile @Nullable Thread listener;

    public ClusterSignals(DataSource dataSource, JdbcClient jdbc, Database database) {
        this.dataSource = dataSource;
        this.jdbc = jdbc;
        this.database = database;
    }

    /** Subscribes to a channel; subscribe before the node starts (the channel list is read at connect). */
    public void subscribe(String channel, Subscriber subscriber) {
        if (!CHANNEL.matcher(channel).matches()) {
            throw new IllegalArgumentException("Not a channel name: " + channel);
        }
        if (subscribers.putIfAbsent(channel, subscriber) != null) {
            throw new IllegalStateException("Channel " + channel + " has a subscriber already");
        }
    }

    /**
     * Tells the other nodes. Inside a transaction the signal leaves with its commit and not at all
     * on rollback (PostgreSQL delivers a {@code NOTIFY} at commit); outside one, at once.
     */
    public void send(String channel) {
        if (database.embedded()) {
            return;
        }
        jdbc.sql("SELECT pg_notify(:channel, :node)")
                .param("channel", channel)
                .param("node", nodeId)
                .query((rs, n) -> 1)
                .list();
    }

    /** The payload of this node's signals. */
    public String nodeId() {
        return nodeId;
    }

    /**
     * Whether a change made by another node reaches this one by a signal: true while listening, and
     * always on the embedded database, which has no other node.
     */
    public boolean hearsOtherNodes() {
        return database.embedded() || listening;
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        if (!database.embedded()) {
            listener = Thread.ofPlatform().name("cluster-listen").daemon().start(this::listen);
        }
    }

    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        try {
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

    /** Before the dispatcher and the caches' users, so that nothing is missed at start. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1_000;
    }

    private void listen() {
        while (running) {
            try (Connection connection = dataSource.getConnection()) {
                // A server that vanished without closing the socket fails the next probe in 2 s.
                connection.setNetworkTimeout(Runnable::run, PROBE_TIMEOUT_MILLIS);
                try (Statement statement = connection.createStatement()) {
                    listenAll(statement);
                    listening = true;
                    // Whatever was sent before this LISTEN took effect went unheard.
                    tellEveryone(Subscriber::mayHaveMissed);
                    PGConnection pg = connection.unwrap(PGConnection.class);
                    long probed = System.nanoTime();
                    while (running) {
                        dispatch(pg.getNotifications(500));
                        if (System.nanoTime() - probed >= PROBE_EVERY_NANOS) {
                            // The probe is the LISTEN itself (a no-op when in place): a round trip
                            // that fails on a dead connection, and what pg_stat_activity shows.
                            listenAll(statement);
                            probed = System.nanoTime();
                        }
                    }
                }
            } catch (Throwable e) { // whatever went wrong, the node must go on trying to listen
                if (listening) {
                    log.warn("Lost the LISTEN connection to PostgreSQL; polling until it is back: {}", e.toString());
                }
                listening = false;
                tellEveryone(Subscriber::mayHaveMissed);
                LockSupport.parkNanos(this, RETRY_NANOS);
            } finally {
                listening = false;
            }
        }
    }

    /** One subscriber's failure must neither reach the others nor end the listening thread. */
    private void tellEveryone(Consumer<Subscriber> message) {
        for (Subscriber subscriber : subscribers.values()) {
            try {
                message.accept(subscriber);
            } catch (RuntimeException e) {
                log.warn("A cluster signal's subscriber failed: {}", e.toString());
            }
        }
    }

    private void listenAll(Statement statement) throws SQLException {
        for (String channel : subscribers.keySet()) {
            statement.execute("LISTEN " + channel);
        }
    }

    private void dispatch(PGNotification[] received) {
        if (received == null) {
            return;
        }
        for (PGNotification notification : received) {
            Subscriber subscriber = subscribers.get(notification.getName());
            if (subscriber != null && !nodeId.equals(notification.getParameter())) {
                try {
                    subscriber.signalled();
                } catch (RuntimeException e) {
                    log.warn("A cluster signal's subscriber failed: {}", e.toString());
                }
            }
        }
    }
}
