package sn.xaalis.payment;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** A payments row read back as a {@link Payment}: the columns every read of a whole payment selects. */
@Component
class PaymentRows implements RowMapper<Payment> {

    static final String COLUMNS = "id, reference, application_id, environment, provider, amount, currency,"
            + " status, description, customer_phone, customer_name, metadata, success_url, error_url,"
            + " provider_reference, deep_links, expires_at, created_at, paid_at, expired_at, error_message,"
            + " provider_transaction_id, connection_id, connection_version, fee, net_amount";

    private static final TypeReference<LinkedHashMap<String, String>> LINKS = new TypeReference<>() {};

    private final JsonMapper json;

    PaymentRows(JsonMapper json) {
        this.json = json;
    }

    @Override
    public Payment mapRow(ResultSet rs, int rowNum) throws SQLException {
        return map(rs);
    }

    Payment map(ResultSet rs) throws SQLException {
        return Payment.builder()
                .transactionUuid(PaymentId.from(rs, "id"))
                .reference(new Reference(rs.getString("reference")))
                .applicationId(ApplicationId.from(rs, "application_id"))
                .environment(Environment.fromValue(rs.getString("environment")).orElseThrow())
                .provider(Provider.valueOf(rs.getString("provider")))
                .amount(rs.getBigDecimal("amount"))
                .currency(rs.getString("currency"))
                .status(PaymentStatus.valueOf(rs.getString("status")))
                .description(rs.getString("description"))
                .customerPhone(rs.getString("customer_phone"))
                .customerName(rs.getString("customer_name"))
                .metadataJson(rs.getString("metadata"))
                .successUrl(rs.getString("success_url"))
                .errorUrl(rs.getString("error_url"))
                .providerReference(rs.getString("provider_reference"))
                .deepLinks(json.readValue(rs.getString("deep_links"), LINKS))
                .expiresAt(instant(rs, "expires_at"))
                .createdAt(instant(rs, "created_at"))
                .paidAt(instant(rs, "paid_at"))
                .expiredAt(instant(rs, "expired_at"))
                .errorMessage(rs.getString("error_message"))
                .providerTransactionId(rs.getString("provider_transaction_id"))
                .connectionId(ConnectionId.fromNullable(rs, "connection_id"))
                // null before versions were kept: every connection was then at version 1
                .connectionVersion(rs.getObject("connection_version") == null ? 1 : rs.getInt("connection_version"))
                .fee(rs.getBigDecimal("fee"))
                .netAmount(rs.getBigDecimal("net_amount"))
                .build();
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        return Timestamps.fromDatabase(rs.getObject(column, OffsetDateTime.class));
    }
}
