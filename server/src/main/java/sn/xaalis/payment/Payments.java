package sn.xaalis.payment;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SequencedMap;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;
import sn.xaalis.webhook.NotificationOutbox;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The payments and payment_status_history tables. */
@Repository
class Payments {

    private static final TypeReference<LinkedHashMap<String, String>> LINKS = new TypeReference<>() {};
    private static final String COLUMNS = "id, reference, application_id, environment, provider, amount, currency,"
            + " status, description, customer_phone, customer_name, metadata, success_url, error_url,"
            + " provider_reference, deep_links, expires_at, created_at, paid_at, expired_at, error_message,"
            + " provider_transaction_id, connection_id";
    // A new payment's row: what initiation knows (paid_at, expired_at, error_message and the
    // provider's transaction id are still empty).
    private static final String NEW_COLUMNS = "id, reference, application_id, environment, provider, amount, currency,"
            + " status, description, customer_phone, customer_name, metadata, success_url, error_url,"
            + " provider_reference, deep_links, expires_at, created_at, updated_at, next_check_at, provider_qr_code,"
            + " connection_id";
    private static final String NEW_VALUES = ":id, :reference, :app, :env, :provider, :amount, :currency, :status,"
            + " :description, :phone, :name, :metadata, :success, :error, :providerReference, :links, :expiresAt,"
            + " :createdAt, :createdAt, :firstCheck, :providerQr, :connection";
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

    Payments(JdbcClient jdbc, JsonMapper json, PaymentRollups rollups) {
        this.jdbc = jdbc;
        this.json = json;
        this.rollups = rollups;
    }

    /**
     * In the caller's transaction, with the payment's rollup queue row. Returns false when the reference (or
     * id) is taken, without aborting the transaction.
     *
     * @param providerQr the provider's own QR image (base64 PNG), or null when it gave none
     */
    boolean insert(Payment p, Instant firstCheck, String providerQr) {
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
    boolean insertAtOnce(Payment p, Instant firstCheck, String providerQr, Idempotency.InsertStep answer) {
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
            JdbcClient.StatementSpec spec, Payment p, Instant firstCheck, String providerQr) {
        return spec.param("id", p.transactionUuid())
                .param("reference", p.reference().value())
                .param("app", p.applicationId())
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
                .param("connection", p.connectionId());
    }

    // The conditional update of D1: changes the row only if it is still in :from.
    private static final String CHANGE_STATUS = "UPDATE payments SET status = :to, paid_at = :paidAt,"
            + " expired_at = :expiredAt, error_message = :error, late = (late OR :late), updated_at = :now"
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
                .param("id", update.id())
                .param("from", update.from().name());
    }

    /**
     * PostgreSQL only: the conditional update of D1, its history row, its rollup queue row and the outbox
     * row that {@code outboxRow} builds to read the changed row from the step it is given, in one
     * statement that commits on its own when no transaction is open: one round trip instead of four or
     * five. Returns whether the payment changed; when it did not, nothing at all was written.
     */
    boolean changeStatusAtOnce(
            StatusUpdate update,
            String cause,
            String detail,
            Function<String, NotificationOutbox.InsertStep> outboxRow) {
        var queue = PaymentRollups.queueChanged("changed", update);
        var outbox = outboxRow.apply("changed");
        String sql = CHANGE_STATUS_WITH_HISTORY + ", queued AS (" + queue.sql() + ") " + outbox.sql();
        return bindUpdate(jdbc.sql(sql), update)
                        .param("cause", cause)
                        .param("detail", shortDetail(detail))
                        .params(queue.params())
                        .params(outbox.params())
                        .update()
                == 1;
    }

    /**
     * A status change as D1 applies it: {@code payment} (as last read) to {@code to}, only if it is
     * still in the status it was read in.
     */
    record StatusUpdate(
            Payment payment,
            PaymentStatus to,
            Instant paidAt,
            Instant expiredAt,
            String errorMessage,
            boolean late,
            Instant now) {

        UUID id() {
            return payment.transactionUuid();
        }

        PaymentStatus from() {
            return payment.status();
        }
    }

