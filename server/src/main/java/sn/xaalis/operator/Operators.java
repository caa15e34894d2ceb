package sn.xaalis.operator;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.Timestamps;

/** The {@code operators} table. */
@Repository
class Operators {

    /**
     * One operator; {@code passwordHash} null while the set-up link is unused.
     *
     * @param setupExpiresAt when the set-up link stops working; null once used
     */
    record Row(
            UUID id,
            String email,
            String name,
            @Nullable String passwordHash,
            String totpCiphertext,
            @Nullable Instant setupExpiresAt,
            String invitedBy,
            Instant createdAt,
            @Nullable Instant disabledAt) {

        boolean active() {
            return passwordHash != null && disabledAt == null;
        }

        @Override
        public String toString() {
            return "Operator[id=" + id + ", email=" + email + "]";
        }
    }

    private static final String COLUMNS = "id, email, name, password_hash, totp_secret_ciphertext, setup_expires_at,"
            + " invited_by, created_at, disabled_at";

    private final JdbcClient jdbc;

    Operators(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** False when the address has an operator already. */
    boolean insert(Row row, String setupTokenHash) {
        return jdbc.sql("INSERT INTO operators (id, email, name, totp_secret_ciphertext, setup_token_hash,"
                                + " setup_expires_at, invited_by, created_at) VALUES (:id, :email, :name, :totp,"
                                + " :token, :expires, :by, :at) ON CONFLICT DO NOTHING")
                        .param("id", row.id())
                        .param("email", row.email())
                        .param("name", row.name())
                        .param("totp", row.totpCiphertext())
                        .param("token", setupTokenHash)
                        .param("expires", Timestamps.toDatabase(row.setupExpiresAt()))
                        .param("by", row.invitedBy())
                        .param("at", Timestamps.toDatabase(row.createdAt()))
                        .update()
                == 1;
    }

    Optional<Row> byEmail(String email) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM operators WHERE email = :email")
                .param("email", email)
                .query(Operators::row)
                .optional();
    }

    Optional<Row> byId(UUID id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM operators WHERE id = :id")
                .param("id", id)
                .query(Operators::row)
                .optional();
    }

    /** The operator a set-up link belongs to, while it is valid. */
    Optional<Row> bySetupToken(String tokenHash, Instant now) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM operators WHERE setup_token_hash = :token"
                        + " AND setup_expires_at > :now AND disabled_at IS NULL")
                .param("token", tokenHash)
                .param("now", Timestamps.toDatabase(now))
                .query(Operators::row)
                .optional();
    }

    /** Spends the set-up link and sets the password, once: false when the link was used or expired meanwhile. */
    boolean completeSetup(String tokenHash, String passwordHash, long totpStep, Instant now) {
        return jdbc.sql("UPDATE operators SET password_hash = :hash, totp_last_step = :step,"
                                + " setup_token_hash = NULL, setup_expires_at = NULL WHERE setup_token_hash = :token"
                                + " AND setup_expires_at > :now AND disabled_at IS NULL")
                        .param("hash", passwordHash)
                        .param("step", totpStep)
                        .param("token", tokenHash)
                        .param("now", Timestamps.toDatabase(now))
                        .update()
                == 1;
    }

    /** Records a code's time step as used: false when it (or a later one) was used already. */
    boolean useTotpStep(UUID id, long step) {
        return jdbc.sql("UPDATE operators SET totp_last_step = :step WHERE id = :id"
                                + " AND (totp_last_step IS NULL OR totp_last_step < :step)")
                        .param("step", step)
                        .param("id", id)
                        .update()
                == 1;
    }

    boolean disable(UUID id, Instant now) {
        return jdbc.sql("UPDATE operators SET disabled_at = :now, setup_token_hash = NULL, setup_expires_at = NULL"
                                + " WHERE id = :id AND disabled_at IS NULL")
                        .param("now", Timestamps.toDatabase(now))
                        .param("id", id)
                        .update()
                == 1;
    }

    List<Row> all() {
        return jdbc.sql("SELECT " + COLUMNS + " FROM operators ORDER BY created_at, id")
                .query(Operators::row)
                .list();
    }

    boolean any() {
        return jdbc.sql("SELECT COUNT(*) FROM operators WHERE disabled_at IS NULL")
                        .query(Long.class)
                        .single()
                > 0;
    }

    private static Row row(java.sql.ResultSet rs, int n) throws java.sql.SQLException {
        return new Row(
                rs.getObject("id", UUID.class),
                rs.getString("email"),
                rs.getString("name"),
                rs.getString("password_hash"),
                rs.getString("totp_secret_ciphertext"),
                Timestamps.fromDatabase(rs.getObject("setup_expires_at", OffsetDateTime.class)),
                rs.getString("invited_by"),
                Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class)),
                Timestamps.fromDatabase(rs.getObject("disabled_at", OffsetDateTime.class)));
    }
}
