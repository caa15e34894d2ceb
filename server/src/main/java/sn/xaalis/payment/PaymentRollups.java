package sn.xaalis.payment;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.SqlStep;

/**
 * The dashboard's rollups (V15, D24): payments per application, environment, UTC hour of creation,
 * status and provider, and SUCCESS payments per hour of their {@code paid_at}.
 *
 * <p>The statement (PostgreSQL) or transaction that stores a payment or changes its status appends
 * one row to {@code payment_rollup_queue}, only when the payment row changed; {@link #drain} moves
 * queued rows into the rollups and deletes them in one transaction. The rollups plus the queue, read
 * in one statement ({@link PaymentStatistics}), therefore equal a scan of {@code payments} at every
 * commit. Requests only ever append: no request waits for another's lock on a shared counter row.
 */
@Repository
class PaymentRollups {

    static final String QUEUE_COLUMNS =
            "application_id, environment, provider, amount, created_hour, from_status, to_status, paid, paid_hour";

    private static final String QUEUE_STORED_FROM = "INSERT INTO payment_rollup_queue (" + QUEUE_COLUMNS + ")"
            + " SELECT :rollupApp, :rollupEnv, :rollupProvider, :rollupAmount, :rollupHour, NULL, :rollupTo, 0, 0"
            + " FROM ";
    private static final String QUEUE_CHANGED_FROM = "INSERT INTO payment_rollup_queue (" + QUEUE_COLUMNS + ")"
            + " SELECT CAST(:rollupApp AS UUID), CAST(:rollupEnv AS VARCHAR), CAST(:rollupProvider AS VARCHAR),"
            + " CAST(:rollupAmount AS NUMERIC), CAST(:rollupHour AS BIGINT), CAST(:rollupFrom AS VARCHAR),"
            + " CAST(:rollupTo AS VARCHAR), CAST(:rollupPaid AS SMALLINT), CAST(:rollupPaidHour AS BIGINT) FROM ";

    // PostgreSQL: a queue row as one step of the caller's statement, inserted once per row of the
    // caller's step it names, with its own parameters (rollup…) for the caller to bind.

    /** Queues the payment that the caller's step {@code storedRows} inserted. */
    static SqlStep queueStored(String storedRows, Payment payment) {
        Map<String, Object> params = queueParams(payment);
        params.put("rollupTo", payment.status().name());
        return new SqlStep(QUEUE_STORED_FROM + storedRows, params);
    }

    /** Queues the change that the caller's step {@code changedRows} made. */
    static SqlStep queueChanged(String changedRows, Payments.StatusUpdate update) {
        int paid = paidSign(update);
        Map<String, Object> params = queueParams(update.payment());
        params.put("rollupFrom", update.from().name());
        params.put("rollupTo", update.to().name());
        params.put("rollupPaid", paid);
        params.put(
                "rollupPaidHour",
                paid == 0 ? 0L : hourOf(Objects.requireNonNull(update.paidAt(), "a paid payment has its paid_at")));
        return new SqlStep(QUEUE_CHANGED_FROM + changedRows, params);
    }

    /** What a queue row says of the payment itself: where it counts, and how much. */
    private static Map<String, Object> queueParams(Payment payment) {
        Map<String, Object> params = new HashMap<>();
        params.put("rollupApp", payment.applicationId().value());
        params.put("rollupEnv", payment.environment().value());
        params.put("rollupProvider", payment.provider().name());
        params.put("rollupAmount", payment.amount());
        params.put("rollupHour", hourOf(payment.createdAt()));
        return params;
    }

    private final JdbcClient jdbc;
    private final RollupStore store;
    private final TransactionTemplate transactions;

    PaymentRollups(JdbcClient jdbc, RollupStore store, TransactionTemplate transactions) {
        this.jdbc = jdbc;
        this.store = store;
        this.transactions = transactions;
    }

    /** Hours since 1970-01-01T00:00Z. */
    static long hourOf(Instant instant) {
        return Math.floorDiv(instant.getEpochSecond(), 3600);
    }

    /**
     * +1 when the payment becomes SUCCESS (at its new {@code paid_at}), -1 when it leaves SUCCESS
     * (refunded: {@code paid_at} is kept, so the hour it was counted in), else 0.
     */
    private static int paidSign(Payments.StatusUpdate update) {
        if (update.paidAt() == null) {
            return 0; // never so (a SUCCESS always has its paid_at), and never counted by day if it were
        }
        if (update.to() == PaymentStatus.SUCCESS) {
            return 1;
        }
        return update.from() == PaymentStatus.SUCCESS ? -1 : 0;
    }

    /** In the caller's transaction: queues a payment just inserted. */
    void stored(Payment payment) {
        queue(payment, null, payment.status(), 0, 0);
    }

    /** In the caller's transaction: queues a change whose conditional update just changed the row. */
    void changed(Payments.StatusUpdate update) {
        int paid = paidSign(update);
        queue(
                update.payment(),
                update.from(),
                update.to(),
                paid,
                paid == 0 ? 0 : hourOf(Objects.requireNonNull(update.paidAt(), "a paid payment has its paid_at")));
    }

