package sn.xaalis.webhook;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import sn.xaalis.platform.SqlStep;
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
    private final NodeWakeUps otherNodes;

    NotificationOutbox(JdbcClient jdbc, Clock clock, DispatcherWakeUp wakeUp, NodeWakeUps otherNodes) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.wakeUp = wakeUp;
        this.otherNodes = otherNodes;
    }

    /** Must run inside the transaction that changed the status. */
    public void enqueue(NewNotification notification) {
        insert(notification, false);
    }

    NotificationId insert(NewNotification notification, boolean test) {
        Instant now = Timestamps.truncate(clock.instant());
        NotificationId id = NotificationId.newId(clock);
        jdbc.sql(INSERT)
                .params(values(notification, id, now))
                .param("outboxTest", test)
                .update();
        announce();
        return id;
    }

    private static final String INSERT_FROM = "INSERT INTO notifications (" + COLUMNS + ")"
            + " SELECT :outboxId, :outboxApp, CAST(:outboxEnv AS VARCHAR), CAST(:outboxEventId AS VARCHAR),"
            + " CAST(:outboxEvent AS VARCHAR), CAST(:outboxBody AS TEXT), 'PENDING', :outboxNow, FALSE, :outboxNow,"
            + " :outboxNow FROM ";

    /**
     * PostgreSQL: the outbox row as the last part of a caller's statement (kept for its single round
     * trip and commit), inserted once per row of {@code changedRows}, the caller's data-modifying step
     * that returns the changed row: the notification is stored only with the change it announces. The
     * caller binds {@code params} with its own (they are named after this module, {@code outbox…}, so
     * they never meet the caller's) and calls {@link #announce} once the statement stored the row.
     */
    public SqlStep insertFor(String changedRows, NewNotification notification) {
        return new SqlStep(
                INSERT_FROM + changedRows,
                values(notification, NotificationId.newId(clock), Timestamps.truncate(clock.instant())));
    }

    /** The outbox row's values, shared by both inserts (all but the test flag). */
    private static Map<String, Object> values(NewNotification notification, NotificationId id, Instant now) {
        return Map.of(
                "outboxId", id.value(),
                "outboxApp", notification.applicationId().value(),
                "outboxEnv", notification.environment().value(),
                "outboxEventId", notification.eventId(),
                "outboxEvent", notification.event(),
                "outboxBody", body(notification, now),
                "outboxNow", Timestamps.toDatabase(now));
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
