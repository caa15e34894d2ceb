package sn.xaalis.payment;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.SqlStep;
import sn.xaalis.platform.Timestamps;
import tools.jackson.databind.json.JsonMapper;

/**
 * The payments and payment_status_history tables: a payment's insert, its status changes and its
 * reads by key. Lists are {@link PaymentListing}'s, the jobs' claims {@link DuePayments}'.
 */
@Repository
class Payments {

    // A new payment's row: what initiation knows (paid_at, expired_at, error_message and the
    // provider's transaction id are still empty).
    private static final String NEW_COLUMNS = "id, reference, application_id, environment, provider, amount, currency,"
            + " status, description, customer_phone, customer_name, metadata, success_url, error_url,"
            + " provider_reference, deep_links, expires_at, created_at, updated_at, next_check_at, provider_qr_code,"
            + " connection_id, connection_version";
    private static final String NEW_VALUES = ":id, :reference, :app, :env, :provider, :amount, :currency, :status,"
            + " :description, :phone, :name, :metadata, :success, :error, :providerReference, :links, :expiresAt,"
            + " :createdAt, :createdAt, :firstCheck, :providerQr, :connection, :connectionVersion";
    private static final String INSERT =
            "INSERT INTO payments (" + NEW_COLUMNS + ") VALUES (" + NEW_VALUES + ") ON CONFLICT DO NOTHING";
    // The PostgreSQL statements of insertAtOnce: the payment (the step "stored"), after the idempotent
    // answer (the step "answer") when there is one, then its rollup queue row and its first history row.
    private static final String STORE_STEP =
            "WITH stored AS (INSERT INTO payments (" + NEW_COLUMNS + ") VALUES (" + NEW_VALUES + ") RETURNING id)";
    private static final String STORE_AFTER_ANSWER_STEP =
            "stored AS (INSERT INTO payments (" + NEW_COLUMNS + ") SELECT " + NEW_VALUES + " FROM answer RETURNING id)";
    private static final String FIRST_HISTORY_ROW = " INSERT INTO payment_status_history"
            + " (payment_id, from_status, to_status, cause, detail, occurred_at)"
            + " SELECT id, NULL, :status, 'api', NULL, :createdAt FROM stored";

    private final JdbcClient jdbc;
    private final JsonMapper json;
    private final PaymentRollups rollups;
    private final PaymentRows rows;

    Payments(JdbcClient jdbc, JsonMapper json, PaymentRollups rollups, PaymentRows rows) {
        this.jdbc = jdbc;
        this.json = json;
        this.rollups = rollups;
        this.rows = rows;
    }

    /**
     * In the caller's transaction, with the payment's rollup queue row. Returns false when the reference (or
     * id) is taken, without aborting the transaction.
     *
     * @param providerQr the provider's own QR image (base64 PNG), or null when it gave none
     */
    boolean insert(Payment p, @Nullable Instant firstCheck, @Nullable String providerQr) {
        if (bind(jdbc.sql(INSERT), p, firstCheck, providerQr).update() != 1) {
            return false;
        }
        rollups.stored(p);
        return true;
    }

    /**
     * PostgreSQL only: the payment, its first history row and its rollup queue row in one statement, committed on its own
     * (one round trip, no {@code BEGIN} or {@code COMMIT}). When {@code answer} is given (the
     * idempotent response's insert, returning a row only when it stored one), the payment is stored
     * only if that answer was: a key already taken stores nothing and returns false. A reference
     * already taken fails the whole statement with a {@link DuplicateKeyException}, so nothing is
     * stored then either.
     */
    boolean insertAtOnce(
            Payment p, @Nullable Instant firstCheck, @Nullable String providerQr, @Nullable SqlStep answer) {
        var queue = PaymentRollups.queueStored("stored", p);
        String sql = answer == null
                ? STORE_STEP + ", queued AS (" + queue.sql() + ")" + FIRST_HISTORY_ROW
                : "WITH answer AS (" + answer.sql() + "), " + STORE_AFTER_ANSWER_STEP + ", queued AS (" + queue.sql()
                        + ")" + FIRST_HISTORY_ROW;
        var spec = bind(jdbc.sql(sql), p, firstCheck, providerQr).params(queue.params());
        if (answer != null) {
            spec = spec.params(answer.params());
        }
        return spec.update() == 1;
    }

