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
import sn.xaalis.provider.ProviderAccount;

/**
 * The provider_connections table, and provider_connection_versions: the accounts a connection replaced
 * that payments opened in them still need.
 */
@Repository
class Connections {

    private static final String COLUMNS = "id, application_id, provider, credentials_box, version, status,"
            + " status_message, checked_at, created_at, updated_at";
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

    /**
     * Inserts {@code c}, or replaces {@code replaced} with it (keeping the id: its address).
     *
     * @throws ConnectionRefusal.ChangedMeanwhile when {@code replaced} was itself replaced meanwhile
     * @throws org.springframework.dao.DuplicateKeyException when another connection holds its merchant code,
     *     or the same application's connection was inserted at the same moment
     */
    void save(Connection c, Optional<Connection> replaced) {
        if (replaced.isPresent()) {
            int updated = jdbc.sql("UPDATE provider_connections SET credentials_box = :box, version = :version,"
                            + " merchant_code = :code, status = :status, status_message = :message,"
                            + " checked_at = :checked, updated_at = :updated WHERE id = :id AND version = :previous")
                    .param("box", box.seal(c.credentials()))
                    .param("version", c.version())
                    .param("code", c.merchantCode())
                    .param("status", c.status().value())
                    .param("message", cut(c.statusMessage()))
                    .param("checked", Timestamps.toDatabase(c.checkedAt()))
                    .param("updated", Timestamps.toDatabase(c.updatedAt()))
                    .param("id", c.id().value())
                    .param("previous", replaced.get().version())
                    .update();
            if (updated == 0) {
                throw new ConnectionRefusal.ChangedMeanwhile();
            }
            return;
        }
        jdbc.sql("INSERT INTO provider_connections (" + COLUMNS + ", merchant_code) VALUES (:id, :app, :provider,"
                        + " :box, :version, :status, :message, :checked, :created, :updated, :code)")
                .param("id", c.id().value())
                .param("app", c.applicationId().value())
                .param("provider", c.provider().name())
                .param("box", box.seal(c.credentials()))
                .param("version", c.version())
                .param("status", c.status().value())
                .param("message", cut(c.statusMessage()))
                .param("checked", Timestamps.toDatabase(c.checkedAt()))
                .param("created", Timestamps.toDatabase(c.createdAt()))
                .param("updated", Timestamps.toDatabase(c.updatedAt()))
                .param("code", c.merchantCode())
                .update();
    }

    /** Keeps a replaced account for the payments opened in it (sealed like the current one). */
    void keep(Connection replaced, Instant at) {
        jdbc.sql("INSERT INTO provider_connection_versions (connection_id, version, credentials_box, merchant_code,"
                        + " replaced_at) VALUES (:id, :version, :box, :code, :at)")
                .param("id", replaced.id().value())
                .param("version", replaced.version())
                .param("box", box.seal(replaced.credentials()))
                .param("code", replaced.merchantCode())
                .param("at", Timestamps.toDatabase(at))
                .update();
    }

    /** The accounts a connection replaced that are still kept, newest first. */
    List<ProviderAccount> kept(ConnectionId id) {
        return jdbc.sql("SELECT v.version, v.credentials_box, c.provider FROM provider_connection_versions v"
                        + " JOIN provider_connections c ON c.id = v.connection_id"
                        + " WHERE v.connection_id = :id ORDER BY v.version DESC")
                .param("id", id.value())
                .query((rs, n) -> new ProviderAccount(
                        id,
                        Provider.valueOf(rs.getString("provider")),
                        box.open(rs.getString("credentials_box")),
                        rs.getInt("version")))
                .list();
    }

    /** A kept version: which connection's, and since when it is replaced. */
    record KeptVersion(ConnectionId connectionId, int version, Instant replacedAt) {}

    List<KeptVersion> keptVersions() {
        return jdbc.sql("SELECT connection_id, version, replaced_at FROM provider_connection_versions")
                .query((rs, n) -> new KeptVersion(
                        ConnectionId.from(rs, "connection_id"),
                        rs.getInt("version"),
                        Timestamps.fromDatabase(rs.getObject("replaced_at", OffsetDateTime.class))))
                .list();
    }

    boolean forget(KeptVersion kept) {
        return jdbc.sql("DELETE FROM provider_connection_versions WHERE connection_id = :id AND version = :version")
                        .param("id", kept.connectionId().value())
                        .param("version", kept.version())
                        .update()
                == 1;
    }

    /** The applications whose connection collects into a merchant code, now or in a version still kept. */
    List<ApplicationId> holdersOf(String merchantCode) {
        return jdbc.sql("SELECT application_id FROM provider_connections WHERE merchant_code = :code"
                        + " UNION SELECT c.application_id FROM provider_connection_versions v"
                        + " JOIN provider_connections c ON c.id = v.connection_id WHERE v.merchant_code = :code")
                .param("code", merchantCode)
                .query((rs, n) -> ApplicationId.from(rs, "application_id"))
                .list();
    }

    /** Operator connections saved before their merchant code was stored apart from the credentials. */
    List<Connection> operatorsWithoutMerchantCode() {
        return jdbc.sql("SELECT " + SELECTED + " FROM provider_connections WHERE provider = :provider"
                        + " AND merchant_code IS NULL")
                .param("provider", Provider.MOBILEMONEY_SN.name())
                .query((rs, n) -> map(rs))
                .list();
    }

    /** @throws org.springframework.dao.DuplicateKeyException when another connection holds the code */
    void storeMerchantCode(Connection c) {
        jdbc.sql("UPDATE provider_connections SET merchant_code = :code WHERE id = :id AND merchant_code IS NULL")
                .param("code", c.merchantCode())
                .param("id", c.id().value())
                .update();
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
                        "SELECT " + SELECTED + " FROM provider_connections WHERE application_id IN"
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
                rs.getInt("version"),
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
