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
        jdbc.sql("INSERT INTO notifications (id, application_id, environment, event_id, event, body, state,"
                        + " next_attempt_at, test, created_at, updated_at)"
                        + " VALUES (:id, :app, :env, :eventId, :event, :body, 'PENDING', :now, :test, :now, :now)")
                .param("id", id)
                .param("app", notification.applicationId())
                .param("env", notification.environment().value())
                .param("eventId", notification.eventId())
                .param("event", notification.event())
                .param("body", body(notification, now))
                .param("test", test)
                .param("now", Timestamps.toDatabase(now))
                .update();
        // After the commit: this node's dispatcher at once, the other nodes through one shared NOTIFY.
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
        return id;
    }

    /** SPEC §6.2; every value outside {@code data} is from a closed alphabet, so no escaping is needed. */
    private static String body(NewNotification n, Instant createdAt) {
        return "{\"id\":\"" + n.eventId() + "\",\"event\":\"" + n.event() + "\",\"environment\":\""
                + n.environment().value() + "\",\"created_at\":\"" + Timestamps.micros(createdAt) + "\",\"data\":"
                + n.dataJson() + "}";
    }
}
