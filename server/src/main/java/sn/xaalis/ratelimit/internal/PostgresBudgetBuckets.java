package sn.xaalis.ratelimit.internal;

import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import java.time.Clock;
import java.time.Duration;
import javax.sql.DataSource;
import sn.xaalis.ratelimit.Allowance;

/**
 * The public budgets' buckets as rows of {@code public_budget_buckets} (V22; unlogged, like the
 * applications' ones), taken by the nodes through Bucket4j; rows of addresses gone quiet expire and are
 * swept, a batch at a time, from whichever node sweeps.
 */
final class PostgresBudgetBuckets implements BudgetBuckets {

    private static final int SWEEP_BATCH = 1_000;

    private final PostgreSQLSelectForUpdateBasedProxyManager<String> store;

    PostgresBudgetBuckets(DataSource dataSource, Clock clock) {
        this.store = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                .primaryKeyMapper(PrimaryKeyMapper.STRING)
                .table("public_budget_buckets")
                .clientClock(PostgresBuckets.wallClock(clock))
                // A bucket back to full holds nothing worth keeping: its row may go.
                .expirationAfterWrite(
                        ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofMinutes(1)))
                .build();
    }

    @Override
    public ClusterBuckets shared(Allowance allowance) {
        return new PostgresBuckets(store, allowance.count(), allowance.count(), allowance.per());
    }

    @Override
    public void sweep() {
        while (store.removeExpired(SWEEP_BATCH) == SWEEP_BATCH) {
            // another batch
        }
    }
}
