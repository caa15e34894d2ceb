package sn.xaalis.webhook;

/**
 * How this node wakes the other nodes' dispatchers after it commits notifications. On PostgreSQL a
 * {@code NOTIFY} on {@link NotificationOutbox#CHANNEL} ({@link PostgresNodeWakeUps}); the embedded
 * database has a single node, where the in-process wake-up and polling suffice ({@link #SINGLE_NODE}).
 * Chosen once at start-up by {@link WebhookStores}.
 */
interface NodeWakeUps {

    /** The embedded database's single node: nobody else to wake. */
    NodeWakeUps SINGLE_NODE = () -> {};

    /** After a commit that added notifications: cheap, never blocks. */
    void ring();
}
