package sn.xaalis.merchant;

import org.springframework.stereotype.Component;
import sn.xaalis.cluster.CacheInvalidation;
import sn.xaalis.cluster.ClusterSignals;

/**
 * The node-local caches of keys and webhook targets, forgotten on every node by each change (changes
 * are rare: the commit-time lock a {@code NOTIFY} takes costs nothing here, unlike on the payment path).
 */
@Component
class MerchantCaches {

    static final String CHANNEL = "xaalis_changes";

    private final CacheInvalidation invalidation;

    MerchantCaches(ApiKeyAuthentication authentication, ApplicationDirectory directory, ClusterSignals signals) {
        this.invalidation = new CacheInvalidation(signals, CHANNEL, () -> {
            authentication.forgetCachedKeys();
            directory.forgetCachedTargets();
        });
    }

    void forget() {
        invalidation.changed();
    }
}
