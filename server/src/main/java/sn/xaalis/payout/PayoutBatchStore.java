package sn.xaalis.payout;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.DeletionBatches;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/**
 * The bulk files and their lines, and their payouts written in batches (a file of 10,000 lines is a
 * handful of round trips, not 10,000). Every query names its application or a batch found through it.
 */
@Component
class PayoutBatchStore {

    private static final String BATCH_COLUMNS =
            "id, provider, file_name, status, lines, good_lines, amount, created_at, accepted_at";

    private static final String INSERT_PAYOUT = "INSERT INTO payouts (" + PayoutStore.COLUMNS
            + ", idempotency_key, request_hash, next_attempt_at, batch_id, batch_line) VALUES (:id, :reference, :app,"
            + " :env, :provider, :amount, NULL, 'XOF', :phone, :name, :reason, '{}', 'PROCESSING', 'QUEUED', NULL,"
            + " NULL, NULL, :from, :by, :connection, 0, :created, :created, NULL, :key, :hash, :created, :batch, :line)"
            + " ON CONFLICT DO NOTHING";

    /** Read every few seconds while a file's progress page is open: its own payouts, by index. */
    static final String PROGRESS = "SELECT status, COUNT(*) AS n, SUM(amount) AS amount, SUM(fee) AS fees FROM payouts"
            + " WHERE batch_id = :batch GROUP BY status";

    private final JdbcClient jdbc;
    private final NamedParameterJdbcTemplate batches;
    private final DeletionBatches deletions;
    private final TransactionTemplate transactions;

    PayoutBatchStore(
            JdbcClient jdbc,
            NamedParameterJdbcTemplate batches,
            DeletionBatches deletions,
            TransactionTemplate transactions) {
        this.jdbc = jdbc;
        this.batches = batches;
        this.deletions = deletions;
        this.transactions = transactions;
    }

    void insert(ApplicationId applicationId, Environment environment, PayoutBatch batch, List<PayoutFile.Line> lines) {
        jdbc.sql("INSERT INTO payout_batches (" + BATCH_COLUMNS + ", application_id, environment) VALUES (:id,"
                        + " :provider, :file, :status, :lines, :good, :amount, :created, NULL, :app, :env)")
                .param("id", batch.id())
                .param("provider", batch.provider().name())
                .param("file", batch.fileName())
                .param("status", batch.status().name())
                .param("lines", batch.lines())
                .param("good", batch.goodLines())
                .param("amount", batch.amount())
                .param("created", Timestamps.toDatabase(batch.createdAt()))
                .param("app", applicationId.value())
                .param("env", environment.value())
                .update();
        SqlParameterSource[] rows = lines.stream()
                .map(line -> new MapSqlParameterSource()
                        .addValue("batch", batch.id())
                        .addValue("line", line.number())
                        .addValue("phone", line.phone())
                        .addValue("amountText", line.amountText())
                        .addValue("amount", line.amount())
                        .addValue("name", line.name())
                        .addValue("reason", line.reason())
                        .addValue(
                                "problem",
                                line.problem() == null ? null : line.problem().name()))
                .toArray(SqlParameterSource[]::new);
        batches.batchUpdate(
                "INSERT INTO payout_batch_lines (batch_id, line, recipient_phone, amount_text, amount,"
                        + " recipient_name, reason, problem) VALUES (:batch, :line, :phone, :amountText, :amount,"
                        + " :name, :reason, :problem)",
                rows);
    }

    Optional<PayoutBatch> find(ApplicationId applicationId, Environment environment, UUID id) {
        return jdbc.sql("SELECT " + BATCH_COLUMNS + " FROM payout_batches WHERE id = :id AND application_id = :app"
                        + " AND environment = :env")
                .param("id", id)
                .param("app", applicationId.value())
                .param("env", environment.value())
                .query((rs, n) -> batch(rs))
                .optional();
    }

