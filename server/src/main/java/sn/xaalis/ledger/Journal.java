package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.sql.Date;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;

/**
 * Writes journal transactions, in the caller's transaction: the transaction row (once per cause), its
 * entries and the merchant balances they change. Entries and transactions are only ever inserted:
 * this class, the one writer, has no UPDATE or DELETE of them (LedgerSqlTest checks it).
 */
@Repository
class Journal {

    private static final String INSERT_TRANSACTION = "INSERT INTO ledger_transactions (id, cause_kind, cause_id,"
            + " type, application_id, environment, currency, amount, fee, net, reference, created_at, available_on,"
            + " description) VALUES (:id, :causeKind, :causeId, :type, :app, :env, :currency, :amount, :fee, :net,"
            + " :reference, :createdAt, :availableOn, :description) ON CONFLICT DO NOTHING";
    private static final String CREDIT =
            "UPDATE ledger_balances SET balance = balance + :amount WHERE account_key = :key";
    // A debit that must be covered: changes the row only if the balance stays at zero or above.
    private static final String COVERED_DEBIT = "UPDATE ledger_balances SET balance = balance + :amount"
            + " WHERE account_key = :key AND balance + :amount >= 0";
    private static final String OPEN_BALANCE = "INSERT INTO ledger_balances (account_key, application_id, environment,"
            + " kind, currency, balance) VALUES (:key, :app, :env, :kind, :currency, 0) ON CONFLICT DO NOTHING";

    private final JdbcClient jdbc;

