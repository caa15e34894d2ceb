package sn.xaalis.platform;

import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Chooses and locks a batch of the oldest rows for {@link DeletionBatches}, skipping the rows another
 * transaction holds. PostgreSQL and H2 lock differently under a {@code LIMIT}, so each has its own,
 * chosen once by database kind ({@link PlatformConfiguration}).
 */
sealed interface OldestRows {

    /** The keys of at most {@code batch} rows, now locked until the caller's transaction ends. */
    List<Object> lock(String table, String condition, String order, Map<String, ?> params, int batch);

    /** PostgreSQL locks under the LIMIT: a skipped row is replaced by the next one in order. */
    record Postgres(JdbcClient jdbc) implements OldestRows {
        @Override
        public List<Object> lock(String table, String condition, String order, Map<String, ?> params, int batch) {
            return keys(jdbc.sql(choose(table, condition, order) + " FOR UPDATE SKIP LOCKED")
                    .params(params)
                    .param("batch", batch));
        }
    }

    /**
     * H2 locks every row a FOR UPDATE query reads before applying its LIMIT, which would be the whole
     * backlog: the batch is chosen without locks, then locked by key and checked again.
     */
    record Embedded(JdbcClient jdbc) implements OldestRows {
        @Override
        public List<Object> lock(String table, String condition, String order, Map<String, ?> params, int batch) {
            List<Object> chosen = keys(
                    jdbc.sql(choose(table, condition, order)).params(params).param("batch", batch));
            if (chosen.isEmpty()) {
                return chosen;
            }
            return keys(jdbc.sql("SELECT id FROM " + table + " WHERE id IN (:chosen) AND " + condition
                            + " FOR UPDATE SKIP LOCKED")
                    .params(params)
                    .param("chosen", chosen));
        }
    }

    private static String choose(String table, String condition, String order) {
        return "SELECT id FROM " + table + " WHERE " + condition + " ORDER BY " + order + " LIMIT :batch";
    }

    private static List<Object> keys(JdbcClient.StatementSpec select) {
        return select.query((rs, n) -> rs.getObject(1)).list();
    }
}
