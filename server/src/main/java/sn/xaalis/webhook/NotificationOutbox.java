package sn.xaalis.webhook;

import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;

/**
 * The transactional outbox: a notification row is inserted in the same transaction as the status
 * change it announces, so a change is never lost and never notified without having happened.
 */
@Component
public class NotificationOutbox {

    static final String CHANNEL = "xaalis_webhooks";
    private static final String COLUMNS = "id, application_id, environment, event_id, event, body, state,"
            + " next_attempt_at, test, created_at, updated_at";
    private static final String INSERT = "INSERT INTO notifications (" + COLUMNS + ") VALUES (:outboxId, :outboxApp,"
            + " :outboxEnv, :outboxEventId, :outboxEvent, :outboxBody, 'PENDING', :outboxNow, :outboxTest, :outboxNow,"
            + " :outboxNow)";

    private final JdbcClient jdbc;
    private final Clock clock;
    private final DispatcherWakeUp wakeUp;
    private final PostgresWakeUps otherNodes;

    NotificationOutbox(JdbcClient jdbc, Clock clock, DispatcherWakeUp wakeUp, PostgresWakeUps otherNodes) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.wakeUp = wakeUp;
        this.otherNodes = otherNodes;
    }

    /** Must run inside the transaction that changed the status. */
    public void enqueue(NewNotification notification) {
        insert(notification, false);
    }

    UUID insert(NewNotification notification, boolean test) {
        Instant now = Timestamps.truncate(clock.instant());
        UUID id = RandomTokens.uuidV7(clock);
        bind(jdbc.sql(INSERT), notification, id, now).param("outboxTest", test).update();
        announce();
        return id;
    }

    /**
     * PostgreSQL: the outbox row as the last part of a caller's statement whose data-modifying step
     * {@code changed} returns the changed row, so the notification is stored only with the change it
     * announces, in the same statement (one round trip, one commit). Bind it with {@link #bindInsert}
     * and call {@link #announce} once the statement stored it.
     */
    public static final String INSERT_FOR_CHANGED = "INSERT INTO notifications (" + COLUMNS + ")"
            + " SELECT :outboxId, :outboxApp, CAST(:outboxEnv AS VARCHAR), CAST(:outboxEventId AS VARCHAR),"
            + " CAST(:outboxEvent AS VARCHAR), CAST(:outboxBody AS TEXT), 'PENDING', :outboxNow, FALSE, :outboxNow,"
            + " :outboxNow FROM changed";

    /** Binds the parameters of {@link #INSERT_FOR_CHANGED}. */
    public JdbcClient.StatementSpec bindInsert(JdbcClient.StatementSpec spec, NewNotification notification) {
        return bind(spec, notification, RandomTokens.uuidV7(clock), Timestamps.truncate(clock.instant()));
    }

    /** The outbox row's values, shared by both inserts (all but the test flag). */
    private static JdbcClient.StatementSpec bind(
            JdbcClient.StatementSpec spec, NewNotification notification, UUID id, Instant now) {
        return spec.param("outboxId", id)
                .param("outboxApp", notification.applicationId())
                .param("outboxEnv", notification.environment().value())
                .param("outboxEventId", notification.eventId())
                .param("outboxEvent", notification.event())
                .param("outboxBody", body(notification, now))
                .param("outboxNow", Timestamps.toDatabase(now));
    }

    /**
     * Tells the dispatchers of a stored notification: this node's at once, the other nodes through one
     * shared NOTIFY; after the commit when a transaction is open, since before it they cannot see it.
     */
    public void announce() {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    wakeUp.signal();
                    otherNodes.ring();
                }
            });
        } else {
            wakeUp.signal();
            otherNodes.ring();
        }
    }

    /** SPEC §6.2; every value outside {@code data} is from a closed alphabet, so no escaping is needed. */
    private static String body(NewNotification n, Instant createdAt) {
        return "{\"id\":\"" + n.eventId() + "\",\"event\":\"" + n.event() + "\",\"environment\":\""
                + n.environment().value() + "\",\"created_at\":\"" + Timestamps.micros(createdAt) + "\",\"data\":"
                + n.dataJson() + "}";
    }
}
