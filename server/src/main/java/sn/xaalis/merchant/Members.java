package sn.xaalis.merchant;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.Timestamps;

/**
 * The merchant_members table: a merchant's team besides its holder. Removed members are never read. An
 * invitation of an address that signs in elsewhere is a placeholder: its address in elsewhere_email, no
 * link, never anyone's login; it reads as any invitation not yet accepted.
 */
@Repository
class Members {

    private static final String COLUMNS =
            "id, merchant_id, COALESCE(email, elsewhere_email) AS email, name, role, password_hash, invited_by, created_at,"
                    + " invite_expires_at, joined_at";

    private final JdbcClient jdbc;

    Members(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    record Row(
            MemberId id,
            MerchantId merchantId,
            String email,
            @Nullable String name,
            MerchantRole role,
            @Nullable String passwordHash,
            String invitedBy,
            Instant createdAt,
            @Nullable Instant inviteExpiresAt,
            @Nullable Instant joinedAt) {

        boolean active() {
            return passwordHash != null;
        }

        @Override
        public String toString() {
            return "Member[id=" + id + ", email=" + email + ", role=" + role.code() + "]";
        }
    }

    /** Returns false when the address is a current member's already (of any merchant). */
    boolean insertInvited(Row row, String tokenHash) {
        return jdbc.sql("INSERT INTO merchant_members (id, merchant_id, email, role, invite_token_hash,"
                                + " invite_expires_at, invited_by, created_at)"
                                + " VALUES (:id, :merchant, :email, :role, :hash, :expires, :by, :at)"
                                + " ON CONFLICT DO NOTHING")
                        .param("id", row.id().value())
                        .param("merchant", row.merchantId().value())
                        .param("email", row.email())
                        .param("role", row.role().name())
                        .param("hash", tokenHash)
                        .param("expires", Timestamps.toDatabase(row.inviteExpiresAt()))
                        .param("by", row.invitedBy())
                        .param("at", Timestamps.toDatabase(row.createdAt()))
                        .update()
                == 1;
    }

    /** Returns false when this merchant has a current placeholder for the address already. */
    boolean insertElsewhere(Row row) {
        return jdbc.sql("INSERT INTO merchant_members (id, merchant_id, elsewhere_email, role, invite_expires_at,"
                                + " invited_by, created_at) VALUES (:id, :merchant, :email, :role, :expires, :by, :at)"
                                + " ON CONFLICT DO NOTHING")
                        .param("id", row.id().value())
                        .param("merchant", row.merchantId().value())
                        .param("email", row.email())
                        .param("role", row.role().name())
                        .param("expires", Timestamps.toDatabase(row.inviteExpiresAt()))
                        .param("by", row.invitedBy())
                        .param("at", Timestamps.toDatabase(row.createdAt()))
                        .update()
                == 1;
    }

    /** This merchant's current placeholder for an address that signs in elsewhere. */
    Optional<Row> placeholder(MerchantId merchantId, String email) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM merchant_members WHERE merchant_id = :merchant"
                        + " AND elsewhere_email = :email AND removed_at IS NULL")
                .param("merchant", merchantId.value())
                .param("email", email)
                .query(Members::row)
                .optional();
    }

    /** A placeholder invited again: its role and validity, as a renewed invitation's (still no link). */
    boolean renewPlaceholder(MemberId id, MerchantRole role, Instant expires) {
        return jdbc.sql("UPDATE merchant_members SET role = :role, invite_expires_at = :expires WHERE id = :id"
                                + " AND elsewhere_email IS NOT NULL AND removed_at IS NULL")
                        .param("role", role.name())
                        .param("expires", Timestamps.toDatabase(expires))
                        .param("id", id.value())
                        .update()
                == 1;
    }

    /** A placeholder whose address signs in nowhere any more becomes an invitation with a link. */
    boolean promotePlaceholder(MemberId id, MerchantRole role, String tokenHash, Instant expires) {
        return jdbc.sql("UPDATE merchant_members SET email = elsewhere_email, elsewhere_email = NULL, role = :role,"
                                + " invite_token_hash = :hash, invite_expires_at = :expires WHERE id = :id"
                                + " AND elsewhere_email IS NOT NULL AND removed_at IS NULL")
                        .param("role", role.name())
                        .param("hash", tokenHash)
                        .param("expires", Timestamps.toDatabase(expires))
                        .param("id", id.value())
                        .update()
                == 1;
    }

    /** A new link (and role) for an invitation not yet accepted: the old link stops working. */
    boolean renewInvitation(MemberId id, MerchantRole role, String tokenHash, Instant expires) {
        return jdbc.sql("UPDATE merchant_members SET role = :role, invite_token_hash = :hash,"
                                + " invite_expires_at = :expires WHERE id = :id AND password_hash IS NULL"
                                + " AND removed_at IS NULL")
                        .param("role", role.name())
                        .param("hash", tokenHash)
                        .param("expires", Timestamps.toDatabase(expires))
                        .param("id", id.value())
                        .update()
                == 1;
    }

    /** The current member (invited or active) with this address, of whichever merchant. */
    Optional<Row> byEmail(String email) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM merchant_members WHERE email = :email")
                .param("email", email)
                .query(Members::row)
                .optional();
    }

    Optional<Row> find(MerchantId merchantId, MemberId id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM merchant_members WHERE id = :id AND merchant_id = :merchant"
                        + " AND removed_at IS NULL")
                .param("id", id.value())
                .param("merchant", merchantId.value())
                .query(Members::row)
                .optional();
    }

    /** The invitation a link opens, while unused and within its validity. */
    Optional<Row> byInvitation(String tokenHash, Instant now) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM merchant_members WHERE invite_token_hash = :hash"
                        + " AND invite_expires_at > :now AND password_hash IS NULL AND removed_at IS NULL")
                .param("hash", tokenHash)
                .param("now", Timestamps.toDatabase(now))
                .query(Members::row)
                .optional();
    }

    /** Accepts an invitation: the conditional update is the link's spending, so it works once. */
    boolean join(String tokenHash, String name, String passwordHash, Instant now) {
        return jdbc.sql("UPDATE merchant_members SET name = :name, password_hash = :password, joined_at = :now,"
                                + " invite_token_hash = NULL, invite_expires_at = NULL"
                                + " WHERE invite_token_hash = :hash AND invite_expires_at > :now"
                                + " AND password_hash IS NULL AND removed_at IS NULL")
                        .param("name", name)
                        .param("password", passwordHash)
                        .param("now", Timestamps.toDatabase(now))
                        .param("hash", tokenHash)
                        .update()
                == 1;
    }

    List<Row> team(MerchantId merchantId) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM merchant_members WHERE merchant_id = :merchant"
                        + " AND removed_at IS NULL ORDER BY created_at, id")
                .param("merchant", merchantId.value())
                .query(Members::row)
                .list();
    }

    boolean changeRole(MerchantId merchantId, MemberId id, MerchantRole role) {
        return jdbc.sql("UPDATE merchant_members SET role = :role WHERE id = :id AND merchant_id = :merchant"
                                + " AND removed_at IS NULL")
                        .param("role", role.name())
                        .param("id", id.value())
                        .param("merchant", merchantId.value())
                        .update()
                == 1;
    }

    /** Removes a member (or a placeholder): their address is free again, their link and credentials gone. */
    boolean remove(MerchantId merchantId, MemberId id, Instant now) {
        return jdbc.sql("UPDATE merchant_members SET removed_at = :now,"
                                + " removed_email = COALESCE(email, elsewhere_email), email = NULL, elsewhere_email = NULL,"
                                + " password_hash = NULL, totp_secret_ciphertext = NULL, invite_token_hash = NULL,"
                                + " invite_expires_at = NULL WHERE id = :id AND merchant_id = :merchant"
                                + " AND removed_at IS NULL")
                        .param("now", Timestamps.toDatabase(now))
                        .param("id", id.value())
                        .param("merchant", merchantId.value())
                        .update()
                == 1;
    }

    /** Removes the whole team of a merchant, invited and active alike: @return the members removed */
    List<MemberId> removeAll(MerchantId merchantId, Instant now) {
        List<MemberId> team = team(merchantId).stream().map(Row::id).toList();
        List<MemberId> removed = new java.util.ArrayList<>();
        for (MemberId id : team) {
            if (remove(merchantId, id, now)) {
                removed.add(id);
            }
        }
        return removed;
    }

    void changePassword(MemberId id, String passwordHash) {
        jdbc.sql("UPDATE merchant_members SET password_hash = :hash WHERE id = :id AND removed_at IS NULL"
                        + " AND password_hash IS NOT NULL")
                .param("hash", passwordHash)
                .param("id", id.value())
                .update();
    }

    @Nullable
    String totpCiphertext(MemberId id) {
        return jdbc.sql("SELECT totp_secret_ciphertext FROM merchant_members WHERE id = :id AND removed_at IS NULL")
                .param("id", id.value())
                .query((rs, n) -> rs.getString("totp_secret_ciphertext"))
                .optional()
                .orElse(null);
    }

    void setTotp(MemberId id, @Nullable String ciphertext) {
        jdbc.sql("UPDATE merchant_members SET totp_secret_ciphertext = :secret, totp_last_step = NULL WHERE id = :id")
                .param("secret", ciphertext)
                .param("id", id.value())
                .update();
    }

    /** Records the step of a used code; false when that step (or a later one) was used already. */
    boolean useTotpStep(MemberId id, long step) {
        return jdbc.sql("UPDATE merchant_members SET totp_last_step = :step WHERE id = :id"
                                + " AND (totp_last_step IS NULL OR totp_last_step < :step)")
                        .param("step", step)
                        .param("id", id.value())
                        .update()
                == 1;
    }

    private static Row row(ResultSet rs, int n) throws SQLException {
        return new Row(
                new MemberId(rs.getObject("id", UUID.class)),
                MerchantId.from(rs, "merchant_id"),
                rs.getString("email"),
                rs.getString("name"),
                MerchantRole.valueOf(rs.getString("role")),
                rs.getString("password_hash"),
                rs.getString("invited_by"),
                java.util.Objects.requireNonNull(
                        Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class))),
                Timestamps.fromDatabase(rs.getObject("invite_expires_at", OffsetDateTime.class)),
                Timestamps.fromDatabase(rs.getObject("joined_at", OffsetDateTime.class)));
    }
}
