package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.Database;
import sn.xaalis.support.IntegrationTest;

/**
 * The payment jobs query every second on every node, so none of their queries may read the whole
 * payments table: its cost would grow with history (the magic-phone query did, before V18). On
 * PostgreSQL, with sequential scans priced out, each plan must still read an index: a plan that scans
 * the table anyway has no index it can use.
 */
@IntegrationTest
class JobQueryPlansIT {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    TransactionTemplate transactions;

    @Autowired
    Database database;

    @BeforeEach
    void onPostgres() {
        assumeFalse(database.embedded(), "H2 has no partial indexes (its V18 says so)");
    }

    @ParameterizedTest
    @ValueSource(strings = {DuePayments.LOCK_MAGIC, DuePayments.LOCK_EXPIRED, DuePayments.LOCK_RECONCILIATION_DUE})
    void readsAnIndexNeverTheWholeTable(String query) {
        assertThat(plan(query)).doesNotContain("Seq Scan");
    }

    @Test
    void theMagicPhonesAreTheIndexsOwn() {
        assertThat(plan(DuePayments.LOCK_MAGIC)).contains("payments_magic_phone_idx");
        String index = jdbc.sql("SELECT indexdef FROM pg_indexes WHERE indexname = 'payments_magic_phone_idx'"
                        // Other tests' schemas (fault tests, clusters) have theirs.
                        + " AND schemaname = current_schema()")
                .query(String.class)
                .single();
        for (String phone : PaymentJobs.MAGIC_PHONES.keySet()) {
            assertThat(index).contains("'" + phone + "'");
            assertThat(DuePayments.LOCK_MAGIC).contains("'" + phone + "'");
        }
        assertThat(index.split("\\+221", -1)).hasSize(PaymentJobs.MAGIC_PHONES.size() + 1);
    }

    private String plan(String query) {
        Timestamp now = Timestamp.from(Instant.now());
        return transactions.execute(tx -> {
            jdbc.sql("SET LOCAL enable_seqscan = off").update();
            return String.join(
                    "\n",
                    jdbc.sql("EXPLAIN " + query)
                            .params(Map.of("now", now, "before", now, "limit", 100))
                            .query(String.class)
                            .list());
        });
    }
}
