package sn.xaalis.payment;

import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The rollups' statements where PostgreSQL and the embedded database differ, one implementation per
 * database chosen once at start-up ({@link PaymentStores}); {@link PaymentRollups} holds the rest.
 */
interface RollupStore {

    /** Deletes at most {@code :limit} queued rows and returns them (their {@link PaymentRollups#QUEUE_COLUMNS}). */
    String drainStatement();

    /** Adds {@code sum} to the rollup row of {@code key}, creating it when it is missing. */
    void add(PaymentRollups.Rollup rollup, List<Object> key, PaymentRollups.Sum sum);

    /** PostgreSQL: an upsert. */
    record Postgres(JdbcClient jdbc) implements RollupStore {

        // A row another node's drain deleted first is skipped once that drain commits (or taken, should it
        // roll back): either way, each row is added exactly once.
        private static final String DRAIN = "DELETE FROM payment_rollup_queue WHERE ctid = ANY(ARRAY("
                + "SELECT ctid FROM payment_rollup_queue LIMIT :limit)) RETURNING " + PaymentRollups.QUEUE_COLUMNS;

        @Override
        public String drainStatement() {
            return DRAIN;
        }

        @Override
        public void add(PaymentRollups.Rollup rollup, List<Object> key, PaymentRollups.Sum sum) {
            PaymentRollups.bind(jdbc.sql(rollup.upsert()), key, sum).update();
        }
    }

    /** The embedded database, which has no ON CONFLICT DO UPDATE. */
    record H2(JdbcClient jdbc) implements RollupStore {

        private static final String DRAIN = "SELECT " + PaymentRollups.QUEUE_COLUMNS
                + " FROM OLD TABLE (DELETE FROM payment_rollup_queue FETCH FIRST :limit ROWS ONLY)";

        @Override
        public String drainStatement() {
            return DRAIN;
        }

        /**
         * It serves one node, whose job drains one batch at a time; should two drains ever meet, the loop
         * still adds exactly once.
         */
        @Override
        public void add(PaymentRollups.Rollup rollup, List<Object> key, PaymentRollups.Sum sum) {
            while (PaymentRollups.bind(jdbc.sql(rollup.update()), key, sum).update() == 0) {
                if (PaymentRollups.bind(jdbc.sql(rollup.insert() + " ON CONFLICT DO NOTHING"), key, sum)
                                .update()
                        == 1) {
                    return;
                }
            }
        }
    }
}
