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
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/** The provider_connections table. */
@Repository
class Connections {

    private static final String COLUMNS = "id, application_id, provider, credentials_box, status, status_message,"
            + " checked_at, created_at, updated_at";

    private final JdbcClient jdbc;
    private final CredentialsBox box;

    Connections(JdbcClient jdbc, CredentialsBox box) {
        this.jdbc = jdbc;
        this.box = box;
    }

    Optional<Connection> find(ApplicationId applicationId, Provider provider) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM provider_connections"
                        + " WHERE application_id = :app AND provider = :provider")
                .param("app", applicationId.value())
                .param("provider", provider.name())
                .query((rs, n) -> map(rs))
                .optional();
    }

    Optional<Connection> byId(ConnectionId id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM provider_connections WHERE id = :id")
                .param("id", id.value())
                .query((rs, n) -> map(rs))
                .optional();
    }

    List<Connection> ofApplication(ApplicationId applicationId) {
        return jdbc.sql("SELECT " + COLUMNS
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

    /** The connections of every application of a merchant. */
    List<Connection> ofMerchant(MerchantId merchantId) {
        return jdbc.sql(
                        "SELECT " + COLUMNS + " FROM provider_connections WHERE application_id IN"
                                + " (SELECT id FROM applications WHERE merchant_id = :merchant) ORDER BY application_id, provider")
                .param("merchant", merchantId.value())
                .query((rs, n) -> map(rs))
                .list();
    }

    boolean delete(ConnectionId id) {
        return jdbc.sql("DELETE FROM provider_connections WHERE id = :id")
                        .param("id", id.value())
                        .update()
                == 1;
    }

    private Connection map(ResultSet rs) throws SQLException {
        return new Connection(
                ConnectionId.from(rs, "id"),
                ApplicationId.from(rs, "application_id"),
                Provider.valueOf(rs.getString("provider")),
                box.open(rs.getString("credentials_box")),
                Connection.Status.valueOf(rs.getString("status").toUpperCase(Locale.ROOT)),
                rs.getString("status_message"),
                Timestamps.fromDatabase(rs.getObject("checked_at", OffsetDateTime.class)),
                Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class)),
                Timestamps.fromDatabase(rs.getObject("updated_at", OffsetDateTime.class)));
    }

    @Contract("null -> null; !null -> !null")
    private static @Nullable String cut(@Nullable String message) {
        return message == null || message.length() <= 500 ? message : message.substring(0, 499) + "…";
    }
}
