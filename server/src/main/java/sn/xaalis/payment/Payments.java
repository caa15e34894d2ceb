package sn.xaalis.payment;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Optional;
import java.util.SequencedMap;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The payments and payment_status_history tables. */
@Repository
class Payments {

    private static final TypeReference<LinkedHashMap<String, String>> LINKS = new TypeReference<>() {};
    private static final String COLUMNS = "id, reference, application_id, environment, provider, amount, currency,"
            + " status, description, customer_phone, customer_name, metadata, success_url, error_url,"
            + " provider_reference, deep_links, expires_at, created_at, paid_at, expired_at, error_message";

    private final JdbcClient jdbc;
    private final JsonMapper json;

    Payments(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    /** Returns false when the reference (or id) is taken, without aborting the transaction. */
    boolean insert(Payment p) {
        return jdbc.sql("INSERT INTO payments (" + COLUMNS + ", updated_at) VALUES (:id, :reference, :app, :env,"
                                + " :provider, :amount, :currency, :status, :description, :phone, :name, :metadata,"
                                + " :success, :error, :providerReference, :links, :expiresAt, :createdAt, :paidAt,"
                                + " :expiredAt, :errorMessage, :createdAt) ON CONFLICT DO NOTHING")
                        .param("id", p.transactionUuid())
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
                        .param("paidAt", Timestamps.toDatabase(p.paidAt()))
                        .param("expiredAt", Timestamps.toDatabase(p.expiredAt()))
                        .param("errorMessage", p.errorMessage())
                        .update()
                == 1;
    }

    void recordTransition(
            UUID paymentId, PaymentStatus from, PaymentStatus to, String cause, String detail, Instant at) {
        jdbc.sql("INSERT INTO payment_status_history (payment_id, from_status, to_status, cause, detail, occurred_at)"
                        + " VALUES (:payment, :from, :to, :cause, :detail, :at)")
                .param("payment", paymentId)
                .param("from", from == null ? null : from.name())
                .param("to", to.name())
                .param("cause", cause)
                .param("detail", detail)
                .param("at", Timestamps.toDatabase(at))
                .update();
    }

    /** Scoped to the caller's application and environment: another tenant's reference is simply not found. */
    Optional<Payment> find(UUID applicationId, Environment environment, Reference reference) {
        return jdbc.sql(
                        "SELECT " + COLUMNS
                                + " FROM payments WHERE reference = :reference AND application_id = :app AND environment = :env")
                .param("reference", reference.value())
                .param("app", applicationId)
                .param("env", environment.value())
                .query((rs, n) -> map(rs))
                .optional();
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
                rs.getString("error_message"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        return Timestamps.fromDatabase(rs.getObject(column, OffsetDateTime.class));
    }
}
