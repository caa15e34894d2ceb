package sn.xaalis.provider;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.DeletionBatches;
import sn.xaalis.platform.Sha256;
import sn.xaalis.platform.Timestamps;

/**
 * Authenticated provider events, stored before they are answered and acted on afterwards (issue 47):
 * the answer never waits on a provider's API, and an event stored but not yet acted on survives a
 * crash. Rows are claimed under a lease with {@code FOR UPDATE SKIP LOCKED}, so two nodes never act on
 * one at once and a crashed node's claim simply runs out. A provider's retry of an event it already
 * sent is acknowledged without a second row: the dedupe key is the provider, the account and the
 * provider's own id for the event.
 */
@Repository
public class ProviderInbox {

    private static final String COLUMNS = "id, provider, connection_id, reference, provider_reference,"
            + " provider_transaction_id, claimed_state, failure_reason, amount, event_id, body, received_at,"
            + " attempts";
    // Served by provider_inbox_due_idx; run every pass on every node.
    static final String LOCK_DUE = "SELECT " + COLUMNS + " FROM provider_inbox WHERE state = 'PENDING'"
            + " AND next_attempt_at <= :now AND (leased_until IS NULL OR leased_until < :now)"
            + " ORDER BY next_attempt_at LIMIT :limit FOR UPDATE SKIP LOCKED";

    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final InboxProperties properties;
    private final DeletionBatches batches;

