package sn.xaalis.operator;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.secrets.SecretBox;

/**
 * Tokens to the admin API that operators issue and revoke in the console: shown once, kept as a peppered
 * HMAC (looked up by it, so no token is ever compared byte by byte), refused on every node as soon as
 * revoked (read from the database on each request: the admin API is automation's, not a hot path), and
 * revoked with the operator who issued them when they are disabled.
 */
@Service
public class OperatorTokens {

    static final String PREFIX = "xop_";
    private static final Duration LAST_USE_PRECISION = Duration.ofMinutes(1);
    private static final String SELECT =
            "SELECT id, name, last4, created_by, created_at, revoked_at, last_used_at FROM operator_tokens";

    private final JdbcClient jdbc;
    private final SecretBox secrets;
    private final AuditTrail audit;
    private final Clock clock;

    OperatorTokens(JdbcClient jdbc, SecretBox secrets, AuditTrail audit, Clock clock) {
        this.jdbc = jdbc;
        this.secrets = secrets;
        this.audit = audit;
        this.clock = clock;
    }

    /** A token as the console lists it; never the token itself. */
    public record Token(
            UUID id,
            String name,
            String last4,
            String createdBy,
            Instant createdAt,
            @Nullable Instant revokedAt,
            @Nullable Instant lastUsedAt) {}

    /** A new token, shown this once. */
    public record Issued(UUID id, String name, String token) {
        @Override
        public String toString() {
            return "Issued[name=" + name + "]";
        }
    }

    @Transactional
    Issued issue(String name, String createdBy) {
        String clean = name.strip();
        if (clean.isEmpty() || clean.length() > 100) {
            throw OperatorRefusal.of("name", "operator.error.name");
        }
        String token = PREFIX + RandomTokens.base62(40);
        UUID id = RandomTokens.uuidV7(clock);
        jdbc.sql("INSERT INTO operator_tokens (id, name, token_hash, last4, created_by, created_at)"
                        + " VALUES (:id, :name, :hash, :last4, :by, :at)")
                .param("id", id)
                .param("name", clean)
                .param("hash", secrets.fingerprint(token))
                .param("last4", token.substring(token.length() - 4))
                .param("by", createdBy)
                .param("at", Timestamps.toDatabase(Timestamps.truncate(clock.instant())))
                .update();
        audit.record(
                "operator_token.issued",
                null,
                clean,
                null,
                Map.of("name", clean, "last4", token.substring(token.length() - 4)));
        return new Issued(id, clean, token);
    }

    @Transactional
    boolean revoke(UUID id) {
        Optional<Token> token = find(id);
        boolean revoked = jdbc.sql("UPDATE operator_tokens SET revoked_at = :now WHERE id = :id AND revoked_at IS NULL")
                        .param("now", Timestamps.toDatabase(Timestamps.truncate(clock.instant())))
                        .param("id", id)
                        .update()
                == 1;
        if (revoked) {
            audit.record(
                    "operator_token.revoked",
                    null,
                    token.map(Token::name).orElse(id.toString()),
                    Map.of("revoked", false),
                    Map.of("revoked", true));
        }
        return revoked;
    }

    /**
     * Revokes every token {@code operator} issued, in the caller's transaction (their disabling): a
     * token outlives no one's access, or it could invite them back.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    int revokeIssuedBy(String operator) {
        List<Token> issued = jdbc.sql(SELECT + " WHERE created_by = :by AND revoked_at IS NULL")
                .param("by", operator)
                .query(OperatorTokens::token)
                .list();
        int revoked = 0;
        for (Token token : issued) {
            if (jdbc.sql("UPDATE operator_tokens SET revoked_at = :now WHERE id = :id AND revoked_at IS NULL")
                            .param("now", Timestamps.toDatabase(Timestamps.truncate(clock.instant())))
                            .param("id", token.id())
                            .update()
                    == 1) {
                revoked++;
                audit.record(
                        "operator_token.revoked",
                        null,
                        token.name(),
                        Map.of("revoked", false),
                        Map.of("revoked", true, "because", "operator.disabled"));
            }
        }
        return revoked;
    }

    List<Token> all() {
        return jdbc.sql(SELECT + " ORDER BY created_at DESC, id DESC")
                .query(OperatorTokens::token)
                .list();
    }

    private Optional<Token> find(UUID id) {
        return jdbc.sql(SELECT + " WHERE id = :id")
                .param("id", id)
                .query(OperatorTokens::token)
                .optional();
    }

    /**
     * Who a presented token is, when it is an unrevoked issued token: the actor the audit trail names.
     * Its last use is written at most once a minute.
     */
    public Optional<AuditActor> verify(@Nullable String presented) {
        if (presented == null || !presented.startsWith(PREFIX) || presented.length() > 100) {
            return Optional.empty();
        }
        // Nor one of a disabled operator's, should any have escaped the revocation that disabling does.
        Optional<Token> token = jdbc.sql(SELECT + " WHERE token_hash = :hash AND revoked_at IS NULL AND NOT EXISTS"
                        + " (SELECT 1 FROM operators o WHERE o.email = operator_tokens.created_by"
                        + " AND o.disabled_at IS NOT NULL)")
                .param("hash", secrets.fingerprint(presented))
                .query(OperatorTokens::token)
                .optional();
        token.ifPresent(used -> {
            Instant now = Timestamps.truncate(clock.instant());
            if (used.lastUsedAt() == null || used.lastUsedAt().isBefore(now.minus(LAST_USE_PRECISION))) {
                jdbc.sql("UPDATE operator_tokens SET last_used_at = :now WHERE id = :id")
                        .param("now", Timestamps.toDatabase(now))
                        .param("id", used.id())
                        .update();
            }
        });
        return token.map(used -> AuditActor.of("token", used.name()));
    }

    /** Whether any unrevoked token exists: the admin API answers 401 rather than "disabled" then. */
    public boolean anyActive() {
        return jdbc.sql("SELECT COUNT(*) FROM operator_tokens WHERE revoked_at IS NULL")
                        .query(Long.class)
                        .single()
                > 0;
    }

    private static Token token(java.sql.ResultSet rs, int n) throws java.sql.SQLException {
        return new Token(
                rs.getObject("id", UUID.class),
                rs.getString("name"),
                rs.getString("last4"),
                rs.getString("created_by"),
                Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class)),
                Timestamps.fromDatabase(rs.getObject("revoked_at", OffsetDateTime.class)),
                Timestamps.fromDatabase(rs.getObject("last_used_at", OffsetDateTime.class)));
    }
}
