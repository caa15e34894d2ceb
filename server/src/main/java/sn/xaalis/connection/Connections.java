package sn.xaalis.connection;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.lang.Contract;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/** The provider_connections table. */
@Repository
class Connections {

    private static final String COLUMNS = "id, application_id, provider, credentials_box, status, status_message,"
            + " checked_at, created_at, updated_at";
    /** Read, never written by {@link #save}: a refusal is kept or cleared on its own (ConnectionPins). */
    private static final String SELECTED = COLUMNS + ", pin_refused_at, pin_refusal";

    private final JdbcClient jdbc;
    private final CredentialsBox box;

    Connections(JdbcClient jdbc, CredentialsBox box) {
        this.jdbc = jdbc;
        this.box = box;
    }

    Optional<Connection> find(ApplicationId applicationId, Provider provider) {
        return jdbc.sql("SELECT " + SELECTED + " FROM provider_connections"
                        + " WHERE application_id = :app AND provider = :provider")
                .param("app", applicationId.value())
                .param("provider", provider.name())
                .query((rs, n) -> map(rs))
                .optional();
    }

    Optional<Connection> byId(ConnectionId id) {
        return jdbc.sql("SELECT " + SELECTED + " FROM provider_connections WHERE id = :id")
                .param("id", id.value())
                .query((rs, n) -> map(rs))
                .optional();
    }

    List<Connection> ofApplication(ApplicationId applicationId) {
        return jdbc.sql("SELECT " + SELECTED
                        + " FROM provider_connections WHERE application_id = :app ORDER BY provider")
                .param("app", applicationId.value())
                .query((rs, n) -> map(rs))
                .list();
    }

    /** Inserts or, for the same application and provider, replaces (keeping the id: its address). */
    void save(Connection c) {
        int updated = jdbc.sql("UPDATE provider_connections SET credentials_box = :box, status = :status,"
                        + " status_message = :message, checked_at = :checked, updated_at = :updated WHERE id = :id")
                .param("box", box.seal(c.credentials()))
                .param("status", c.status().value())
                .param("message", cut(c.statusMessage()))
                .param("checked", Timestamps.toDatabase(c.checkedAt()))
                .param("updated", Timestamps.toDatabase(c.updatedAt()))
                .param("id", c.id().value())
                .update();
        if (updated == 0) {
            jdbc.sql("INSERT INTO provider_connections (" + COLUMNS + ") VALUES (:id, :app, :provider, :box, :status,"
                            + " :message, :checked, :created, :updated)")
                    .param("id", c.id().value())
                    .param("app", c.applicationId().value())
                    .param("provider", c.provider().name())
                    .param("box", box.seal(c.credentials()))
                    .param("status", c.status().value())
                    .param("message", cut(c.statusMessage()))
                    .param("checked", Timestamps.toDatabase(c.checkedAt()))
                    .param("created", Timestamps.toDatabase(c.createdAt()))
                    .param("updated", Timestamps.toDatabase(c.updatedAt()))
                    .update();
        }
    }

    /** The outcome of a check, for the connection as it was checked: a replacement since keeps its own. */
    boolean recordCheck(Connection checked, Instant credentialsOf) {
        return jdbc.sql("UPDATE provider_connections SET status = :status, status_message = :message,"
                                + " checked_at = :checked WHERE id = :id AND updated_at = :version")
                        .param("status", checked.status().value())
                        .param("message", cut(checked.statusMessage()))
                        .param("checked", Timestamps.toDatabase(checked.checkedAt()))
                        .param("id", checked.id().value())
                        .param("version", Timestamps.toDatabase(credentialsOf))
                        .update()
                == 1;
    }

    boolean delete(ConnectionId id) {
        return jdbc.sql("DELETE FROM provider_connections WHERE id = :id")
                        .param("id", id.value())
                        .update()
                == 1;
    }

    /** Takes the connection's PIN for one call until {@code until}: not while refused or taken. */
    boolean takePin(ConnectionId id, Instant now, Instant until) {
        return jdbc.sql("UPDATE provider_connections SET pin_busy_until = :until WHERE id = :id"
                                + " AND pin_refused_at IS NULL AND (pin_busy_until IS NULL OR pin_busy_until <= :now)")
                        .param("until", Timestamps.toDatabase(until))
                        .param("now", Timestamps.toDatabase(now))
                        .param("id", id.value())
                        .update()
                == 1;
    }

    void releasePin(ConnectionId id, Instant until) {
        jdbc.sql("UPDATE provider_connections SET pin_busy_until = NULL WHERE id = :id AND pin_busy_until = :until")
                .param("until", Timestamps.toDatabase(until))
                .param("id", id.value())
                .update();
    }

    /** The PIN of the credentials saved at {@code version} was refused; false when others were saved since. */
    boolean refusePin(ConnectionId id, Instant version, Instant at, String why) {
        return jdbc.sql("UPDATE provider_connections SET pin_refused_at = :at, pin_refusal = :why,"
                                + " pin_busy_until = NULL WHERE id = :id AND updated_at = :version"
                                + " AND pin_refused_at IS NULL")
                        .param("at", Timestamps.toDatabase(at))
                        .param("why", cut(why))
                        .param("id", id.value())
                        .param("version", Timestamps.toDatabase(version))
                        .update()
                == 1;
    }

    /** A PIN entered again (and not refused when tried): calls with it may go. */
    void clearPinRefusal(ConnectionId id) {
        jdbc.sql("UPDATE provider_connections SET pin_refused_at = NULL, pin_refusal = NULL WHERE id = :id")
                .param("id", id.value())
                .update();
    }

    private Connection map(ResultSet rs) throws SQLException {
        Instant pinRefusedAt = Timestamps.fromDatabase(rs.getObject("pin_refused_at", OffsetDateTime.class));
        return new Connection(
                ConnectionId.from(rs, "id"),
                ApplicationId.from(rs, "application_id"),
                Provider.valueOf(rs.getString("provider")),
                box.open(rs.getString("credentials_box")),
                Connection.Status.valueOf(rs.getString("status").toUpperCase(Locale.ROOT)),
                rs.getString("status_message"),
                Timestamps.fromDatabase(rs.getObject("checked_at", OffsetDateTime.class)),
                Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class)),
                Timestamps.fromDatabase(rs.getObject("updated_at", OffsetDateTime.class)),
                pinRefusedAt == null
                        ? null
                        : new Connection.PinRefusal(pinRefusedAt, String.valueOf(rs.getString("pin_refusal"))));
    }

    @Contract("null -> null; !null -> !null")
    private static @Nullable String cut(@Nullable String message) {
        return message == null || message.length() <= 500 ? message : message.substring(0, 499) + "…";
    }
}