    private JdbcClient.StatementSpec bind(
            JdbcClient.StatementSpec spec, Payment p, @Nullable Instant firstCheck, @Nullable String providerQr) {
        return spec.param("id", p.transactionUuid().value())
                .param("reference", p.reference().value())
                .param("app", p.applicationId().value())
                .param("env", p.environment().value())
                .param("provider", p.provider().name())
                .param("amount", p.amount())
                .param("currency", p.currency())
                .param("status", p.status().name())
                .param("description", p.description())
                .param("phone", p.customerPhone())
                .param("name", p.customerName())
                .param("metadata", p.metadataJson())
                .param("success", p.successUrl())
                .param("error", p.errorUrl())
                .param("providerReference", p.providerReference())
                .param("links", json.writeValueAsString(p.deepLinks()))
                .param("expiresAt", Timestamps.toDatabase(p.expiresAt()))
                .param("createdAt", Timestamps.toDatabase(p.createdAt()))
                .param("firstCheck", Timestamps.toDatabase(firstCheck))
                .param("providerQr", providerQr)
                .param("connection", ConnectionId.valueOrNull(p.connectionId()))
                .param("connectionVersion", p.connectionId() == null ? null : p.connectionVersion());
    }

    // The conditional update of D1: changes the row only if it is still in :from.
    private static final String CHANGE_STATUS = "UPDATE payments SET status = :to, paid_at = :paidAt,"
            + " expired_at = :expiredAt, error_message = :error, late = (late OR :late), updated_at = :now,"
            + " fee = :fee, net_amount = :net"
            + " WHERE id = :id AND status = :from";
    // The PostgreSQL statement of changeStatusAtOnce: the update (the step "changed"), its history row,
    // then the rollup queue row and the caller's step, each once per changed row.
    private static final String CHANGE_STATUS_WITH_HISTORY = "WITH changed AS (" + CHANGE_STATUS + " RETURNING id),"
            + " history AS (INSERT INTO payment_status_history (payment_id, from_status, to_status, cause, detail,"
            + " occurred_at) SELECT id, CAST(:from AS VARCHAR), CAST(:to AS VARCHAR), CAST(:cause AS VARCHAR),"
            + " CAST(:detail AS VARCHAR), :now FROM changed)";

    /**
     * The conditional update of D1, in the caller's transaction with its rollup queue row: changes
     * the row only if it is still in {@code from}.
     */
    boolean changeStatus(StatusUpdate update) {
        if (bindUpdate(jdbc.sql(CHANGE_STATUS), update).update() != 1) {
            return false;
        }
        rollups.changed(update);
        return true;
    }

    private static JdbcClient.StatementSpec bindUpdate(JdbcClient.StatementSpec spec, StatusUpdate update) {
        return spec.param("to", update.to().name())
                .param("paidAt", Timestamps.toDatabase(update.paidAt()))
                .param("expiredAt", Timestamps.toDatabase(update.expiredAt()))
                .param("error", update.errorMessage())
                .param("late", update.late())
                .param("now", Timestamps.toDatabase(update.now()))
                .param("fee", update.fee(), java.sql.Types.NUMERIC)
                .param("net", update.netAmount(), java.sql.Types.NUMERIC)
                .param("id", update.id().value())
                .param("from", update.from().name());
    }

    /**
     * PostgreSQL only: the conditional update of D1, its history row, its rollup queue row and the outbox
     * row that {@code outboxRow} builds to read the changed row from the step it is given, in one
     * statement that commits on its own when no transaction is open: one round trip instead of four or
     * five. Returns whether the payment changed; when it did not, nothing at all was written.
     */
    boolean changeStatusAtOnce(
            StatusUpdate update, String cause, @Nullable String detail, Function<String, SqlStep> outboxRow) {
        var queue = PaymentRollups.queueChanged("changed", update);
        var outbox = outboxRow.apply("changed");
        String sql = CHANGE_STATUS_WITH_HISTORY + ", queued AS (" + queue.sql() + ") " + outbox.sql();
        return bindUpdate(jdbc.sql(sql), update)
                        .param("cause", cause)
                        .param("detail", StatusHistory.shortDetail(detail))
                        .params(queue.params())
                        .params(outbox.params())
                        .update()
                == 1;
    }

