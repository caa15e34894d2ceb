package sn.xaalis.merchant;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.secrets.SecretBox;

/** The api_keys table: issuing, rotating and looking up key pairs. */
@Repository
class ApiKeys {

    private final JdbcClient jdbc;
    private final SecretBox secretBox;
    private final Clock clock;

    ApiKeys(JdbcClient jdbc, SecretBox secretBox, Clock clock) {
        this.jdbc = jdbc;
        this.secretBox = secretBox;
        this.clock = clock;
    }

    /** What authentication needs about a public key, in one indexed query. */
    record KeyRecord(
            ApplicationId applicationId,
            MerchantId merchantId,
            String endpointKey,
            Environment environment,
            String secretFingerprint,
            Instant expiresAt,
            Instant revokedAt,
            boolean liveEnabled,
            boolean merchantApproved) {}

    /**
     * Issues a new pair; pairs already active in the environment keep working until {@code oldKeysUntil}
     * (the rotation overlap of D9).
     */
    IssuedKeys issue(ApplicationId applicationId, Environment environment, Instant oldKeysUntil) {
        Instant now = Timestamps.truncate(clock.instant());
        jdbc.sql("UPDATE api_keys SET expires_at = :until WHERE application_id = :app AND environment = :env"
                        + " AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > :until)")
                .param("until", Timestamps.toDatabase(Timestamps.truncate(oldKeysUntil)))
                .param("app", applicationId.value())
                .param("env", environment.value())
                .update();
        String tag = environment.keyTag();
        String apiKey = "pk_" + tag + "_" + RandomTokens.base62(32);
        String apiSecret = "sk_" + tag + "_" + RandomTokens.base62(40);
        jdbc.sql("INSERT INTO api_keys (id, application_id, environment, public_key, secret_fingerprint,"
                        + " secret_ciphertext, created_at) VALUES (:id, :app, :env, :pk, :fp, :ct, :at)")
                .param("id", RandomTokens.uuidV7(clock))
                .param("app", applicationId.value())
                .param("env", environment.value())
                .param("pk", apiKey)
                .param("fp", secretBox.fingerprint(apiSecret))
                .param("ct", secretBox.encrypt(apiSecret))
                .param("at", Timestamps.toDatabase(now))
                .update();
        return new IssuedKeys(apiKey, apiSecret, environment);
    }

    /** Revokes every live key of the merchant's applications at once: @return how many */
    int revokeLive(MerchantId merchantId, Instant now) {
        return jdbc.sql("UPDATE api_keys SET revoked_at = :now WHERE environment = :env AND revoked_at IS NULL"
                        + " AND application_id IN (SELECT id FROM applications WHERE merchant_id = :merchant)")
                .param("now", Timestamps.toDatabase(Timestamps.truncate(now)))
                .param("env", Environment.LIVE.value())
                .param("merchant", merchantId.value())
                .update();
    }

    /** Revokes at once; false when the key is not this application's or already revoked. */
    boolean revoke(ApplicationId applicationId, String publicKey, Instant now) {
        return jdbc.sql("UPDATE api_keys SET revoked_at = :now WHERE application_id = :app AND public_key = :pk"
                                + " AND revoked_at IS NULL")
                        .param("now", Timestamps.toDatabase(Timestamps.truncate(now)))
                        .param("app", applicationId.value())
                        .param("pk", publicKey)
                        .update()
                == 1;
    }

    Optional<KeyRecord> find(String publicKey) {
        return jdbc.sql("SELECT k.application_id, a.merchant_id, a.endpoint_key, k.environment,"
                        + " k.secret_fingerprint, k.expires_at, k.revoked_at, a.live_enabled, NOT m.sandbox_only AS merchant_approved"
                        + " FROM api_keys k JOIN applications a ON a.id = k.application_id"
                        + " JOIN merchants m ON m.id = a.merchant_id WHERE k.public_key = :pk")
                .param("pk", publicKey)
                .query((rs, n) -> new KeyRecord(
                        ApplicationId.from(rs, "application_id"),
                        MerchantId.from(rs, "merchant_id"),
                        rs.getString("endpoint_key"),
                        Environment.fromValue(rs.getString("environment")).orElseThrow(),
                        rs.getString("secret_fingerprint"),
                        Timestamps.fromDatabase(rs.getObject("expires_at", OffsetDateTime.class)),
                        Timestamps.fromDatabase(rs.getObject("revoked_at", OffsetDateTime.class)),
                        rs.getBoolean("live_enabled"),
                        rs.getBoolean("merchant_approved")))
                .optional();
    }

    List<ApplicationDetails.KeySummary> summaries(ApplicationId applicationId) {
        return jdbc.sql("SELECT public_key, environment, created_at, expires_at, revoked_at FROM api_keys"
                        + " WHERE application_id = :app ORDER BY created_at, id")
                .param("app", applicationId.value())
                .query((rs, n) -> new ApplicationDetails.KeySummary(
                        rs.getString("public_key"),
                        Environment.fromValue(rs.getString("environment")).orElseThrow(),
                        Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class)),
                        Timestamps.fromDatabase(rs.getObject("expires_at", OffsetDateTime.class)),
                        Timestamps.fromDatabase(rs.getObject("revoked_at", OffsetDateTime.class))))
                .list();
    }

    /** The plain secrets still valid now, newest first (webhook signing, demo print-out). */
    List<String> activeSecrets(ApplicationId applicationId, Environment environment) {
        return active(applicationId, environment, "secret_ciphertext").stream()
                .map(secretBox::decrypt)
                .toList();
    }

    /** A secret that signs notifications until {@code expiresAt} (null: until revoked). */
    record SigningSecret(String secret, Instant expiresAt) {
        boolean validAt(Instant now) {
            return expiresAt == null || expiresAt.isAfter(now);
        }

        @Override
        public String toString() {
            return "SigningSecret[expiresAt=" + expiresAt + "]";
        }
    }

    /** The secrets not revoked nor expired now, newest first, with their expiry so a cached copy can age. */
    List<SigningSecret> signingSecrets(ApplicationId applicationId, Environment environment) {
        return jdbc.sql("SELECT secret_ciphertext, expires_at FROM api_keys WHERE application_id = :app"
                        + " AND environment = :env AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > :now)"
                        + " ORDER BY created_at DESC, id DESC")
                .param("app", applicationId.value())
                .param("env", environment.value())
                .param("now", Timestamps.toDatabase(clock.instant()))
                .query((rs, n) -> new SigningSecret(
                        secretBox.decrypt(rs.getString("secret_ciphertext")),
                        Timestamps.fromDatabase(rs.getObject("expires_at", OffsetDateTime.class))))
                .list();
    }

    List<String> activePublicKeys(ApplicationId applicationId, Environment environment) {
        return active(applicationId, environment, "public_key");
    }

    private List<String> active(ApplicationId applicationId, Environment environment, String column) {
        return jdbc.sql("SELECT " + column + " FROM api_keys WHERE application_id = :app AND environment = :env"
                        + " AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > :now)"
                        + " ORDER BY created_at DESC, id DESC")
                .param("app", applicationId.value())
                .param("env", environment.value())
                .param("now", Timestamps.toDatabase(clock.instant()))
                .query((rs, n) -> rs.getString(1)) // both columns are NOT NULL
                .list();
    }
}
