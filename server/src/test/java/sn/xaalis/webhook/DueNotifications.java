package sn.xaalis.webhook;

import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;

/** Pending notifications written straight into the outbox, due when a test says, for the claim tests. */
final class DueNotifications {

    private DueNotifications() {}

    /** {@code count} notifications of {@code application}, due at {@code due}, event ids {@code <prefix><i>:SUCCESS}. */
    static void insert(JdbcClient jdbc, Clock clock, UUID application, int count, Instant due, String prefix) {
        insert(jdbc, clock, application, count, due, prefix, null);
    }

    /** The same, each with {@code body} when given (a real notification's, for a receiver that checks it). */
    static void insert(
            JdbcClient jdbc, Clock clock, UUID application, int count, Instant due, String prefix, String body) {
        for (int i = 0; i < count; i++) {
            String eventId = prefix + i + ":SUCCESS";
            jdbc.sql("INSERT INTO notifications (id, application_id, environment, event_id, event, body, state,"
                            + " next_attempt_at, created_at, updated_at) VALUES (:id, :app, 'sandbox', :eventId,"
                            + " 'transaction.success', :body, 'PENDING', :due, :due, :due)")
                    .param("id", RandomTokens.uuidV7(clock))
                    .param("app", application)
                    .param("eventId", eventId)
                    .param("body", body != null ? body : "{\"id\":\"" + eventId + "\"}")
                    .param("due", Timestamps.toDatabase(due))
                    .update();
        }
    }
}
