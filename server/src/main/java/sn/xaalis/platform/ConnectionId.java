package sn.xaalis.platform;

import com.fasterxml.jackson.annotation.JsonValue;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A merchant's own provider account (a connection), also its inbound callback address. Shared here
 * because the provider module, below the connection module, names connections too. Written as the UUID's
 * text everywhere: URLs, logs, JSON.
 */
public record ConnectionId(UUID value) {

    /** A new random id for a connection being created. */
    public static ConnectionId random() {
        return new ConnectionId(UUID.randomUUID());
    }

    /** The id in a nullable column, or null. */
    public static @Nullable ConnectionId fromNullable(ResultSet rs, String column) throws SQLException {
        UUID value = rs.getObject(column, UUID.class);
        return value == null ? null : new ConnectionId(value);
    }

    /** The id in a non-null column. */
    public static ConnectionId from(ResultSet rs, String column) throws SQLException {
        return new ConnectionId(rs.getObject(column, UUID.class));
    }

    /** The UUID to bind to a nullable SQL parameter. */
    public static @Nullable UUID valueOrNull(@Nullable ConnectionId id) {
        return id == null ? null : id.value();
    }

    /** The UUID's text, also the id's JSON form: a plain string, as a UUID was written. */
    @JsonValue
    @Override
    public String toString() {
        return value.toString();
    }
}
