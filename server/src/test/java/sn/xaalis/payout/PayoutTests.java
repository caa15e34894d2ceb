package sn.xaalis.payout;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import tools.jackson.databind.JsonNode;

/** What the payout tests wait for and look up: a payout reaching a status over the API, a stored webhook. */
public final class PayoutTests {

    private PayoutTests() {}

    /** The payout once the API shows it in {@code status}; fails after {@code timeout}. */
    public static JsonNode awaitPayout(Api api, Api.Merchant m, String reference, String status, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = api.get(m, "/payouts/" + reference + "/").json();
            if (status.equals(last.get("status").stringValue())) {
                return last;
            }
            sleep(50);
        }
        throw new AssertionError("payout " + reference + " not " + status + " in time: " + last);
    }

    /** The event of the webhook stored for {@code eventId} (in the transaction of its change), or null. */
    static @Nullable String webhook(JdbcClient jdbc, String eventId) {
        return jdbc.sql("SELECT event FROM notifications WHERE event_id = :id")
                .param("id", eventId)
                .query(String.class)
                .optional()
                .orElse(null);
    }

    /** Sleeps, turning an interruption into an IllegalStateException (the interrupt flag kept). */
    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