    private static String shortDetail(String detail) {
        return detail == null || detail.length() <= 500 ? detail : detail.substring(0, 500);
    }

    Optional<PaymentStatus> status(UUID id) {
        return jdbc.sql("SELECT status FROM payments WHERE id = :id")
                .param("id", id)
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
    boolean referenceHeldByAnother(Reference reference, UUID id) {
        return jdbc.sql("SELECT id FROM payments WHERE reference = :reference")
                .param("reference", reference.value())
                .query(UUID.class)
                .optional()
                .filter(holder -> !holder.equals(id))
                .isPresent();
    }

    /** Unscoped: only for pages that identify a payment by its reference alone (the customer's pages). */
    Optional<Payment> findByReference(Reference reference) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM payments WHERE reference = :reference")
                .param("reference", reference.value())
                .query((rs, n) -> map(rs))
                .optional();
    }

    /**
     * Unscoped, for the hosted page: the payment and the provider's own QR image, in the same single read
     * of the reference index. The image stays out of every other read (lists, the API's status), which
     * have no use for a few kilobytes of PNG per row.
     */
    Optional<PaymentPresentation> presentationByReference(Reference reference) {
        return jdbc.sql("SELECT " + COLUMNS + ", provider_qr_code FROM payments WHERE reference = :reference")
                .param("reference", reference.value())
                .query((rs, n) -> new PaymentPresentation(map(rs), rs.getString("provider_qr_code")))
                .optional();
    }

    /** A payment claimed for a provider check, with how many checks it had before this one. */
    record Due(Payment payment, int checks) {}

    // The jobs' queries, run every second on every node: JobQueryPlansIT holds each to an index.
    static final String LOCK_EXPIRED = "SELECT " + COLUMNS + ", check_count FROM payments WHERE status = 'PROCESSING'"
            + " AND expires_at <= :now AND (next_check_at IS NULL OR next_check_at <= :now)"
            + " ORDER BY expires_at LIMIT :limit FOR UPDATE SKIP LOCKED";
    static final String LOCK_RECONCILIATION_DUE = "SELECT " + COLUMNS + ", check_count FROM payments"
            + " WHERE status = 'PROCESSING' AND next_check_at <= :now AND environment = 'live' AND expires_at > :now"
            + " ORDER BY next_check_at LIMIT :limit FOR UPDATE SKIP LOCKED";

    /**
     * Payments past their deadline whose next check is due (D6), locked so another node's job skips
     * them; the caller pushes their next check out before committing, which is its claim.
     */
    List<Due> lockExpired(Instant now, int limit) {
        return jdbc.sql(LOCK_EXPIRED)
                .param("now", Timestamps.toDatabase(now))
                .param("limit", limit)
                .query((rs, n) -> new Due(map(rs), rs.getInt("check_count")))
                .list();
    }

    /** Live payments still open whose reconciliation check is due (missed callbacks), locked likewise. */
    List<Due> lockReconciliationDue(Instant now, int limit) {
        return jdbc.sql(LOCK_RECONCILIATION_DUE)
                .param("now", Timestamps.toDatabase(now))
                .param("limit", limit)
                .query((rs, n) -> new Due(map(rs), rs.getInt("check_count")))
                .list();
    }

    /** Read through the live open payments' partial index (V6): as cheap as there are open payments. */
    PaymentQueries.OpenPayments openInConnection(UUID connectionId) {
        return jdbc.sql("SELECT COUNT(*), MAX(expires_at) FROM payments"
                        + " WHERE status = 'PROCESSING' AND next_check_at IS NOT NULL AND connection_id = :connection")
                .param("connection", connectionId)
                .query((rs, n) -> new PaymentQueries.OpenPayments(
                        rs.getInt(1), Timestamps.fromDatabase(rs.getObject(2, OffsetDateTime.class))))
                .single();
    }

    void scheduleCheck(UUID id, Instant next) {
        jdbc.sql("UPDATE payments SET next_check_at = :next, check_count = check_count + 1 WHERE id = :id")
                .param("next", Timestamps.toDatabase(next))
                .param("id", id)
                .update();
    }

