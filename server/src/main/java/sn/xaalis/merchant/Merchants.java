package sn.xaalis.merchant;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.Timestamps;

/** The merchants table. */
@Repository
class Merchants {

    private final JdbcClient jdbc;

    Merchants(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    record Row(MerchantId id, String name, String email, String passwordHash, Instant createdAt) {
        @Override
        public String toString() {
            return "Merchant[id=" + id + ", email=" + email + "]";
        }
    }

    /** Returns false when the email is taken. */
    boolean insert(Row row) {
        // Confirmed when made (by the operator); a self-service sign-up is then marked unconfirmed.
        return jdbc.sql("INSERT INTO merchants (id, name, email, password_hash, created_at, email_confirmed_at)"
                                + " VALUES (:id, :name, :email, :hash, :at, :at) ON CONFLICT DO NOTHING")
                        .param("id", row.id().value())
                        .param("name", row.name())
                        .param("email", row.email())
                        .param("hash", row.passwordHash())
                        .param("at", Timestamps.toDatabase(row.createdAt()))
                        .update()
                == 1;
    }

    Optional<Row> find(MerchantId id) {
        return jdbc.sql("SELECT id, name, email, password_hash, created_at FROM merchants WHERE id = :id")
                .param("id", id.value())
                .query((rs, n) -> row(rs))
                .optional();
    }

    Optional<Row> findByEmail(String email) {
        return jdbc.sql("SELECT id, name, email, password_hash, created_at FROM merchants WHERE email = :email")
                .param("email", email.trim().toLowerCase(Locale.ROOT))
                .query((rs, n) -> row(rs))
                .optional();
    }

    private static Row row(ResultSet rs) throws SQLException {
        return new Row(
                MerchantId.from(rs, "id"),
                rs.getString("name"),
                rs.getString("email"),
                rs.getString("password_hash"),
                Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class)));
    }

    /** A self-service sign-up: sandbox only, and its address not confirmed yet. */
    void markSandboxOnly(MerchantId id) {
        jdbc.sql("UPDATE merchants SET sandbox_only = TRUE, email_confirmed_at = NULL WHERE id = :id")
                .param("id", id.value())
                .update();
    }

    /** The operator approves the merchant for live payments (again, after a withdrawal). */
    boolean approve(MerchantId id, Instant now) {
        return jdbc.sql("UPDATE merchants SET sandbox_only = FALSE, approved_at = :now, approval_withdrawn_at = NULL,"
                                + " suspension_cause = NULL, suspension_reason = NULL, suspended_by = NULL,"
                                + " suspension_language = NULL WHERE id = :id")
                        .param("now", Timestamps.toDatabase(now))
                        .param("id", id.value())
                        .update()
                == 1;
    }

    /** Lifts a suspension in force; false when the merchant is not suspended (nothing to tell it then). */
    boolean lift(MerchantId id, Instant now) {
        return jdbc.sql("UPDATE merchants SET sandbox_only = FALSE, approved_at = :now, approval_withdrawn_at = NULL,"
                                + " suspension_cause = NULL, suspension_reason = NULL, suspended_by = NULL,"
                                + " suspension_language = NULL"
                                + " WHERE id = :id AND sandbox_only AND approval_withdrawn_at IS NOT NULL")
                        .param("now", Timestamps.toDatabase(now))
                        .param("id", id.value())
                        .update()
                == 1;
    }

    /**
     * The operator withdraws its approval: the merchant's live payments stop. Conditional: false when the
     * merchant is already suspended (or does not exist), so that one suspension tells the merchant once.
     */
    boolean suspend(MerchantId id, Suspension suspension) {
        return jdbc.sql("UPDATE merchants SET sandbox_only = TRUE, approval_withdrawn_at = :now,"
                                + " suspension_cause = :cause, suspension_reason = :reason, suspended_by = :by,"
                                + " suspension_language = :language"
                                + " WHERE id = :id AND NOT (sandbox_only AND approval_withdrawn_at IS NOT NULL)")
                        .param("now", Timestamps.toDatabase(suspension.since()))
                        .param("cause", suspension.cause().value())
                        .param("reason", suspension.reason())
                        .param("by", suspension.by())
                        .param("language", suspension.mailLanguage().getLanguage())
                        .param("id", id.value())
                        .update()
                == 1;
    }

    /** The suspension in force, if the merchant is suspended. */
    Optional<Suspension> suspension(MerchantId id) {
        return jdbc.sql("SELECT approval_withdrawn_at, suspension_cause, suspension_reason, suspended_by,"
                        + " suspension_language FROM merchants"
                        + " WHERE id = :id AND sandbox_only AND approval_withdrawn_at IS NOT NULL")
                .param("id", id.value())
                .query((rs, n) -> new Suspension(
                        rs.getObject("approval_withdrawn_at", OffsetDateTime.class)
                                .toInstant(),
                        Suspension.Cause.fromValue(rs.getString("suspension_cause"))
                                .orElse(Suspension.Cause.OTHER),
                        rs.getString("suspension_reason"),
                        rs.getString("suspended_by"),
                        Suspension.mailLanguage(rs.getString("suspension_language"))))
                .optional();
    }

    Optional<LiveApproval> approval(MerchantId id) {
        return jdbc.sql("SELECT sandbox_only, approved_at, approval_withdrawn_at FROM merchants WHERE id = :id")
                .param("id", id.value())
                .query((rs, n) -> approval(
                        rs.getBoolean("sandbox_only"),
                        Timestamps.fromDatabase(rs.getObject("approved_at", OffsetDateTime.class)),
                        Timestamps.fromDatabase(rs.getObject("approval_withdrawn_at", OffsetDateTime.class))))
                .optional();
    }

    static LiveApproval approval(boolean sandboxOnly, @Nullable Instant approvedAt, @Nullable Instant withdrawnAt) {
        LiveApproval.State state = !sandboxOnly
                ? LiveApproval.State.APPROVED
                : withdrawnAt != null ? LiveApproval.State.WITHDRAWN : LiveApproval.State.PENDING;
        return new LiveApproval(state, approvedAt, state == LiveApproval.State.WITHDRAWN ? withdrawnAt : null);
    }

    boolean sandboxOnly(MerchantId id) {
        return jdbc.sql("SELECT sandbox_only FROM merchants WHERE id = :id")
                .param("id", id.value())
                .query(Boolean.class)
                .optional()
                .orElse(false);
    }

    void changePassword(MerchantId id, String passwordHash) {
        jdbc.sql("UPDATE merchants SET password_hash = :hash WHERE id = :id")
                .param("hash", passwordHash)
                .param("id", id.value())
                .update();
    }

    boolean emailConfirmed(MerchantId id) {
        return jdbc.sql("SELECT email_confirmed_at IS NOT NULL FROM merchants WHERE id = :id")
                .param("id", id.value())
                .query(Boolean.class)
                .optional()
                .orElse(false);
    }

    /** Confirms the address if it is still {@code email}: false when it changed meanwhile or was confirmed. */
    boolean confirmEmail(MerchantId id, String email, java.time.Instant now) {
        return jdbc.sql("UPDATE merchants SET email_confirmed_at = :now WHERE id = :id AND email = :email"
                                + " AND email_confirmed_at IS NULL")
                        .param("now", Timestamps.toDatabase(now))
                        .param("id", id.value())
                        .param("email", email)
                        .update()
                == 1;
    }

    boolean totpEnabled(MerchantId id) {
        return totpCiphertext(id) != null;
    }

    @Nullable
    String totpCiphertext(MerchantId id) {
        return jdbc.sql("SELECT totp_secret_ciphertext FROM merchants WHERE id = :id")
                .param("id", id.value())
                .query((rs, n) -> rs.getString("totp_secret_ciphertext"))
                .optional()
                .orElse(null);
    }

    void setTotp(MerchantId id, @Nullable String ciphertext) {
        jdbc.sql("UPDATE merchants SET totp_secret_ciphertext = :secret, totp_last_step = NULL WHERE id = :id")
                .param("secret", ciphertext)
                .param("id", id.value())
                .update();
    }

    /** Records the step of a used code; false when that step (or a later one) was used already. */
    boolean useTotpStep(MerchantId id, long step) {
        return jdbc.sql("UPDATE merchants SET totp_last_step = :step WHERE id = :id"
                                + " AND (totp_last_step IS NULL OR totp_last_step < :step)")
                        .param("step", step)
                        .param("id", id.value())
                        .update()
                == 1;
    }

    boolean any() {
        return jdbc.sql("SELECT COUNT(*) FROM merchants").query(Long.class).single() > 0;
    }
}
