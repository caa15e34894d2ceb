package sn.xaalis.ratelimit.internal;

import org.jspecify.annotations.Nullable;
import sn.xaalis.ratelimit.Allowance;

/**
 * Where the public budgets' buckets are shared, chosen once by database kind
 * ({@link RateLimitConfiguration}): rows of PostgreSQL for the cluster, or nowhere on the embedded
 * database, which serves one node whose buckets stay in memory.
 */
interface BudgetBuckets {

    /** Nothing shared: each budget's buckets stay in this node's memory. */
    BudgetBuckets IN_MEMORY = new BudgetBuckets() {
        @Override
        public @Nullable ClusterBuckets shared(Allowance allowance) {
            return null;
        }

        @Override
        public void sweep() {
            // nothing stored
        }
    };

    /** The shared buckets of one allowance, or null when each node counts for itself. */
    @Nullable
    ClusterBuckets shared(Allowance allowance);

    /** Drops the stored buckets that have refilled: they hold nothing a new one would not. */
    void sweep();
}
