package sn.xaalis.merchant;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import sn.xaalis.cluster.ClusterSignals;

/**
 * The node-local caches of keys and webhook targets. A change forgets them at once and again after
 * its transaction commits, so a concurrent read of the old rows cannot be cached past the change, and
 * tells the other nodes, which forget theirs: the signal is a {@code NOTIFY} sent in the change's own
 * transaction, so it leaves exactly when the change is committed (changes are rare: the commit-time
 * lock a {@code NOTIFY} takes costs nothing here, unlike on the payment path).
 */
@Component
class MerchantCaches {

    static final String CHANNEL = "xaalis_changes";

    private final ApiKeyAuthentication authentication;
    private final ApplicationDirectory directory;
    private final ClusterSignals signals;

    MerchantCaches(ApiKeyAuthentication authentication, ApplicationDirectory directory, ClusterSignals signals) {
        this.authentication = authentication;
        this.directory = directory;
        this.signals = signals;
        signals.subscribe(CHANNEL, new ClusterSignals.Subscriber() {
            @Override
            public void signalled() {
                forgetNow();
            }

            @Override
            public void mayHaveMissed() {
                forgetNow();
            }
        });
    }

    void forget() {
        forgetNow();
        signals.send(CHANNEL);
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