    /** An application's latest files, newest first. */
    List<PayoutBatch> recent(ApplicationId applicationId, Environment environment, int limit) {
        return jdbc.sql("SELECT " + BATCH_COLUMNS + " FROM payout_batches WHERE application_id = :app"
                        + " AND environment = :env AND status <> 'DISCARDED' ORDER BY created_at DESC, id DESC"
                        + " LIMIT :limit")
                .param("app", applicationId.value())
                .param("env", environment.value())
                .param("limit", limit)
                .query((rs, n) -> batch(rs))
                .list();
    }

    /** A file's lines in order: the good ones or the bad ones, the first {@code limit}. */
    List<PayoutFile.Line> lines(UUID batchId, boolean good, int limit) {
        return jdbc.sql("SELECT line, recipient_phone, amount_text, amount, recipient_name, reason, problem FROM"
                        + " payout_batch_lines WHERE batch_id = :batch AND problem IS " + (good ? "" : "NOT ")
                        + "NULL ORDER BY line LIMIT :limit")
                .param("batch", batchId)
                .param("limit", limit)
                .query((rs, n) -> new PayoutFile.Line(
                        rs.getInt("line"),
                        rs.getString("recipient_phone"),
                        rs.getString("amount_text"),
                        rs.getBigDecimal("amount"),
                        rs.getString("recipient_name"),
                        rs.getString("reason"),
                        problem(rs.getString("problem"))))
                .list();
    }

    /** Moves a draft to {@code to}; false when it is no longer a draft (confirmed or discarded before). */
    boolean close(UUID batchId, PayoutBatch.Status to, Instant now) {
        return jdbc.sql("UPDATE payout_batches SET status = :to, accepted_at = :now WHERE id = :id"
                                + " AND status = 'DRAFT'")
                        .param("to", to.name())
                        .param("now", to == PayoutBatch.Status.ACCEPTED ? Timestamps.toDatabase(now) : null)
                        .param("id", batchId)
                        .update()
                == 1;
    }

    /**
     * Deletes up to {@code limit} lines of the oldest file never confirmed (a draft or a discarded one)
     * created before {@code cutoff}, and the file itself once it has none left; locked as retention locks,
     * so nodes purging at once share the files. Returns the rows deleted.
     */
    int purgeUnconfirmedBefore(Instant cutoff, int limit) {
        Integer deleted = transactions.execute(tx -> {
            List<Object> oldest = deletions.lockOldest(
                    "payout_batches",
                    "status <> 'ACCEPTED' AND created_at < :cutoff",
                    "created_at",
                    Map.of("cutoff", Timestamps.toDatabase(cutoff)),
                    1);
            if (oldest.isEmpty()) {
                return 0;
            }
            Object batch = oldest.getFirst();
            int lines = jdbc.sql("DELETE FROM payout_batch_lines WHERE batch_id = :batch AND line IN (SELECT line FROM"
                            + " payout_batch_lines WHERE batch_id = :batch ORDER BY line LIMIT :limit)")
                    .param("batch", batch)
                    .param("limit", limit)
                    .update();
            if (lines < limit) {
                lines += jdbc.sql("DELETE FROM payout_batches WHERE id = :batch")
                        .param("batch", batch)
                        .update();
            }
            return lines;
        });
        return deleted == null ? 0 : deleted;
    }

    /** A line's payout, ready to store. */
    record Entry(Payout payout, int line, String key, String hash) {}

