package sn.xaalis.payment;

import com.fasterxml.jackson.annotation.JsonValue;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.RandomTokens;

/** A payment's id (the API's {@code transaction_uuid}). Written as the UUID's text everywhere: URLs, logs, JSON. */
public record PaymentId(UUID value) {

    /** A new, time-ordered id for a payment being initiated. */
    public static PaymentId newId(Clock clock) {
        return new PaymentId(RandomTokens.uuidV7(clock));
    }

    /** Parses text like Spring's UUID conversion (trimmed); bad text is an IllegalArgumentException. */
    public static PaymentId valueOf(String text) {
        return new PaymentId(UUID.fromString(text.trim()));
    }

    /** The id in a non-null column. */
    public static PaymentId from(ResultSet rs, String column) throws SQLException {
        return new PaymentId(rs.getObject(column, UUID.class));
    }

    /** The id in a nullable column, or null. */
    public static @Nullable PaymentId fromNullable(ResultSet rs, String column) throws SQLException {
        UUID value = rs.getObject(column, UUID.class);
        return value == null ? null : new PaymentId(value);
    }

    /** The UUID's text, also the id's JSON form: a plain string, as a UUID was written. */
    @JsonValue
    @Override
    public String toString() {
        return value.toString();
    }
}