    /** Remembers the provider's transaction id, the handle its status lookups need. */
    void rememberTransaction(UUID id, String transactionId) {
        jdbc.sql("UPDATE payments SET provider_transaction_id = :tx WHERE id = :id AND provider_transaction_id IS NULL")
                .param("tx", transactionId)
                .param("id", id)
                .update();
    }

    /**
     * The magic phones written out, exactly as the predicate of the partial index that serves this
     * query on PostgreSQL (V18): with the phones as parameters the planner cannot prove that index
     * holds every row wanted, and scanned the whole table instead, every second on every node.
     */
    static final String LOCK_MAGIC = "SELECT " + COLUMNS + " FROM payments WHERE status = 'PROCESSING'"
            + " AND environment = 'sandbox' AND customer_phone IN ('+221700000001', '+221700000002', '+221700000003')"
            + " AND created_at <= :before ORDER BY created_at LIMIT :limit FOR UPDATE SKIP LOCKED";

    /** Sandbox payments with a magic customer phone ({@link PaymentJobs#MAGIC_PHONES}), old enough to resolve (D13). */
    List<Payment> lockMagic(Instant createdBefore, int limit) {
        return jdbc.sql(LOCK_MAGIC)
                .param("before", Timestamps.toDatabase(createdBefore))
                .param("limit", limit)
                .query((rs, n) -> map(rs))
                .list();
    }

    /** One page, newest first, after the cursor position (exclusive). */
    List<Payment> list(UUID applicationId, Environment environment, PaymentFilter filter, int limit) {
        return list(List.of(applicationId), environment, filter, limit);
    }

    /**
     * Across several applications of one merchant (the portal); a null environment means both. One
     * branch per application and environment, each reading its listing index (by status too when the
     * filter has one) newest first and stopping after {@code limit} rows: a page costs the same however
     * many payments a merchant has. One query over all of them would sort every matching row.
     */
    List<Payment> list(Collection<UUID> applicationIds, Environment environment, PaymentFilter filter, int limit) {
        if (applicationIds.isEmpty()) {
            return List.of();
        }
        Map<String, Object> params = new HashMap<>();
        String conditions = conditions(filter, params);
        List<Environment> environments = environment == null ? List.of(Environment.values()) : List.of(environment);
        List<String> branches = new ArrayList<>();
        for (UUID application : applicationIds) {
            for (Environment env : environments) {
                int i = branches.size();
                branches.add("SELECT " + COLUMNS + " FROM payments WHERE application_id = :app" + i
                        + " AND environment = :env" + i + conditions
                        + " ORDER BY created_at DESC, id DESC LIMIT :limit");
                params.put("app" + i, application);
                params.put("env" + i, env.value());
            }
        }
        params.put("limit", limit);
        String sql = branches.size() == 1
                ? branches.getFirst()
                : "SELECT * FROM ((" + String.join(") UNION ALL (", branches)
                        + ")) page ORDER BY created_at DESC, id DESC LIMIT :limit";
        return jdbc.sql(sql).params(params).query((rs, n) -> map(rs)).list();
    }

    private static String conditions(PaymentFilter filter, Map<String, Object> params) {
        StringBuilder sql = new StringBuilder();
        if (filter.status() != null) {
            sql.append(" AND status = :status");
            params.put("status", filter.status().name());
        }
        if (filter.provider() != null) {
            sql.append(" AND provider = :provider");
            params.put("provider", filter.provider().name());
        }
        if (filter.createdFrom() != null) {
            sql.append(" AND created_at >= :from");
            params.put("from", Timestamps.toDatabase(filter.createdFrom()));
        }
        if (filter.createdTo() != null) {
            sql.append(" AND created_at < :to");
            params.put("to", Timestamps.toDatabase(filter.createdTo()));
        }
        if (filter.after() != null) {
            // A row comparison, which the index can start from; the OR of two comparisons it cannot.
            sql.append(" AND (created_at, id) < (:cursorAt, :cursorId)");
            params.put("cursorAt", Timestamps.toDatabase(filter.after().createdAt()));
            params.put("cursorId", filter.after().id());
        }
        return sql.toString();
    }

