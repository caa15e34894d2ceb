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

    /** A payout as stored, for a unit test outside this package (its stage is the package's own). */
    public static Payout stored(
            String reference,
            java.math.BigDecimal amount,
            java.math.@Nullable BigDecimal fee,
            PayoutStatus status,
            @Nullable String failureCode) {
        java.time.Instant now = java.time.Instant.parse("2026-11-29T10:00:00Z");
        return new Payout(
                java.util.UUID.randomUUID(),
                new PayoutReference(reference),
                new sn.xaalis.platform.ApplicationId(java.util.UUID.randomUUID()),
                sn.xaalis.platform.Environment.SANDBOX,
                sn.xaalis.provider.Provider.WALLET_SN,
                amount,
                fee,
                "XOF",
                "+221771234567",
                "Awa",
                "Prime",
                "{}",
                status,
                status == PayoutStatus.PROCESSING ? PayoutStage.QUEUED : PayoutStage.DONE,
                failureCode,
                null,
                null,
                "127.0.0.1",
                "owner@example.com",
                null,
                0,
                now,
                now,
                null);
    }
}
