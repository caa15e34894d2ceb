package sn.xaalis.cluster;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * A node-local cache kept true to the database across the cluster: a change forgets it at once and
 * again after its transaction commits (a concurrent read of the old rows cannot be cached past the
 * change), and tells the other nodes, which forget theirs, as they do whenever they may have missed a
 * signal. The signal is a {@code NOTIFY} sent in the change's own transaction, so it leaves exactly
 * when the change is committed.
 */
public final class CacheInvalidation {

    private final ClusterSignals signals;
    private final String channel;
    private final Runnable forget;

    /** Subscribes to {@code channel}: create it before the node starts, once per channel. */
    public CacheInvalidation(ClusterSignals signals, String channel, Runnable forget) {
        this.signals = signals;
        this.channel = channel;
        this.forget = forget;
        signals.subscribe(channel, new ClusterSignals.Subscriber() {
            @Override
            public void signalled() {
                forget.run();
            }

            @Override
            public void mayHaveMissed() {
                forget.run();
            }
        });
    }

    /** Called in (or without) the transaction that changed what the cache holds. */
    public void changed() {
        forget.run();
        signals.send(channel);
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    forget.run();
                }
            });
        }
    }
}
