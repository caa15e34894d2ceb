package sn.xaalis.ratelimit.internal;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import sn.xaalis.ratelimit.Allowance;
import sn.xaalis.ratelimit.PublicBudgets;

/**
 * The budgets of public pages (D29), each its own {@link TokenBuckets} over the buckets of
 * {@link BudgetBuckets}: on PostgreSQL taken a token at a time by the nodes, and refusals cost no
 * query while a bucket is empty.
 */
final class PageBudgets implements PublicBudgets {

    // A node takes what a twentieth of a second allows at a time: one token for these small rates.
    private static final Duration LEASE = Duration.ofMillis(50);

    private final BudgetBuckets buckets;
    private final Clock clock;
    private final MeterRegistry registry;
    private final Executor grants = Executors.newVirtualThreadPerTaskExecutor();
    private final Map<String, Budget> budgets = new ConcurrentHashMap<>();

    PageBudgets(BudgetBuckets buckets, Clock clock, MeterRegistry registry) {
        this.buckets = buckets;
        this.clock = clock;
        this.registry = registry;
    }

    @Override
    public Budget budget(String name, Allowance allowance) {
        return budgets.computeIfAbsent(name + "/" + allowance, key -> {
            Counter refusals = Counter.builder("xaalis.public.limit.refusals")
                    .description("Requests of public pages refused with 429 by their own budgets")
                    .tag("budget", name)
                    .register(registry);
            var limiter = new TokenBuckets(
                    allowance.perSecond(),
                    allowance.count(),
                    clock,
                    refusals::increment,
                    buckets.shared(allowance),
                    LEASE,
                    grants);
            return spent -> limiter.acquire(new Key(name, spent));
        });
    }

    /** The shared bucket's id: the budget's name and the key, spelled out. */
    private record Key(String budget, String key) {
        @Override
        public String toString() {
            return budget + ":" + key;
        }
    }
}
