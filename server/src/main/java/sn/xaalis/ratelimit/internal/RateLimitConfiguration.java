package sn.xaalis.ratelimit.internal;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.PeriodicJob;
import sn.xaalis.platform.SeparatePool;
import sn.xaalis.platform.SeparatePools;
import sn.xaalis.ratelimit.PublicBudgets;
import sn.xaalis.ratelimit.RateLimiter;

/** The applications' rate limiter and the public budgets, their buckets chosen here by database kind. */
@Configuration(proxyBeanMethods = false)
class RateLimitConfiguration {

    @Bean
    RateLimiter rateLimiter(
            RateLimitProperties settings,
            Clock clock,
            MeterRegistry registry,
            Database database,
            SeparatePool rateLimitConnections) {
        int rate = settings.requestsPerSecond();
        long capacity = rate * 2L;
        Counter refusals = Counter.builder("xaalis.rate.limit.refusals")
                .description("Merchant API requests refused with 429 by the per-key rate limit")
                .register(registry);
        // The embedded database serves one node: its buckets can stay in memory.
        ClusterBuckets cluster = database.embedded() || !settings.clusterWide()
                ? null
                : timed(new PostgresBuckets(rateLimitConnections.dataSource(), clock, rate, capacity), registry);
        return new TokenBuckets(
                rate,
                capacity,
                clock,
                refusals::increment,
                cluster,
                settings.lease(),
                grantThreads(settings.connections()));
    }

    /**
     * The grants' own connections: on the requests' pool a grant queued behind a busy node's requests for
     * one, and its share ran dry meanwhile (with the threads below, 8.7 ms a grant on average against 5.0
     * ms on its own pool, under M1's load with shares of 10 ms: bench/README.md).
     */
    @Bean
    SeparatePool rateLimitConnections(SeparatePools pools, RateLimitProperties settings) {
        // On demand: a node that serves no API traffic, or has the limit per node, holds none.
        return pools.openOnDemand("xaalis-rate-limit", settings.connections());
    }

    /**
     * Platform threads, one per connection: on a virtual thread a grant waited for one of the few carrier
     * threads at each of its round trips while the requests' threads kept the cores busy (19.7 ms a grant
     * on average, against 5.0 ms). Idle, they end after a minute.
     */
    private static Executor grantThreads(int threads) {
        var pool = new ThreadPoolExecutor(
                threads,
                threads,
                1,
                TimeUnit.MINUTES,
                new LinkedBlockingQueue<>(),
                Thread.ofPlatform().name("rate-limit-grant-", 0).daemon().factory());
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /** Each grant timed: how often the nodes ask the shared buckets, and what a grant costs them. */
    private static ClusterBuckets timed(ClusterBuckets buckets, MeterRegistry registry) {
        Timer grants = Timer.builder("xaalis.rate.limit.grants")
                .description("Shares of the cluster-wide rate limit taken from PostgreSQL, one transaction each")
                .register(registry);
        return (key, max) -> grants.record(() -> buckets.take(key, max));
    }

    @Bean
    BudgetBuckets budgetBuckets(Database database, DataSource dataSource, Clock clock) {
        // The embedded database serves one node: its buckets can stay in memory.
        return database.embedded() ? BudgetBuckets.IN_MEMORY : new PostgresBudgetBuckets(dataSource, clock);
    }

    @Bean
    PublicBudgets publicBudgets(BudgetBuckets buckets, Clock clock, MeterRegistry registry) {
        return new PageBudgets(buckets, clock, registry);
    }

    /** Rows of buckets that have refilled go, a batch at a time, from whichever node sweeps. */
    @Bean
    PeriodicJob publicBudgetSweep(BudgetBuckets buckets) {
        return PeriodicJob.every(Duration.ofMinutes(1), "public-budget-sweep", buckets::sweep);
    }
}
