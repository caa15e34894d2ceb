package sn.xaalis.platform;

import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;

/**
 * The budgets of public pages (D29), for the whole cluster: on PostgreSQL the buckets are rows of
 * {@code public_budget_buckets} (unlogged, like the applications' ones), taken a token at a time by the
 * nodes, and refusals cost no query while a bucket is empty; rows of addresses gone quiet expire and
 * are swept. The embedded database serves one node, whose buckets stay in memory.
 */
@Component
public class PublicBudgets {

    // A node takes what a twentieth of a second allows at a time: one token for these small rates.
    private static final Duration LEASE = Duration.ofMillis(50);
    private static final int SWEEP_BATCH = 1_000;

    private final Clock clock;
    private final MeterRegistry registry;
    private final PostgreSQLSelectForUpdateBasedProxyManager<String> store;
    private final Executor grants = Executors.newVirtualThreadPerTaskExecutor();
    private final Map<String, Budget> budgets = new ConcurrentHashMap<>();

    PublicBudgets(DataSource dataSource, Database database, Clock clock, MeterRegistry registry) {
        this.clock = clock;
        this.registry = registry;
        this.store = database.embedded()
                ? null
                : Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                        .primaryKeyMapper(PrimaryKeyMapper.STRING)
                        .table("public_budget_buckets")
                        .clientClock(PostgresBuckets.wallClock(clock))
                        // A bucket back to full holds nothing worth keeping: its row may go.
                        .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(
                                Duration.ofMinutes(1)))
                        .build();
    }

    /** A budget of public pages; {@code name} keeps its buckets apart from every other budget's. */
    public Budget budget(String name, Allowance allowance) {
        return budgets.computeIfAbsent(name + "/" + allowance, key -> {
            Counter refusals = Counter.builder("xaalis.public.limit.refusals")
                    .description("Requests of public pages refused with 429 by their own budgets")
                    .tag("budget", name)
                    .register(registry);
            ClusterBuckets cluster = store == null
                    ? null
                    : new PostgresBuckets(store, allowance.count(), allowance.count(), allowance.per());
            return new Budget(
                    name,
                    new RateLimiter(
                            allowance.perSecond(),
                            allowance.count(),
                            clock,
                            refusals::increment,
                            cluster,
                            LEASE,
                            grants));
        });
    }

    /** Rows of buckets that have refilled go, a batch at a time, from whichever node sweeps. */
    @Bean
    static PeriodicJob publicBudgetSweep(PublicBudgets budgets) {
        return PeriodicJob.every(Duration.ofMinutes(1), "public-budget-sweep", budgets::sweep);
    }

    void sweep() {
        if (store != null) {
            while (store.removeExpired(SWEEP_BATCH) == SWEEP_BATCH) {
                // another batch
            }
        }
    }

    /** One budget: so many requests per period per key (an address, a link, a payment). */
    public static final class Budget {
        private final String name;
        private final RateLimiter limiter;

        Budget(String name, RateLimiter limiter) {
            this.name = name;
            this.limiter = limiter;
        }

        /** Takes one request from the key's allowance, or says how long to wait. */
        public RateLimiter.Decision spend(String key) {
            return limiter.acquire(new Key(name, key));
        }
    }

    /** The shared bucket's id: the budget's name and the key, spelled out. */
    private record Key(String budget, String key) {
        @Override
        public String toString() {
            return budget + ":" + key;
        }
    }
}
