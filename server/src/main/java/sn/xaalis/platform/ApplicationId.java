package sn.xaalis.platform;

import com.fasterxml.jackson.annotation.JsonValue;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.UUID;

/**
 * A merchant's application: the scope of API keys, payments, notifications and connections. Shared here
 * because modules below the merchant module (provider, idempotency, webhook) name applications too.
 * Written as the UUID's text everywhere: URLs, logs, JSON.
 */
public record ApplicationId(UUID value) {

    /** A new, time-ordered id for a row being created. */
    public static ApplicationId newId(Clock clock) {
        return new ApplicationId(RandomTokens.uuidV7(clock));
    }

    /** Parses text like Spring's UUID conversion (trimmed); bad text is an IllegalArgumentException. */
    public static ApplicationId valueOf(String text) {
        return new ApplicationId(UUID.fromString(text.trim()));
    }

    /** The id in a non-null column. */
    public static ApplicationId from(ResultSet rs, String column) throws SQLException {
        return new ApplicationId(rs.getObject(column, UUID.class));
    }

    /** The UUID's text, also the id's JSON form: a plain string, as a UUID was written. */
    @JsonValue
    @Override
    public String toString() {
        return value.toString();
    }
}
