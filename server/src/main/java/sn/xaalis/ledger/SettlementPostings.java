package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/**
 * A merchant's settlement in the journal: its {@code available} money debited when the settlement is
 * queued, by a conditional UPDATE that never takes a balance below zero (two nodes withdrawing at once
 * queue on the balance's row; the second sees the first's debit), and credited back once if its payout
 * fails or is reversed. The other side is the clearing account of the provider account the money leaves
 * (the installation's): it says the provider account holds that much less. Each is one journal
 * transaction per settlement, its cause unique, in the caller's transaction.
 */
@Service
public class SettlementPostings {

    static final String SETTLEMENT = "settlement";
    static final String REVERSAL = "settlement_reversal";

    private static final String INSERT_TRANSACTION = "INSERT INTO ledger_transactions (id, cause_kind, cause_id,"
            + " type, application_id, environment, currency, amount, fee, net, reference, created_at, available_on)"
            + " VALUES (:id, :kind, :cause, :kind, :app, :env, :currency, :amount, 0, :amount, :reference, :at, NULL)"
            + " ON CONFLICT DO NOTHING";

    private final JdbcClient jdbc;
    private final java.time.Clock clock;

    SettlementPostings(JdbcClient jdbc, java.time.Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** One settlement as the journal names it. */
    public record Settled(
            UUID settlementId,
            ApplicationId applicationId,
            Environment environment,
            Provider provider,
            String currency,
            BigDecimal amount,
            String reference) {

        public Settled {
            if (amount.signum() <= 0) {
                throw new IllegalArgumentException("A settlement's amount is positive");
            }
        }
    }

    /** What the application may settle now in this environment and currency. */
    public BigDecimal available(ApplicationId applicationId, Environment environment, String currency) {
        return jdbc.sql("SELECT balance FROM ledger_balances WHERE account_key = :key")
                .param(
                        "key",
                        Account.available(applicationId, environment, currency).key())
                .query(BigDecimal.class)
                .optional()
                .orElse(BigDecimal.ZERO);
    }

    /**
     * Debits the settlement's amount from available, if available holds it: false, and nothing written,
     * when it does not.
     *
     * @throws IllegalStateException when this settlement was debited already (the caller rolls back)
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public boolean debit(Settled settled) {
        Account available = Account.available(settled.applicationId(), settled.environment(), settled.currency());
        // The condition and the change in one statement, under the row's lock: never below zero.
        int debited = jdbc.sql("UPDATE ledger_balances SET balance = balance - :amount"
                        + " WHERE account_key = :key AND balance >= :amount")
                .param("amount", settled.amount())
                .param("key", available.key())
                .update();
        if (debited != 1) {
            return false;
        }
        if (!post(settled, SETTLEMENT, settled.amount().negate())) {
            throw new IllegalStateException("Settlement " + settled.settlementId() + " was debited already");
        }
        return true;
    }

    /**
     * Credits a failed or reversed settlement back to available, once: false, and nothing written, when
     * it was credited back already.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public boolean reverse(Settled settled) {
        if (!post(settled, REVERSAL, settled.amount())) {
            return false;
        }
        jdbc.sql("UPDATE ledger_balances SET balance = balance + :amount WHERE account_key = :key")
                .param("amount", settled.amount())
                .param(
                        "key",
                        Account.available(settled.applicationId(), settled.environment(), settled.currency())
                                .key())
                .update();
        return true;
    }

    /** The transaction row (once per cause) and its two entries, summing to zero; false when posted already. */
    private boolean post(Settled settled, String kind, BigDecimal toAvailable) {
        UUID id = RandomTokens.uuidV7(clock);
        Instant now = Timestamps.truncate(clock.instant());
        int inserted = jdbc.sql(INSERT_TRANSACTION)
                .param("id", id)
                .param("kind", kind)
                .param("cause", settled.settlementId().toString())
                .param("app", settled.applicationId().value())
                .param("env", settled.environment().value())
                .param("currency", settled.currency())
                .param("amount", toAvailable)
                .param("reference", settled.reference())
                .param("at", Timestamps.toDatabase(now))
                .update();
        if (inserted != 1) {
            return false;
        }
        var entries = List.of(
                new Posting.Entry(
                        Account.available(settled.applicationId(), settled.environment(), settled.currency()),
                        toAvailable),
                new Posting.Entry(
                        Account.clearing(settled.environment(), settled.provider(), settled.currency()),
                        toAvailable.negate()));
        for (Posting.Entry entry : entries) {
            jdbc.sql("INSERT INTO ledger_entries (transaction_id, account_key, currency, amount)"
                            + " VALUES (:tx, :key, :currency, :amount)")
                    .param("tx", id)
                    .param("key", entry.account().key())
                    .param("currency", settled.currency())
                    .param("amount", entry.amount())
                    .update();
        }
        return true;
    }
}
