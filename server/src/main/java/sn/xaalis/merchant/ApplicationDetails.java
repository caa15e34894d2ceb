package sn.xaalis.merchant;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/** An application as its owner and the operator see it; never carries a secret. */
public record ApplicationDetails(
        ApplicationId id,
        MerchantId merchantId,
        String name,
        String endpointKey,
        @Nullable String webhookUrl,
        @Nullable String callbackUrlSuccess,
        @Nullable String callbackUrlFailure,
        boolean liveEnabled,
        Map<Environment, Set<Provider>> providers,
        List<KeySummary> keys,
        Instant createdAt) {

    /** A public key and its validity; the secret stays hidden. */
    public record KeySummary(
            String apiKey, Environment environment, Instant createdAt, Instant expiresAt, Instant revokedAt) {}
}