    private void queue(Payment payment, @Nullable PaymentStatus from, PaymentStatus to, int paid, long paidHour) {
        jdbc.sql("INSERT INTO payment_rollup_queue (" + QUEUE_COLUMNS + ") VALUES (:app, :env, :provider, :amount,"
                        + " :createdHour, :from, :to, :paid, :paidHour)")
                .param("app", payment.applicationId().value())
                .param("env", payment.environment().value())
                .param("provider", payment.provider().name())
                .param("amount", payment.amount())
                .param("createdHour", hourOf(payment.createdAt()))
                .param("from", from == null ? null : from.name())
                .param("to", to.name())
                .param("paid", paid)
                .param("paidHour", paidHour)
                .update();
    }

    /**
     * Moves at most {@code limit} queued rows into the rollups, in one transaction; returns how many.
     * The rollup rows are added to in key order, so two nodes at it never deadlock.
     */
    int drain(int limit) {
        Integer drained = transactions.execute(tx -> {
            Map<List<Object>, Sum> created = new TreeMap<>(KEY_ORDER);
            Map<List<Object>, Sum> paid = new TreeMap<>(KEY_ORDER);
            List<UUID> rows = jdbc.sql(store.drainStatement())
                    .param("limit", limit)
                    .query((rs, n) -> {
                        UUID app = rs.getObject("application_id", UUID.class);
                        String env = rs.getString("environment");
                        String provider = rs.getString("provider");
                        BigDecimal amount = rs.getBigDecimal("amount");
                        long hour = rs.getLong("created_hour");
                        String from = rs.getString("from_status");
                        if (from != null) {
                            created.merge(
                                    List.of(app, env, hour, from, provider), new Sum(-1, amount.negate()), Sum::plus);
                        }
                        created.merge(
                                List.of(app, env, hour, rs.getString("to_status"), provider),
                                new Sum(1, amount),
                                Sum::plus);
                        int sign = rs.getInt("paid");
                        if (sign != 0) {
                            paid.merge(
                                    List.of(app, env, rs.getLong("paid_hour")),
                                    new Sum(sign, sign > 0 ? amount : amount.negate()),
                                    Sum::plus);
                        }
                        return app;
                    })
                    .list();
            created.forEach((key, sum) -> add(CREATED, key, sum));
            paid.forEach((key, sum) -> add(PAID, key, sum));
            return rows.size();
        });
        return drained == null ? 0 : drained;
    }

    private static final Rollup CREATED = new Rollup(
            "payment_rollups", List.of("application_id", "environment", "created_hour", "status", "provider"));
    private static final Rollup PAID =
            new Rollup("paid_rollups", List.of("application_id", "environment", "paid_hour"));

    private void add(Rollup rollup, List<Object> key, Sum sum) {
        if (sum.count() != 0 || sum.amount().signum() != 0) {
            store.add(rollup, key, sum);
        }
    }

    /** A rollup table and its key columns, then payment_count and amount. */
    record Rollup(String table, List<String> keys) {

        String insert() {
            StringBuilder values = new StringBuilder();
            for (int i = 0; i < keys.size(); i++) {
                values.append(":k").append(i).append(", ");
            }
            return "INSERT INTO " + table + " (" + String.join(", ", keys) + ", payment_count, amount) VALUES ("
                    + values + ":n, :amount)";
        }

        String upsert() {
            return insert() + " ON CONFLICT (" + String.join(", ", keys) + ") DO UPDATE SET payment_count = " + table
                    + ".payment_count + EXCLUDED.payment_count, amount = " + table + ".amount + EXCLUDED.amount";
        }

        String update() {
            StringBuilder where = new StringBuilder();
            for (int i = 0; i < keys.size(); i++) {
                where.append(i == 0 ? "" : " AND ")
                        .append(keys.get(i))
                        .append(" = :k")
                        .append(i);
            }
            return "UPDATE " + table + " SET payment_count = payment_count + :n, amount = amount + :amount WHERE "
                    + where;
        }
    }

    static JdbcClient.StatementSpec bind(JdbcClient.StatementSpec spec, List<Object> key, Sum sum) {
        for (int i = 0; i < key.size(); i++) {
            spec = spec.param("k" + i, key.get(i));
        }
        return spec.param("n", sum.count()).param("amount", sum.amount());
    }

    /** What one rollup row gains (or loses). */
    record Sum(long count, BigDecimal amount) {
        Sum plus(Sum other) {
            return new Sum(count + other.count, amount.add(other.amount));
        }
    }

    /** Rollup keys in one fixed order (the order rows are locked in); any total order does. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static final Comparator<List<Object>> KEY_ORDER = (a, b) -> {
        for (int i = 0; i < a.size(); i++) {
            int c = ((Comparable) a.get(i)).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    };
}