    ProviderInbox(
            JdbcClient jdbc,
            TransactionTemplate transactions,
            Clock clock,
            InboxProperties properties,
            DeletionBatches batches) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.clock = clock;
        this.properties = properties;
        this.batches = batches;
    }

    /**
     * An event claimed for acting on.
     *
     * @param notice what the event says, as read when it came (an operator's success not yet confirmed)
     * @param body the event as received, redacted, for the exchange log
     * @param attempts how many times it was claimed before this one
     */
    public record Event(
            UUID id, ProviderNotice notice, String body, Instant receivedAt, int attempts, UUID leaseToken) {}

    /**
     * Stores an authenticated event in one short statement.
     *
     * @param identity what tells this event from the provider's others (its event id, else its body)
     * @return false when the provider already sent it (a retry): nothing is stored twice
     */
    boolean store(ProviderNotice notice, String identity, String body) {
        String key = notice.provider().name() + ":"
                + (notice.connectionId() == null ? "installation" : notice.connectionId()) + ":"
                + Sha256.hex(identity);
        Instant now = clock.instant();
        SessionState state = notice.state();
        return jdbc.sql("INSERT INTO provider_inbox (id, dedupe_key, provider, connection_id, reference,"
                                + " provider_reference, provider_transaction_id, claimed_state, failure_reason, amount,"
                                + " event_id, body, received_at, state, attempts, next_attempt_at)"
                                + " VALUES (:id, :key, :provider, :connection, :reference, :providerReference,"
                                + " :transaction, :state, :reason, :amount, :event, :body, :now, 'PENDING', 0, :now)"
                                + " ON CONFLICT DO NOTHING")
                        .param("id", UUID.randomUUID())
                        .param("key", key)
                        .param("provider", notice.provider().name())
                        .param("connection", ConnectionId.valueOrNull(notice.connectionId()))
                        .param("reference", cut(notice.reference(), 255))
                        .param("providerReference", cut(notice.providerReference(), 255))
                        .param("transaction", cut(notice.providerTransactionId(), 255))
                        .param("state", kind(state))
                        .param("reason", cut(reason(state), 500))
                        .param(
                                "amount",
                                notice.amount() == null ? null : notice.amount().toString())
                        .param("event", cut(notice.eventId(), 255))
                        .param("body", body)
                        .param("now", Timestamps.toDatabase(now))
                        .update()
                == 1;
    }

    /**
     * Claims up to {@code limit} due events for {@link InboxProperties#lease()}, in one short
     * transaction. Rows another node holds are skipped, not waited for.
     */
    public List<Event> claim(int limit) {
        Instant now = clock.instant();
        UUID token = UUID.randomUUID();
        List<Event> claimed = transactions.execute(tx -> {
            List<Event> due = jdbc.sql(LOCK_DUE)
                    .param("now", Timestamps.toDatabase(now))
                    .param("limit", limit)
                    .query((rs, n) -> event(rs, token))
                    .list();
            if (!due.isEmpty()) {
                jdbc.sql("UPDATE provider_inbox SET leased_until = :lease, lease_token = :token,"
                                + " attempts = attempts + 1 WHERE id IN (:ids)")
                        .param("lease", Timestamps.toDatabase(now.plus(properties.lease())))
                        .param("token", token)
                        .param("ids", due.stream().map(Event::id).toList())
                        .update();
            }
            return due;
        });
        return claimed == null ? List.of() : claimed;
    }

    /** Acted on: kept (for the dedupe) until {@link #purgeDone} removes it. False if our lease was lost. */
    public boolean done(Event event, String outcome) {
        Instant now = clock.instant();
        return jdbc.sql("UPDATE provider_inbox SET state = 'DONE', outcome = :outcome, done_at = :now,"
                                + " leased_until = NULL, lease_token = NULL WHERE id = :id AND lease_token = :token")
                        .param("outcome", cut(outcome, 500))
                        .param("now", Timestamps.toDatabase(now))
                        .param("id", event.id())
                        .param("token", event.leaseToken())
                        .update()
                == 1;
    }

    /**
     * The provider could not be asked what the event needs: it is acted on again after a back-off
     * ({@code retryAfter}, doubled at every attempt up to {@code retryMaxInterval}), or given up (done)
     * once it has waited {@code giveUpAfter}; reconciliation and expiry still settle its payment.
     *
     * @return false when it was given up
     */
    public boolean retryLater(Event event, String outcome) {
        Instant now = clock.instant();
        if (!now.isBefore(event.receivedAt().plus(properties.giveUpAfter()))) {
            done(event, "given up after " + properties.giveUpAfter() + ": " + outcome);
            return false;
        }
        jdbc.sql("UPDATE provider_inbox SET next_attempt_at = :next, outcome = :outcome, leased_until = NULL,"
                        + " lease_token = NULL WHERE id = :id AND lease_token = :token")
                .param("next", Timestamps.toDatabase(now.plus(backoff(event.attempts()))))
                .param("outcome", cut(outcome, 500))
                .param("id", event.id())
                .param("token", event.leaseToken())
                .update();
        return true;
    }

    /** retryAfter, doubled for every earlier attempt, capped at retryMaxInterval. */
    Duration backoff(int attempts) {
        Duration delay = properties.retryAfter();
        for (int i = 0; i < attempts && delay.compareTo(properties.retryMaxInterval()) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(properties.retryMaxInterval()) > 0 ? properties.retryMaxInterval() : delay;
    }

    /** Deletes up to {@code batch} events acted on longer ago than {@code keepDone}: the inbox stays small. */
    public int purgeDone(int batch) {
        Instant cutoff = clock.instant().minus(properties.keepDone());
        return batches.deleteOldest(
                "provider_inbox",
                "state = 'DONE' AND done_at < :cutoff",
                "done_at",
                Map.of("cutoff", Timestamps.toDatabase(cutoff)),
                batch);
    }

    private static Event event(ResultSet rs, UUID token) throws SQLException {
        String amount = rs.getString("amount");
        ProviderNotice notice = new ProviderNotice(
                Provider.valueOf(rs.getString("provider")),
                ConnectionId.fromNullable(rs, "connection_id"),
                rs.getString("reference"),
                rs.getString("provider_reference"),
                rs.getString("provider_transaction_id"),
                state(rs.getString("claimed_state"), rs.getString("failure_reason")),
                amount == null ? null : new BigDecimal(amount),
                rs.getString("event_id"));
        return new Event(
                rs.getObject("id", UUID.class),
                notice,
                rs.getString("body"),
                Timestamps.fromDatabase(rs.getObject("received_at", OffsetDateTime.class)),
                rs.getInt("attempts"),
                token);
    }

    private static String kind(SessionState state) {
        return switch (state) {
            case SessionState.Open open -> "OPEN";
            case SessionState.Paid paid -> "PAID";
            case SessionState.Failed failed -> "FAILED";
            case SessionState.Cancelled cancelled -> "CANCELLED";
            case SessionState.Expired expired -> "EXPIRED";
            case SessionState.Unknown unknown -> "UNKNOWN";
            // Never stored: an event says what it says, asking the provider comes later.
            case SessionState.Unreachable unreachable -> throw new IllegalArgumentException("not an event's state");
        };
    }

    private static @Nullable String reason(SessionState state) {
        return switch (state) {
            case SessionState.Failed failed -> failed.reason();
            case SessionState.Unknown unknown -> unknown.reason();
            default -> null;
        };
    }

    private static SessionState state(String kind, @Nullable String reason) {
        return switch (kind) {
            case "PAID" -> new SessionState.Paid();
            case "FAILED" -> new SessionState.Failed(reason == null ? "The payment failed" : reason);
            case "CANCELLED" -> new SessionState.Cancelled();
            case "EXPIRED" -> new SessionState.Expired();
            case "UNKNOWN" -> new SessionState.Unknown(reason == null ? "no final state" : reason);
            default -> new SessionState.Open();
        };
    }

    private static @Nullable String cut(@Nullable String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max);
    }
}
