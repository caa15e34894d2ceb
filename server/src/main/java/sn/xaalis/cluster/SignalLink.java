package sn.xaalis.cluster;

import java.util.Set;

/**
 * How signals travel between nodes: {@code NOTIFY}/{@code LISTEN} on PostgreSQL ({@link PostgresSignalLink}),
 * not at all on the embedded database, which has a single node ({@link SingleNodeLink}). Chosen once at
 * start-up ({@link ClusterConfiguration}).
 */
interface SignalLink {

    /** What the link hands what it hears to. */
    interface Receiver {

        Set<String> channels();

        void signalled(String channel, String sender);

        void mayHaveMissed();
    }

    void send(String channel, String nodeId);

    /** Whether a change made by another node reaches this one by a signal now. */
    boolean hearsOtherNodes();

    void start(Receiver receiver);

    void stop();
}
