package sn.xaalis.ratelimit.internal;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.VerboseResult;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import java.time.Clock;
import java.time.Duration;
import javax.sql.DataSource;

/**
 * The shared buckets in PostgreSQL's {@code rate_limit_buckets} (V9), kept by Bucket4j: a grant is
 * one short transaction that locks the key's row ({@code SELECT … FOR UPDATE}, {@code UPDATE},
 * {@code COMMIT}). The table is unlogged, so that commit waits for no WAL flush.
 */
final class PostgresBuckets implements ClusterBuckets {

    private final ProxyManager<String> buckets;
    private final BucketConfiguration configuration;
    private final String keySuffix;

    /** The applications' buckets: {@code ratePerSecond} refilled each second, up to {@code capacity}. */
    PostgresBuckets(DataSource dataSource, Clock clock, long ratePerSecond, long capacity) {
        this(
                Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                        .primaryKeyMapper(PrimaryKeyMapper.STRING)
                        .table("rate_limit_buckets")
                        .clientClock(wallClock(clock))
                        .build(),
                capacity,
                ratePerSecond,
                Duration.ofSeconds(1));
    }

    /** Buckets of {@code capacity} tokens refilled over {@code period}, in a manager of the caller's. */
    PostgresBuckets(ProxyManager<String> buckets, long capacity, long refill, Duration period) {
        this.buckets = buckets;
        this.configuration = BucketConfiguration.builder()
                .addLimit(limit -> limit.capacity(capacity).refillGreedy(refill, period))
                .build();
        // A stored bucket keeps the configuration it was made with: a new rate gets buckets of its own.
        this.keySuffix = period.equals(Duration.ofSeconds(1))
                ? "/" + refill + "/" + capacity
                : "/" + refill + "/" + period + "/" + capacity;
    }

    @Override
    public Grant take(String key, long max) {
        return grant(
                buckets.getProxy(key + keySuffix, () -> configuration)
                        .asVerbose()
                        .tryConsumeAsMuchAsPossible(max),
                max);
    }

    /** What a bucket answered, read from the state it had at that moment. */
    static Grant grant(VerboseResult<Long> result, long max) {
        var state = result.getState();
        long granted = result.getValue();
        long wait = granted > 0
                ? 0
                : state.calculateDelayNanosAfterWillBePossibleToConsume(max, result.getOperationTimeNanos(), false);
        return new Grant(granted, state.getAvailableTokens(), wait);
    }

    /** Every node stamps the shared state with its own clock, the injected one (tests move it). */
    static TimeMeter wallClock(Clock clock) {
        return new TimeMeter() {
            @Override
            public long currentTimeNanos() {
                var now = clock.instant();
                return now.getEpochSecond() * 1_000_000_000L + now.getNano();
            }

            @Override
            public boolean isWallClockBased() {
                return true;
            }
        };
    }
}
