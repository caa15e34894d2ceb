package sn.xaalis.cluster;

import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.platform.Database;

/**
 * Signals between nodes on PostgreSQL. One {@code LISTEN} connection per node carries every channel;
 * {@link #send} is a {@code NOTIFY} whose payload names the sending node, so a node never hears
 * itself (it acts in process). The embedded database has a single node: nothing is sent or heard.
 * How signals travel is a {@link SignalLink}, chosen by the database at start-up.
 *
 * <p>A signal can be missed: while the connection is down, and between its loss and the next
 * {@code LISTEN}. So every subscriber is also told, at every attempt to reconnect while the node
 * cannot listen and once when it listens again, that it may have missed some
 * ({@link Subscriber#mayHaveMissed}); {@link #hearsOtherNodes} says which state the node is in.
 */
public class ClusterSignals implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ClusterSignals.class);
    private static final Pattern CHANNEL = Pattern.compile("xaalis_[a-z_]{1,40}");

    /** What a node does with the signals of one channel. */
    public interface Subscriber {

        /** Another node sent a signal on the channel. */
        void signalled();

        /** Signals may have been lost (not listening, or listening again after a gap). */
        void mayHaveMissed();
    }

    private final SignalLink link;
    private final String nodeId = UUID.randomUUID().toString();
    private final Map<String, Subscriber> subscribers = new ConcurrentHashMap<>();
    private final SignalLink.Receiver receiver = new SignalLink.Receiver() {
        @Override
        public Set<String> channels() {
            return subscribers.keySet();
        }

        @Override
        public void signalled(String channel, String sender) {
            Subscriber subscriber = subscribers.get(channel);
            if (subscriber != null && !nodeId.equals(sender)) {
                try {
                    subscriber.signalled();
                } catch (RuntimeException e) {
                    log.warn("A cluster signal's subscriber failed: {}", e.toString());
                }
            }
        }

        @Override
        public void mayHaveMissed() {
            tellEveryone(Subscriber::mayHaveMissed);
        }
    };
    private volatile boolean running;

    /** For a node wired by hand (tests); the application's is made in {@link ClusterConfiguration}. */
    public ClusterSignals(DataSource dataSource, JdbcClient jdbc, Database database) {
        this(ClusterConfiguration.link(database, dataSource, jdbc));
    }

    ClusterSignals(SignalLink link) {
        this.link = link;
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
        link.send(channel, nodeId);
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
        return link.hearsOtherNodes();
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        link.start(receiver);
    }

    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        link.stop();
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
}
