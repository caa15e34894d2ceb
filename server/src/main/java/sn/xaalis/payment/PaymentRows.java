package sn.xaalis.payment;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.SequencedMap;
import java.util.UUID;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;
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
            + " provider_transaction_id, connection_id";

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
