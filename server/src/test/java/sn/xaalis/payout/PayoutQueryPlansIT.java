package sn.xaalis.payout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.Database;
import sn.xaalis.support.IntegrationTest;

/**
 * The payout senders query every second on every node, and a file's progress page every second while
 * it is open: none may read the whole payouts table, whose cost would grow with every merchant's
 * history. On PostgreSQL, with sequential scans priced out, each plan must still read an index.
 */
@IntegrationTest
class PayoutQueryPlansIT {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    TransactionTemplate transactions;

    @Autowired
    Database database;

    @BeforeEach
    void onPostgres() {
        assumeFalse(database.embedded(), "H2 has no EXPLAIN of PostgreSQL's kind");
    }

    @ParameterizedTest
    @ValueSource(strings = {"due", "queued", "progress"})
    void readsAnIndexNeverTheWholeTable(String which) {
        String query =
                switch (which) {
                    case "due" -> PayoutStore.LOCK_DUE;
                    case "queued" -> PayoutStore.LOCK_QUEUED;
                    default -> PayoutBatchStore.PROGRESS;
                };
        String plan = transactions.execute(tx -> {
            jdbc.sql("SET LOCAL enable_seqscan = off").update();
            return String.join(
                    "\n",
                    jdbc.sql("EXPLAIN " + query)
                            .params(Map.of(
                                    "now",
                                    Timestamp.from(Instant.now()),
                                    "stage",
                                    "SENDING",
                                    "provider",
                                    "WALLET_SN",
                                    "limit",
                                    100,
                                    "batch",
                                    UUID.randomUUID()))
                            .query(String.class)
                            .list());
        });
        assertThat(plan)
                .doesNotContain("Seq Scan")
                .contains(which.equals("progress") ? "payouts_batch_idx" : "payouts_due_idx");
    }
}
