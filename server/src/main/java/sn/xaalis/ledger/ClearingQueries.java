package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.ledger.LedgerQueries.Found;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/**
 * The clearing account of one of the installation's provider accounts, read for its reconciliation with
 * the provider's balance: what the ledger says the account holds, its movements, and the money in flight
 * between the ledger and the provider (settlements debited whose payout is not final, refunds set aside
 * whose provider call has no answer yet).
 */
@Repository
public class ClearingQueries {

    /** A movement of the clearing account as the provider account sees it: positive when money came in. */
    public record Movement(String type, @Nullable String reference, BigDecimal amount, Instant at) {}

    /**
     * Money in flight, its reference, amount and since when: a {@code settlement_queued} (its payout not
     * sent to the provider yet: the provider account still holds it), a {@code settlement_sent} (sent, not
     * final: the provider has taken it), or a {@code refund} (set aside, the provider's answer unknown: it
     * may have left the account or not).
     */
    public record InFlight(String kind, String reference, BigDecimal amount, Instant since) {}

    /**
     * The sums in flight: settlements the ledger took out already (and the part of them whose payout is
     * still queued), refunds it has not taken out yet.
     */
    public record InFlightTotals(BigDecimal settlements, BigDecimal settlementsQueued, BigDecimal refunds) {}

    // Settlements are debited when queued (SettlementPostings); a PROCESSING one's payout is not final. A
    // payout past QUEUED may have reached the provider (SENDING is marked before the call).
    private static final String SETTLEMENTS_IN_FLIGHT = "SELECT CASE WHEN p.stage = 'QUEUED' THEN"
            + " 'settlement_queued' ELSE 'settlement_sent' END AS kind, s.reference, s.amount, s.created_at AS since"
            + " FROM settlements s JOIN payouts p ON p.id = s.payout_id WHERE s.status = 'PROCESSING'"
            + " AND s.environment = :env AND s.provider = :provider AND s.currency = :currency";

    // A refund's claim row lives from its reservation to the provider's answer (Refunds).
    private static final String REFUNDS_IN_FLIGHT = "SELECT 'refund' AS kind, p.reference, r.amount,"
            + " COALESCE(t.created_at, r.claimed_until) AS since FROM ledger_refunds r"
            + " JOIN payments p ON p.id = r.payment_id LEFT JOIN ledger_transactions t ON t.id = r.reserved_by"
            + " WHERE p.environment = :env AND p.provider = :provider AND p.currency = :currency";

    private final JdbcClient jdbc;

    ClearingQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * What the provider account holds by the ledger: minus the sum of its clearing account's entries (a
     * payment debits the clearing account, a refund or a settlement credits it; see V51).
     */
    public BigDecimal held(Environment environment, Provider provider, String currency) {
        return jdbc.sql("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE account_key = :key")
                .param("key", key(environment, provider, currency))
                .query(BigDecimal.class)
                .single()
                .negate();
    }

    /**
     * The clearing account's movements after {@code after} (all when null) up to {@code until}, newest
     * first: the first {@code limit} and how many in all.
     */
    public Found<Movement> movements(
            Environment environment,
            Provider provider,
            String currency,
            @Nullable Instant after,
            Instant until,
            int limit) {
        String sql = "SELECT t.type, t.reference, -e.amount AS amount, t.created_at, t.id,"
                + " COUNT(*) OVER () AS found FROM ledger_entries e"
                + " JOIN ledger_transactions t ON t.id = e.transaction_id WHERE e.account_key = :key"
                + " AND t.created_at <= :until" + (after == null ? "" : " AND t.created_at > :after")
                + " ORDER BY t.created_at DESC, t.id DESC LIMIT :limit";
        var rows = jdbc.sql(sql)
                .param("key", key(environment, provider, currency))
                .param("until", Timestamps.toDatabase(until))
                .param("limit", limit);
        if (after != null) {
            rows = rows.param("after", Timestamps.toDatabase(after));
        }
        long[] count = {0};
        var first = rows.query((rs, n) -> {
                    count[0] = rs.getLong("found");
                    return new Movement(
                            rs.getString("type"),
                            rs.getString("reference"),
                            rs.getBigDecimal("amount"),
                            Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class)));
                })
                .list();
        return new Found<>(count[0], first);
    }

    public InFlightTotals inFlightTotals(Environment environment, Provider provider, String currency) {
        return new InFlightTotals(
                sum(SETTLEMENTS_IN_FLIGHT, environment, provider, currency),
                sum(SETTLEMENTS_IN_FLIGHT + " AND p.stage = 'QUEUED'", environment, provider, currency),
                sum(REFUNDS_IN_FLIGHT, environment, provider, currency));
    }

    /** The settlements and refunds in flight, oldest first: the first {@code limit} and how many in all. */
    public Found<InFlight> inFlight(Environment environment, Provider provider, String currency, int limit) {
        long[] count = {0};
        var first = jdbc.sql("SELECT m.*, COUNT(*) OVER () AS found FROM (" + SETTLEMENTS_IN_FLIGHT + " UNION ALL "
                        + REFUNDS_IN_FLIGHT + ") m ORDER BY since, reference LIMIT :limit")
                .param("env", environment.value())
                .param("provider", provider.name())
                .param("currency", currency)
                .param("limit", limit)
                .query((rs, n) -> {
                    count[0] = rs.getLong("found");
                    return new InFlight(
                            rs.getString("kind"),
                            rs.getString("reference"),
                            rs.getBigDecimal("amount"),
                            Timestamps.fromDatabase(rs.getObject("since", OffsetDateTime.class)));
                })
                .list();
        return new Found<>(count[0], first);
    }

    private BigDecimal sum(String sql, Environment environment, Provider provider, String currency) {
        return jdbc.sql("SELECT COALESCE(SUM(m.amount), 0) FROM (" + sql + ") m")
                .param("env", environment.value())
                .param("provider", provider.name())
                .param("currency", currency)
                .query(BigDecimal.class)
                .single();
    }

    private static String key(Environment environment, Provider provider, String currency) {
        return Account.clearing(environment, provider, currency).key();
    }
}
