package sn.xaalis.merchant;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import sn.xaalis.cluster.ClusterSignals;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.ShortLivedCache;

/** Read-only facts about applications that other modules need (webhooks, checkout pages). */
@Component
public class ApplicationDirectory {

    private static final int MAX_CACHED = 10_000;

    private final JdbcClient jdbc;
    private final ApiKeys apiKeys;
    private final Applications applications;
    private final Merchants merchants;
    private final Clock clock;
    private final ShortLivedCache<TargetKey, Optional<Loaded>> targets;

    ApplicationDirectory(
            JdbcClient jdbc,
            ApiKeys apiKeys,
            Applications applications,
            Merchants merchants,
            Clock clock,
            MerchantProperties properties,
            ClusterSignals signals) {
        this.merchants = merchants;
        this.jdbc = jdbc;
        this.apiKeys = apiKeys;
        this.applications = applications;
        this.clock = clock;
        this.targets =
                new ShortLivedCache<>(properties.keys().authenticationCacheTtl(), MAX_CACHED, signals::hearsOtherNodes);
    }

    /**
     * Where and how to send an application's notifications.
     *
     * @param url the configured webhook URL, or null when none is set
     * @param secrets the secrets valid now for the environment, newest first
     */
    public record WebhookTarget(@Nullable String url, List<String> secrets) {
        @Override
        public String toString() {
            return "WebhookTarget[url=" + url + ", secrets=" + secrets.size() + "]";
        }
    }

    /** What a customer-facing page shows and where it sends the customer afterwards. */
    /**
     * What a customer-facing page shows and where it sends the customer afterwards.
     *
     * @param merchantApproved whether the operator approved the merchant (self-service sign-ups wait):
     *     only then do the pages send customers on to the merchant's addresses without a word
     */
    public record Storefront(
            String merchantName, String callbackUrlSuccess, String callbackUrlFailure, boolean merchantApproved) {}

    /**
     * Cached for a few seconds (every delivery needs it; reading it cost two queries and a decryption);
     * changes made on any node are seen at once (see {@link MerchantCaches}), a secret's expiry is
     * checked on every use.
     */
    public Optional<WebhookTarget> webhookTarget(ApplicationId applicationId, Environment environment) {
        Optional<Loaded> cached = targets.get(
                new TargetKey(applicationId, environment), key -> load(key.applicationId(), key.environment()));
        Instant at = clock.instant();
        return cached.map(t -> new WebhookTarget(
                t.url(),
                t.secrets().stream()
                        .filter(secret -> secret.validAt(at))
                        .map(ApiKeys.SigningSecret::secret)
                        .toList()));
    }

    /** Called when applications or keys change on any node (see {@link MerchantCaches}). */
    void forgetCachedTargets() {
        targets.clear();
    }

    private Optional<Loaded> load(ApplicationId applicationId, Environment environment) {
        return jdbc.sql("SELECT webhook_url FROM applications WHERE id = :id")
                .param("id", applicationId.value())
                .query((rs, n) -> Optional.ofNullable(rs.getString("webhook_url")))
                .optional()
                .map(url -> new Loaded(url.orElse(null), apiKeys.signingSecrets(applicationId, environment)));
    }

    private record TargetKey(ApplicationId applicationId, Environment environment) {}

    private record Loaded(@Nullable String url, List<ApiKeys.SigningSecret> secrets) {}

    public Optional<Storefront> storefront(ApplicationId applicationId) {
        return jdbc.sql("SELECT m.name, a.callback_url_success, a.callback_url_failure,"
                        + " NOT m.sandbox_only AS merchant_approved"
                        + " FROM applications a JOIN merchants m ON m.id = a.merchant_id WHERE a.id = :id")
                .param("id", applicationId.value())
                .query((rs, n) -> new Storefront(
                        rs.getString("name"),
                        rs.getString("callback_url_success"),
                        rs.getString("callback_url_failure"),
                        rs.getBoolean("merchant_approved")))
                .optional();
    }

    /**
     * The application as its keys of {@code environment} would authenticate it, for pages that act on
     * its behalf without keys (a payment link's customers); empty for an unknown application and for
     * live while the application is not live.
     */
    public Optional<Caller> caller(ApplicationId applicationId, Environment environment) {
        return applications
                .find(applicationId)
                .filter(app -> environment == Environment.SANDBOX || app.liveEnabled())
                .map(app -> new Caller(
                        app.id(),
                        app.merchantId(),
                        app.endpointKey(),
                        environment,
                        applications.providers(app.id(), environment),
                        environment == Environment.SANDBOX || !merchants.sandboxOnly(app.merchantId())));
    }
}
