package sn.xaalis.merchant;

import com.fasterxml.jackson.annotation.JsonValue;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.UUID;
import sn.xaalis.platform.RandomTokens;

/** A merchant's id. Written as the UUID's text everywhere: URLs, logs, JSON. */
public record MerchantId(UUID value) {

    /** A new, time-ordered id for a merchant being signed up. */
    public static MerchantId newId(Clock clock) {
        return new MerchantId(RandomTokens.uuidV7(clock));
    }

    /** Parses text like Spring's UUID conversion (trimmed); bad text is an IllegalArgumentException. */
    public static MerchantId valueOf(String text) {
        return new MerchantId(UUID.fromString(text.trim()));
    }

    /** The id in a non-null column. */
    public static MerchantId from(ResultSet rs, String column) throws SQLException {
        return new MerchantId(rs.getObject(column, UUID.class));
    }

    /** The UUID's text, also the id's JSON form: a plain string, as a UUID was written. */
    @JsonValue
    @Override
    public String toString() {
        return value.toString();
    }
}
