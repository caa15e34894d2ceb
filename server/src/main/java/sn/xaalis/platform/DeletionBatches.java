package sn.xaalis.platform;

import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Deletes old rows a small batch at a time, each batch its own short transaction. The batch is the
 * oldest rows first, locked with the rows another transaction holds skipped: nodes deleting at the
 * same moment share the rows instead of waiting for each other, and a row being changed (a
 * notification being re-sent) is left for a later batch. Every table it serves has an {@code id} key.
 */
@Component
public class DeletionBatches {

    private final JdbcClient jdbc;
    private final OldestRows oldest;
    private final TransactionTemplate transactions;

    DeletionBatches(JdbcClient jdbc, OldestRows oldest, TransactionTemplate transactions) {
        this.jdbc = jdbc;
        this.oldest = oldest;
        this.transactions = transactions;
    }

    /**
     * Deletes at most {@code batch} rows of {@code table} meeting {@code condition}, taken in
     * {@code order}, in one transaction; returns how many went.
     *
     * @see #lockOldest
     */
    public int deleteOldest(String table, String condition, String order, Map<String, ?> params, int batch) {
        Integer deleted = transactions.execute(tx -> {
            List<Object> keys = lockOldest(table, condition, order, params, batch);
            if (keys.isEmpty()) {
                return 0;
            }
            return jdbc.sql("DELETE FROM " + table + " WHERE id IN (:keys)")
                    .param("keys", keys)
                    .update();
        });
        return deleted == null ? 0 : deleted;
    }

    /**
     * The keys of at most {@code batch} rows of {@code table} meeting {@code condition}, taken in
     * {@code order} (which an index should serve, so the search stops after the batch), now locked until
     * the caller's transaction ends. For deletes that take other rows along.
     *
     * @param condition an SQL condition on the table's columns, with named parameters from {@code params}
     */
    public List<Object> lockOldest(String table, String condition, String order, Map<String, ?> params, int batch) {
        return oldest.lock(table, condition, order, params, batch);
    }
}