    /**
     * A status change as D1 applies it: {@code payment} (as last read) to {@code to}, only if it is
     * still in the status it was read in. {@code fee} and {@code netAmount} are set by the change to
     * SUCCESS and kept by the others.
     */
    record StatusUpdate(
            Payment payment,
            PaymentStatus to,
            @Nullable Instant paidAt,
            @Nullable Instant expiredAt,
            @Nullable String errorMessage,
            boolean late,
            Instant now,
            java.math.@Nullable BigDecimal fee,
            java.math.@Nullable BigDecimal netAmount) {

        PaymentId id() {
            return payment.transactionUuid();
        }

        PaymentStatus from() {
            return payment.status();
        }
    }

    Optional<PaymentStatus> status(PaymentId id) {
        return jdbc.sql("SELECT status FROM payments WHERE id = :id")
                .param("id", id.value())
                .query(String.class)
                .optional()
                .map(PaymentStatus::valueOf);
    }

    /** Unscoped, the status alone: one read of the unique reference index (the hosted page's polling). */
    Optional<PaymentStatus> statusByReference(Reference reference) {
        return jdbc.sql("SELECT status FROM payments WHERE reference = :reference")
                .param("reference", reference.value())
                .query(String.class)
                .optional()
                .map(PaymentStatus::valueOf);
    }

    /** Whether a payment other than {@code id} holds the reference (one read of the unique index). */
    boolean referenceHeldByAnother(Reference reference, PaymentId id) {
        return jdbc.sql("SELECT id FROM payments WHERE reference = :reference")
                .param("reference", reference.value())
                .query((rs, n) -> PaymentId.from(rs, "id"))
                .optional()
                .filter(holder -> !holder.equals(id))
                .isPresent();
    }

    /** Unscoped: only for pages that identify a payment by its reference alone (the customer's pages). */
    Optional<Payment> findByReference(Reference reference) {
        return jdbc.sql("SELECT " + PaymentRows.COLUMNS + " FROM payments WHERE reference = :reference")
                .param("reference", reference.value())
                .query(rows)
                .optional();
    }

    /**
     * Unscoped, for the hosted page: the payment and the provider's own QR image, in the same single read
     * of the reference index. The image stays out of every other read (lists, the API's status), which
     * have no use for a few kilobytes of PNG per row.
     */
    Optional<PaymentPresentation> presentationByReference(Reference reference) {
        return jdbc.sql("SELECT " + PaymentRows.COLUMNS
                        + ", provider_qr_code FROM payments WHERE reference = :reference")
                .param("reference", reference.value())
                .query((rs, n) -> new PaymentPresentation(rows.map(rs), rs.getString("provider_qr_code")))
                .optional();
    }

    /** Read through the live open payments' partial index (V6): as cheap as there are open payments. */
    PaymentQueries.OpenPayments openInConnection(ConnectionId connectionId, @Nullable Integer version) {
        // Payments stored before versions were kept have none: they were all opened in version 1.
        var spec = jdbc.sql("SELECT COUNT(*) AS open_count, MAX(expires_at) AS last_deadline FROM payments"
                        + " WHERE status = 'PROCESSING' AND next_check_at IS NOT NULL AND connection_id = :connection"
                        + (version == null ? "" : " AND COALESCE(connection_version, 1) = :version"))
                .param("connection", connectionId.value());
        return (version == null ? spec : spec.param("version", version))
                .query((rs, n) -> new PaymentQueries.OpenPayments(
                        rs.getInt("open_count"),
                        Timestamps.fromDatabase(rs.getObject("last_deadline", OffsetDateTime.class))))
                .single();
    }

    /** Remembers the provider's transaction id, the handle its status lookups need. */
    void rememberTransaction(PaymentId id, String transactionId) {
        jdbc.sql("UPDATE payments SET provider_transaction_id = :tx WHERE id = :id AND provider_transaction_id IS NULL")
                .param("tx", transactionId)
                .param("id", id.value())
                .update();
    }

    /**
     * Scoped to the caller's application and environment: another tenant's reference is simply not found.
     * Read by the unique reference alone and scoped here: given the application too, PostgreSQL with
     * statistics older than a burst of payments walks that application's listing index instead, and
     * filters thousands of rows per read (seen under benchmark load: status reads 15 times slower).
     */
    Optional<Payment> find(ApplicationId applicationId, Environment environment, Reference reference) {
        return findByReference(reference)
                .filter(p -> p.applicationId().equals(applicationId) && p.environment() == environment);
    }
}