    /** Stores the payouts of a file; the entries whose reference was taken (nothing stored) are returned. */
    List<Entry> insertPayouts(UUID batchId, List<Entry> entries) {
        SqlParameterSource[] rows = entries.stream()
                .map(e -> new MapSqlParameterSource()
                        .addValue("id", e.payout().id())
                        .addValue("reference", e.payout().reference().value())
                        .addValue("app", e.payout().applicationId().value())
                        .addValue("env", e.payout().environment().value())
                        .addValue("provider", e.payout().provider().name())
                        .addValue("amount", e.payout().amount())
                        .addValue("phone", e.payout().recipientPhone())
                        .addValue("name", e.payout().recipientName())
                        .addValue("reason", e.payout().reason())
                        .addValue("from", e.payout().requestedFrom())
                        .addValue("by", e.payout().requestedBy())
                        .addValue(
                                "connection",
                                e.payout().connectionId() == null
                                        ? null
                                        : e.payout().connectionId().value())
                        .addValue("created", Timestamps.toDatabase(e.payout().createdAt()))
                        .addValue("key", e.key())
                        .addValue("hash", e.hash())
                        .addValue("batch", batchId)
                        .addValue("line", e.line()))
                .toArray(SqlParameterSource[]::new);
        int[] stored = batches.batchUpdate(INSERT_PAYOUT, rows);
        List<Entry> missed = new java.util.ArrayList<>();
        for (int i = 0; i < stored.length; i++) {
            // A driver may answer SUCCESS_NO_INFO (-2) for a row it stored; 0 is a conflict.
            if (stored[i] == 0) {
                missed.add(entries.get(i));
            }
        }
        return missed;
    }

    PayoutBatchProgress progress(UUID batchId) {
        Map<PayoutStatus, Integer> counts = new EnumMap<>(PayoutStatus.class);
        Map<PayoutStatus, BigDecimal> amounts = new EnumMap<>(PayoutStatus.class);
        BigDecimal[] fees = {BigDecimal.ZERO};
        jdbc.sql(PROGRESS).param("batch", batchId).query(rs -> {
            PayoutStatus status = PayoutStatus.valueOf(rs.getString("status"));
            counts.put(status, rs.getInt("n"));
            amounts.put(status, rs.getBigDecimal("amount"));
            BigDecimal fee = rs.getBigDecimal("fees");
            if (fee != null) {
                fees[0] = fees[0].add(fee);
            }
        });
        return new PayoutBatchProgress(counts, amounts, fees[0]);
    }

    /** A line of the result file: the line as read and, for a good one, its payout. */
    record Result(PayoutFile.Line line, @Nullable Payout payout) {}

    /** Every line of a file in order, with its payout; {@code consumer} gets them one by one. */
    void results(UUID batchId, java.util.function.Consumer<Result> consumer) {
        jdbc.sql(
                        "SELECT l.line, l.recipient_phone AS line_phone, l.amount_text, l.amount AS line_amount,"
                                + " l.recipient_name AS line_name, l.reason AS line_reason, l.problem, p.reference AS"
                                + " payout_reference, " + prefixed()
                                + " FROM payout_batch_lines l LEFT JOIN payouts p ON"
                                + " p.batch_id = l.batch_id AND p.batch_line = l.line WHERE l.batch_id = :batch ORDER BY l.line")
                .param("batch", batchId)
                .query(rs -> {
                    PayoutFile.Line line = new PayoutFile.Line(
                            rs.getInt("line"),
                            rs.getString("line_phone"),
                            rs.getString("amount_text"),
                            rs.getBigDecimal("line_amount"),
                            rs.getString("line_name"),
                            rs.getString("line_reason"),
                            problem(rs.getString("problem")));
                    consumer.accept(
                            new Result(line, rs.getString("payout_reference") == null ? null : PayoutStore.map(rs)));
                });
    }

    private static String prefixed() {
        return String.join(
                ", ",
                java.util.Arrays.stream(PayoutStore.COLUMNS.split(",\\s*"))
                        .map(c -> "p." + c)
                        .toList());
    }

    private static PayoutFile.@Nullable Problem problem(@Nullable String name) {
        return name == null ? null : PayoutFile.Problem.valueOf(name);
    }

    private static PayoutBatch batch(ResultSet rs) throws SQLException {
        Instant created = Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class));
        if (created == null) {
            throw new SQLException("created_at is null");
        }
        return new PayoutBatch(
                rs.getObject("id", UUID.class),
                Provider.valueOf(rs.getString("provider")),
                rs.getString("file_name"),
                PayoutBatch.Status.valueOf(rs.getString("status")),
                rs.getInt("lines"),
                rs.getInt("good_lines"),
                rs.getBigDecimal("amount"),
                created,
                Timestamps.fromDatabase(rs.getObject("accepted_at", OffsetDateTime.class)));
    }
}
