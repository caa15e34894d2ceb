package sn.xaalis.ratelimit.internal;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.PeriodicJob;
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
            DataSource dataSource) {
        int rate = settings.requestsPerSecond();
        long capacity = rate * 2L;
        Counter refusals = Counter.builder("xaalis.rate.limit.refusals")
                .description("Merchant API requests refused with 429 by the per-key rate limit")
                .register(registry);
        // The embedded database serves one node: its buckets can stay in memory.
        ClusterBuckets cluster = database.embedded() || !settings.clusterWide()
                ? null
                : new PostgresBuckets(dataSource, clock, rate, capacity);
        return new TokenBuckets(
                rate,
                capacity,
                clock,
                refusals::increment,
                cluster,
                settings.lease(),
                Executors.newVirtualThreadPerTaskExecutor());
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