    /** A payment of one of these applications, by reference or transaction_uuid. */
    Optional<Payment> findAmong(Collection<UUID> applicationIds, String referenceOrUuid) {
        if (applicationIds.isEmpty() || referenceOrUuid == null) {
            return Optional.empty();
        }
        String key = referenceOrUuid.trim();
        UUID uuid = null;
        try {
            uuid = UUID.fromString(key);
        } catch (IllegalArgumentException notAUuid) {
            if (!Reference.isWellFormed(key.toUpperCase(Locale.ROOT))) {
                return Optional.empty();
            }
        }
        // By the unique key alone, then scoped here (see find).
        var query = uuid != null
                ? jdbc.sql("SELECT " + COLUMNS + " FROM payments WHERE id = :key")
                        .param("key", uuid)
                : jdbc.sql("SELECT " + COLUMNS + " FROM payments WHERE reference = :key")
                        .param("key", key.toUpperCase(Locale.ROOT));
        return query.query((rs, n) -> map(rs)).optional().filter(p -> applicationIds.contains(p.applicationId()));
    }

    List<StatusChange> history(UUID paymentId) {
        return jdbc.sql("SELECT from_status, to_status, cause, detail, occurred_at FROM payment_status_history"
                        + " WHERE payment_id = :id ORDER BY id")
                .param("id", paymentId)
                .query((rs, n) -> new StatusChange(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        Timestamps.fromDatabase(rs.getObject(5, OffsetDateTime.class))))
                .list();
    }

    void recordTransition(
            UUID paymentId, PaymentStatus from, PaymentStatus to, String cause, String detail, Instant at) {
        jdbc.sql("INSERT INTO payment_status_history (payment_id, from_status, to_status, cause, detail, occurred_at)"
                        + " VALUES (:payment, :from, :to, :cause, :detail, :at)")
                .param("payment", paymentId)
                .param("from", from == null ? null : from.name())
                .param("to", to.name())
                .param("cause", cause)
                .param("detail", shortDetail(detail))
                .param("at", Timestamps.toDatabase(at))
                .update();
    }

    /**
     * Scoped to the caller's application and environment: another tenant's reference is simply not found.
     * Read by the unique reference alone and scoped here: given the application too, PostgreSQL with
     * statistics older than a burst of payments walks that application's listing index instead, and
     * filters thousands of rows per read (seen under benchmark load: status reads 15 times slower).
     */
    Optional<Payment> find(UUID applicationId, Environment environment, Reference reference) {
        return findByReference(reference)
                .filter(p -> p.applicationId().equals(applicationId) && p.environment() == environment);
    }

    private Payment map(ResultSet rs) throws SQLException {
        SequencedMap<String, String> links = json.readValue(rs.getString("deep_links"), LINKS);
        return new Payment(
                rs.getObject("id", UUID.class),
                new Reference(rs.getString("reference")),
                rs.getObject("application_id", UUID.class),
                Environment.fromValue(rs.getString("environment")).orElseThrow(),
                Provider.valueOf(rs.getString("provider")),
                rs.getBigDecimal("amount"),
                rs.getString("currency"),
                PaymentStatus.valueOf(rs.getString("status")),
                rs.getString("description"),
                rs.getString("customer_phone"),
                rs.getString("customer_name"),
                rs.getString("metadata"),
                rs.getString("success_url"),
                rs.getString("error_url"),
                rs.getString("provider_reference"),
                links,
                instant(rs, "expires_at"),
                instant(rs, "created_at"),
                instant(rs, "paid_at"),
                instant(rs, "expired_at"),
                rs.getString("error_message"),
                rs.getString("provider_transaction_id"),
                rs.getObject("connection_id", UUID.class));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        return Timestamps.fromDatabase(rs.getObject(column, OffsetDateTime.class));
    }
}
