package sn.xaalis.reconciliation;

import java.sql.Date;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.platform.Timestamps;

/**
 * The claim of a daily run by one node of the cluster, on a table with a unique {@code run_day}, a
 * {@code started_at} and a column that a finished run fills: the ledger check's and the reconciliation's.
 * Two nodes claiming at once: the unique day lets one insert, the conditional update lets one take over a
 * claim whose node died.
 *
 * @param table the runs' table
 * @param finishedColumn the column a finished run has set, so a claim without it is unfinished
 */
record DailyClaim(JdbcClient jdbc, String table, String finishedColumn) {

    /**
     * Claims the run of {@code day} as {@code id}: true when its row was inserted now, or when a claim older
     * than {@code staleBefore} had not finished and this node took it over.
     */
    boolean claim(UUID id, LocalDate day, Instant now, Instant staleBefore) {
        int inserted = jdbc.sql("INSERT INTO " + table + " (id, run_day, started_at) VALUES (:id, :day, :now)"
                        + " ON CONFLICT DO NOTHING")
                .param("id", id)
                .param("day", Date.valueOf(day))
                .param("now", Timestamps.toDatabase(now))
                .update();
        if (inserted == 1) {
            return true;
        }
        return jdbc.sql("UPDATE " + table + " SET id = :id, started_at = :now WHERE run_day = :day AND "
                                + finishedColumn + " IS NULL AND started_at < :stale")
                        .param("id", id)
                        .param("day", Date.valueOf(day))
                        .param("now", Timestamps.toDatabase(now))
                        .param("stale", Timestamps.toDatabase(staleBefore))
                        .update()
                == 1;
    }
}
