package sn.xaalis.merchant;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The node-local caches of keys and webhook targets. A change forgets them at once and again after
 * its transaction commits, so a concurrent read of the old rows cannot be cached past the change.
 */
@Component
class MerchantCaches {

    private final ApiKeyAuthentication authentication;
    private final ApplicationDirectory directory;

    MerchantCaches(ApiKeyAuthentication authentication, ApplicationDirectory directory) {
        this.authentication = authentication;
        this.directory = directory;
    }

    void forget() {
        forgetNow();
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    forgetNow();
                }
            });
        }
    }

    private void forgetNow() {
        authentication.forgetCachedKeys();
        directory.forgetCachedTargets();
    }
}
