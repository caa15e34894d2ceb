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
    private final Database database;
    private final TransactionTemplate transactions;

    DeletionBatches(JdbcClient jdbc, Database database, TransactionTemplate transactions) {
        this.jdbc = jdbc;
        this.database = database;
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
        String choose = "SELECT id FROM " + table + " WHERE " + condition + " ORDER BY " + order + " LIMIT :batch";
        if (!database.embedded()) {
            // PostgreSQL locks under the LIMIT: a skipped row is replaced by the next one in order.
            return keys(
                    jdbc.sql(choose + " FOR UPDATE SKIP LOCKED").params(params).param("batch", batch));
        }
        // H2 locks every row a FOR UPDATE query reads before applying its LIMIT, which would be the whole
        // backlog: the batch is chosen without locks, then locked by key and checked again.
        List<Object> chosen = keys(jdbc.sql(choose).params(params).param("batch", batch));
        if (chosen.isEmpty()) {
            return chosen;
        }
        return keys(jdbc.sql("SELECT id FROM " + table + " WHERE id IN (:chosen) AND " + condition
                        + " FOR UPDATE SKIP LOCKED")
                .params(params)
                .param("chosen", chosen));
    }

    private static List<Object> keys(JdbcClient.StatementSpec select) {
        return select.query((rs, n) -> rs.getObject(1)).list();
    }
}
