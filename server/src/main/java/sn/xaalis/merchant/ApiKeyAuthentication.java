package sn.xaalis.merchant;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.cluster.ClusterSignals;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.ShortLivedCache;
import sn.xaalis.provider.Provider;
import sn.xaalis.secrets.SecretBox;

/**
 * Authenticates {@code X-Api-Key}/{@code X-Api-Secret} (SPEC §5.1): lookup by public key, then a
 * constant-time comparison of the peppered HMAC. No password hashing per request; lookups are cached
 * briefly so a busy merchant costs one HMAC per request and no query, and forgotten on every node as
 * soon as a key or setting changes ({@link MerchantCaches}).
 */
@Component
public class ApiKeyAuthentication {

    private static final Pattern PUBLIC_KEY = Pattern.compile("pk_(test|live)_[0-9A-Za-z]{32}");
    private static final Pattern SECRET = Pattern.compile("sk_(test|live)_[0-9A-Za-z]{40}");
    private static final int MAX_CACHED = 10_000;
    // Compared against when the public key is unknown, so that both paths do the same work.
    private static final String NO_SUCH_FINGERPRINT = "00".repeat(32);

    private final ApiKeys apiKeys;
    private final Applications applications;
    private final SecretBox secretBox;
    private final Clock clock;
    private final ShortLivedCache<String, Optional<Snapshot>> cache;

    ApiKeyAuthentication(
            ApiKeys apiKeys,
            Applications applications,
            SecretBox secretBox,
            Clock clock,
            MerchantProperties properties,
            ClusterSignals signals) {
        this.apiKeys = apiKeys;
        this.applications = applications;
        this.secretBox = secretBox;
        this.clock = clock;
        this.cache =
                new ShortLivedCache<>(properties.keys().authenticationCacheTtl(), MAX_CACHED, signals::hearsOtherNodes);
    }

    /** The caller, or empty for every kind of failure alike (a 401 never says which part was wrong). */
    public Optional<Caller> authenticate(
            @Nullable String endpointKey, @Nullable String apiKey, @Nullable String apiSecret) {
        if (apiKey == null || apiSecret == null) {
            return Optional.empty();
        }
        var keyMatch = PUBLIC_KEY.matcher(apiKey);
        var secretMatch = SECRET.matcher(apiSecret);
        if (!keyMatch.matches() || !secretMatch.matches() || !keyMatch.group(1).equals(secretMatch.group(1))) {
            return Optional.empty();
        }
        Optional<Snapshot> snapshot = snapshot(apiKey);
        String fingerprint = snapshot.map(s -> s.key().secretFingerprint()).orElse(NO_SUCH_FINGERPRINT);
        if (!secretBox.matches(apiSecret, fingerprint) || snapshot.isEmpty()) {
            return Optional.empty();
        }
        ApiKeys.KeyRecord key = snapshot.get().key();
        Instant now = clock.instant();
        boolean usable = key.revokedAt() == null
                && (key.expiresAt() == null || now.isBefore(key.expiresAt()))
                && key.endpointKey().equals(endpointKey)
                && (key.environment() == Environment.SANDBOX || key.liveEnabled());
        return usable
                ? Optional.of(new Caller(
                        key.applicationId(),
                        key.merchantId(),
                        key.endpointKey(),
                        key.environment(),
                        snapshot.get().providers(),
                        key.merchantApproved()))
                : Optional.empty();
    }

    /** Called after any change to keys, settings or activations, made on this node or another. */
    void forgetCachedKeys() {
        cache.clear();
    }

    private Optional<Snapshot> snapshot(String apiKey) {
        return cache.get(apiKey, key -> apiKeys.find(key)
                .map(found -> new Snapshot(found, applications.providers(found.applicationId(), found.environment()))));
    }

    private record Snapshot(ApiKeys.KeyRecord key, Set<Provider> providers) {}
}