    Journal(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Writes the posting unless its cause already has a transaction (a replay, a retry, another node):
     * then nothing at all is written and this returns false. On PostgreSQL a second writer of the same
     * cause waits for the first one's commit on the unique key, then writes nothing.
     */
    boolean write(Posting posting) {
        return write(posting, Set.of());
    }

    /** A debit the balance of its account cannot cover; the caller's transaction must roll back. */
    static final class NotCovered extends RuntimeException {
        NotCovered(String account) {
            super("Not covered: " + account, null, false, false);
        }
    }

    /**
     * As {@link #write(Posting)}, where the debits of {@code covered} accounts must leave them at zero
     * or above: checked by the conditional update of the balance row itself, so two writers can never
     * both spend the same money. Throws {@link NotCovered} otherwise, after rows the caller's
     * transaction must roll back.
     */
    boolean write(Posting posting, Set<Account> covered) {
        int inserted = jdbc.sql(INSERT_TRANSACTION)
                .param("id", posting.id())
                .param("causeKind", posting.cause().kind())
                .param("causeId", posting.cause().id())
                .param("type", posting.type().value())
                .param("app", posting.applicationId().value())
                .param("env", posting.environment().value())
                .param("currency", posting.currency())
                .param("amount", posting.amount())
                .param("fee", posting.fee())
                .param("net", posting.net())
                .param("reference", posting.reference())
                .param("createdAt", Timestamps.toDatabase(posting.createdAt()))
                .param("availableOn", posting.availableOn() == null ? null : Date.valueOf(posting.availableOn()))
                .param("description", posting.description())
                .update();
        if (inserted != 1) {
            return false;
        }
        insertEntries(posting);
        // In key order: two transactions changing the same balances lock them in the same order.
        posting.entries().stream()
                .filter(e -> e.account().kind().merchants())
                .sorted(Comparator.comparing(e -> e.account().key()))
                .forEach(e -> {
                    if (e.amount().signum() < 0 && covered.contains(e.account())) {
                        debitCovered(e);
                    } else {
                        credit(posting, e);
                    }
                });
        return true;
    }

    private void debitCovered(Posting.Entry entry) {
        String key = entry.account().key();
        if (jdbc.sql(COVERED_DEBIT)
                        .param("amount", entry.amount())
                        .param("key", key)
                        .update()
                != 1) {
            throw new NotCovered(key);
        }
    }

    private void insertEntries(Posting posting) {
        List<String> rows = new ArrayList<>();
        Map<String, Object> params = new HashMap<>();
        params.put("tx", posting.id());
        params.put("currency", posting.currency());
        for (int i = 0; i < posting.entries().size(); i++) {
            rows.add("(:tx, :key" + i + ", :currency, :amount" + i + ")");
            params.put("key" + i, posting.entries().get(i).account().key());
            params.put("amount" + i, posting.entries().get(i).amount());
        }
        jdbc.sql("INSERT INTO ledger_entries (transaction_id, account_key, currency, amount) VALUES "
                        + String.join(", ", rows))
                .params(params)
                .update();
    }

    /** One atomic UPDATE; the row is opened (at zero) by the first posting to the account. */
    private void credit(Posting posting, Posting.Entry entry) {
        String key = entry.account().key();
        if (jdbc.sql(CREDIT).param("amount", entry.amount()).param("key", key).update() == 1) {
            return;
        }
        jdbc.sql(OPEN_BALANCE)
                .param("key", key)
                .param("app", posting.applicationId().value())
                .param("env", posting.environment().value())
                .param("kind", entry.account().kind().value())
                .param("currency", posting.currency())
                .update();
        jdbc.sql(CREDIT).param("amount", entry.amount()).param("key", key).update();
    }

    /** The net amount of a payment's posting, pending until {@code availableAt}. */
    void hold(Posting payment, Instant availableAt) {
        jdbc.sql("INSERT INTO ledger_holds (transaction_id, application_id, environment, currency, amount,"
                        + " available_at) VALUES (:tx, :app, :env, :currency, :amount, :at)")
                .param("tx", payment.id())
                .param("app", payment.applicationId().value())
                .param("env", payment.environment().value())
                .param("currency", payment.currency())
                .param("amount", payment.net())
                .param("at", Timestamps.toDatabase(availableAt))
                .update();
    }

    /**
     * Marks a payment's pending money as moved by {@code releasedBy}, if nothing moved it yet: the
     * conditional update decides between a refund and the availability job, whichever comes first.
     */
    boolean release(UUID paymentTransaction, UUID releasedBy) {
        return jdbc.sql("UPDATE ledger_holds SET released_by = :by WHERE transaction_id = :tx AND released_by IS NULL")
                        .param("by", releasedBy)
                        .param("tx", paymentTransaction)
                        .update()
                == 1;
    }

    /** Gives a payment's pending money back to its hold, if {@code releasedBy} had moved it. */
    void unrelease(UUID paymentTransaction, UUID releasedBy) {
        jdbc.sql("UPDATE ledger_holds SET released_by = NULL WHERE transaction_id = :tx AND released_by = :by")
                .param("tx", paymentTransaction)
                .param("by", releasedBy)
                .update();
    }

    boolean posted(Posting.Cause cause) {
        return jdbc.sql("SELECT COUNT(*) FROM ledger_transactions WHERE cause_kind = :kind AND cause_id = :id")
                        .param("kind", cause.kind())
                        .param("id", cause.id())
                        .query(Integer.class)
                        .single()
                > 0;
    }

    /** A payment's posting, as the refund reads it. */
    record PaymentPosting(UUID id, BigDecimal amount, BigDecimal fee, BigDecimal net, String currency) {}

    java.util.Optional<PaymentPosting> paymentPosting(String paymentId) {
        return jdbc.sql("SELECT id, amount, fee, net, currency FROM ledger_transactions"
                        + " WHERE cause_kind = 'payment' AND cause_id = :id")
                .param("id", paymentId)
                .query((rs, n) -> new PaymentPosting(
                        rs.getObject("id", UUID.class),
                        rs.getBigDecimal("amount"),
                        rs.getBigDecimal("fee"),
                        rs.getBigDecimal("net"),
                        rs.getString("currency")))
                .optional();
    }

    /** A hold come due, locked by the job. */
    record DueHold(
            UUID transactionId,
            ApplicationId applicationId,
            Environment environment,
            String currency,
            BigDecimal amount,
            Instant availableAt) {

        /** Where the next batch reads from: the holds after this one in the job's order. */
        HoldKey key() {
            return new HoldKey(availableAt, transactionId);
        }
    }

    /** A hold's place in the job's order (the partial index of V60). */
    record HoldKey(Instant availableAt, UUID transactionId) {}

    /**
     * Up to {@code limit} holds due at {@code now} and not yet released, after {@code after} in the
     * job's order (from the first when null), locked for the caller's transaction; rows another node
     * holds are skipped (it is releasing them). Reading after the last batch's key keeps each batch's
     * cost to its own rows, however many were released before it.
     */
    List<DueHold> lockDue(Instant now, @Nullable HoldKey after, int limit) {
        String from = after == null
                ? ""
                : " AND (available_at > :afterAt OR (available_at = :afterAt AND transaction_id > :afterId))";
        var sql = jdbc.sql("SELECT transaction_id, application_id, environment, currency, amount, available_at"
                        + " FROM ledger_holds WHERE released_by IS NULL AND available_at <= :now" + from
                        + " ORDER BY available_at, transaction_id LIMIT :limit FOR UPDATE SKIP LOCKED")
                .param("now", Timestamps.toDatabase(now))
                .param("limit", limit);
        if (after != null) {
            sql = sql.param("afterAt", Timestamps.toDatabase(after.availableAt()))
                    .param("afterId", after.transactionId());
        }
        return sql.query((rs, n) -> new DueHold(
                        rs.getObject("transaction_id", UUID.class),
                        ApplicationId.from(rs, "application_id"),
                        Environment.fromValue(rs.getString("environment")).orElseThrow(),
                        rs.getString("currency"),
                        rs.getBigDecimal("amount"),
                        Objects.requireNonNull(
                                Timestamps.fromDatabase(rs.getObject("available_at", OffsetDateTime.class)))))
                .list();
    }

    /**
     * Marks the payments' pending money as moved by {@code releasedBy}, those not moved yet, in one
     * statement: how many it marked.
     */
    int release(List<UUID> paymentTransactions, UUID releasedBy) {
        return jdbc.sql("UPDATE ledger_holds SET released_by = :by"
                        + " WHERE transaction_id IN (:txs) AND released_by IS NULL")
                .param("by", releasedBy)
                .param("txs", paymentTransactions)
                .update();
    }
}
