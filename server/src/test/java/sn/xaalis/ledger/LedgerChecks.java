package sn.xaalis.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The ledger's invariants, read from the database as a reconciliation would read them. */
final class LedgerChecks {

    private final JdbcClient jdbc;

    LedgerChecks(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Every journal transaction's entries sum to zero per currency. */
    void everyTransactionBalances() {
        assertThat(jdbc.sql("SELECT CAST(transaction_id AS VARCHAR(40)) FROM ledger_entries"
                                + " GROUP BY transaction_id, currency HAVING SUM(amount) <> 0")
                        .query(String.class)
                        .list())
                .as("journal transactions whose entries do not sum to zero")
                .isEmpty();
        assertThat(jdbc.sql("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries")
                        .query(BigDecimal.class)
                        .single())
                .isZero();
    }

    /** Every merchant account's running balance equals the sum of its entries, and every such account has one. */
    void everyBalanceEqualsItsEntries() {
        assertThat(jdbc.sql(
                                "SELECT b.account_key FROM ledger_balances b WHERE b.balance <> (SELECT"
                                        + " COALESCE(SUM(e.amount), 0) FROM ledger_entries e WHERE e.account_key = b.account_key)")
                        .query(String.class)
                        .list())
                .as("balances that differ from their entries")
                .isEmpty();
        assertThat(jdbc.sql("SELECT DISTINCT e.account_key FROM ledger_entries e WHERE (e.account_key LIKE 'pending:%'"
                                + " OR e.account_key LIKE 'available:%') AND NOT EXISTS (SELECT 1 FROM ledger_balances b"
                                + " WHERE b.account_key = e.account_key)")
                        .query(String.class)
                        .list())
                .as("merchant accounts with entries but no balance row")
                .isEmpty();
    }

    /** How many journal transactions a cause has: never more than one. */
    int postings(String causeKind, String causeId) {
        return jdbc.sql("SELECT COUNT(*) FROM ledger_transactions WHERE cause_kind = :kind AND cause_id = :id")
                .param("kind", causeKind)
                .param("id", causeId)
                .query(Integer.class)
                .single();
    }

    /** No cause has two transactions (the unique key says so; this reads it back). */
    void noCausePostedTwice() {
        List<String> twice = jdbc.sql("SELECT cause_kind FROM ledger_transactions GROUP BY cause_kind, cause_id"
                        + " HAVING COUNT(*) > 1")
                .query(String.class)
                .list();
        assertThat(twice).isEmpty();
    }

    void all() {
        everyTransactionBalances();
        everyBalanceEqualsItsEntries();
        noCausePostedTwice();
    }
}
