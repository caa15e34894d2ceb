package sn.xaalis.webhook;

import com.fasterxml.jackson.annotation.JsonValue;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.UUID;
import sn.xaalis.platform.RandomTokens;

/** A webhook notification's id. Written as the UUID's text everywhere: URLs, logs, JSON. */
public record NotificationId(UUID value) {

    /** A new, time-ordered id for a notification being queued. */
    public static NotificationId newId(Clock clock) {
        return new NotificationId(RandomTokens.uuidV7(clock));
    }

    /** Parses text like Spring's UUID conversion (trimmed); bad text is an IllegalArgumentException. */
    public static NotificationId valueOf(String text) {
        return new NotificationId(UUID.fromString(text.trim()));
    }

    /** The id in a non-null column. */
    public static NotificationId from(ResultSet rs, String column) throws SQLException {
        return new NotificationId(rs.getObject(column, UUID.class));
    }

    /** The UUID's text, also the id's JSON form: a plain string, as a UUID was written. */
    @JsonValue
    @Override
    public String toString() {
        return value.toString();
    }
}
