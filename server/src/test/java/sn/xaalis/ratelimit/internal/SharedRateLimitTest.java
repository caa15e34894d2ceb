package sn.xaalis.ratelimit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.bucket4j.Bucket;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import sn.xaalis.ratelimit.RateLimiter;
import sn.xaalis.support.MutableClock;

/**
 * The cluster-wide limit, with several limiters ("nodes") sharing one store that keeps Bucket4j
 * buckets in memory, as PostgreSQL keeps them for the real nodes; the clock is frozen and moved.
 */
class SharedRateLimitTest {

    private final MutableClock clock = new MutableClock();
    private final MemoryBuckets store = new MemoryBuckets(clock);

    {
        clock.freeze();
    }

    private RateLimiter node(int rate, Duration lease, AtomicInteger refusals) {
        // Grants answered at once, on the request's thread: the outcome does not depend on thread timing.
        return new TokenBuckets(
                rate, rate * 2L, clock, refusals::incrementAndGet, store.withRate(rate), lease, Runnable::run);
    }

    @Test
    void twoNodesTogetherAcceptTheBurstThenTheRateAndNoMore() {
        AtomicInteger refusals = new AtomicInteger();
        List<RateLimiter> nodes =
                List.of(node(100, Duration.ofMillis(50), refusals), node(100, Duration.ofMillis(50), refusals));
        int accepted = 0;
        // Ten seconds in 1 ms steps, each node asked three times a step: far more than the limit.
        for (int ms = 0; ms < 10_000; ms++) {
            for (int i = 0; i < 3; i++) {
                for (RateLimiter node : nodes) {
                    accepted += node.acquire("app").allowed() ? 1 : 0;
                }
            }
            clock.advance(Duration.ofMillis(1));
        }
        // 200 of burst and 100/s for 10 s; only the two nodes' unspent shares (5 tokens each) and the
        // share refilling in the store at the end may be missing.
        assertThat(accepted).isBetween(1200 - 15, 1200);
        assertThat(refusals.get()).isEqualTo(60_000 - accepted);
        // Per share (5 tokens), sometimes twice when both nodes ask for the same one: never per request.
        assertThat(store.calls.get()).isLessThan(accepted * 2 / 3);
    }

    @Test
    void aFloodOfRefusalsIsAnsweredLocallyUntilATokenCanExist() {
        AtomicInteger refusals = new AtomicInteger();
        RateLimiter a = node(1, Duration.ofMillis(50), refusals);
        RateLimiter b = node(1, Duration.ofMillis(50), refusals);
        assertThat(a.acquire("app").allowed()).isTrue();
        assertThat(b.acquire("app").allowed()).isTrue();
        int before = store.calls.get();
        for (int i = 0; i < 1_000; i++) {
            assertThat(a.acquire("app").allowed()).isFalse();
            assertThat(b.acquire("app").allowed()).isFalse();
        }
        assertThat(store.calls.get() - before).as("one look per node").isEqualTo(2);
        RateLimiter.Decision refused = a.acquire("app");
        assertThat(refused.retryAfterSeconds()).isEqualTo(1);
        assertThat(refused.remaining()).isZero();

        clock.advance(Duration.ofMillis(999));
        assertThat(a.acquire("app").allowed()).isFalse();
        assertThat(store.calls.get() - before).as("no token can exist yet").isEqualTo(2);
        clock.advance(Duration.ofMillis(1));
        assertThat(a.acquire("app").allowed()).isTrue();
        assertThat(b.acquire("app").allowed())
                .as("that token went to the other node")
                .isFalse();
        assertThat(refusals.get()).isEqualTo(2_003);
    }

    @Test
    void headersMatchThoseOfASingleNode() {
        RateLimiter limiter = node(1, Duration.ofMillis(50), new AtomicInteger());
        RateLimiter.Decision first = limiter.acquire("a");
        assertThat(first.allowed()).isTrue();
        assertThat(first.limit()).isEqualTo(2);
        assertThat(first.remaining()).isEqualTo(1);
        assertThat(first.resetSeconds()).isEqualTo(1);
        assertThat(limiter.acquire("a").remaining()).isZero();
        RateLimiter.Decision refused = limiter.acquire("a");
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.retryAfterSeconds()).isEqualTo(1);
        assertThat(limiter.acquire("b").allowed()).as("buckets are per key").isTrue();
    }

    @Test
    void anIdleNodesShareExpiresInsteadOfAddingToALaterBurst() {
        AtomicInteger refusals = new AtomicInteger();
        RateLimiter a = node(100, Duration.ofMillis(100), refusals);
        RateLimiter b = node(100, Duration.ofMillis(100), refusals);
        assertThat(a.acquire("app").allowed()).isTrue(); // a now holds 9 more of a share of 10
        clock.advance(TokenBuckets.SHARE_LIFETIME);
        int accepted = 0;
        for (int i = 0; i < 500; i++) {
            accepted += a.acquire("app").allowed() ? 1 : 0;
            accepted += b.acquire("app").allowed() ? 1 : 0;
        }
        assertThat(accepted).as("a full bucket, and nothing of a's old share").isEqualTo(200);
    }

    @Test
    void anUnreachableStoreFallsBackToThisNodesOwnBucketForASecond() {
        AtomicInteger refusals = new AtomicInteger();
        RateLimiter limiter = node(1, Duration.ofMillis(50), refusals);
        store.down = true;
        assertThat(limiter.acquire("app").allowed()).as("no exception, no 500").isTrue();
        assertThat(limiter.acquire("app").allowed()).isTrue();
        assertThat(limiter.acquire("app").allowed())
                .as("still limited, per node")
                .isFalse();
        assertThat(store.calls.get()).as("not asked again during the fallback").isEqualTo(1);

        store.down = false;
        clock.advance(TokenBuckets.FALLBACK);
        assertThat(limiter.acquire("app").allowed())
                .as("the shared bucket again")
                .isTrue();
        assertThat(store.calls.get()).isEqualTo(2);
    }

    @Test
    void aStoreThatDoesNotAnswerCostsARequestAtMostTheGrantWait() throws Exception {
        CountDownLatch answer = new CountDownLatch(1);
        ClusterBuckets hanging = (key, max) -> {
            try {
                answer.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("connection timeout");
        };
        try (var grants = Executors.newVirtualThreadPerTaskExecutor()) {
            RateLimiter limiter = new TokenBuckets(1, 2, clock, () -> {}, hanging, Duration.ofMillis(50), grants);
            long start = System.nanoTime();
            assertThat(limiter.acquire("app").allowed())
                    .as("this node's own bucket")
                    .isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isBetween(TokenBuckets.GRANT_WAIT, TokenBuckets.GRANT_WAIT.plusSeconds(1));
            start = System.nanoTime();
            assertThat(limiter.acquire("app").allowed()).isTrue();
            assertThat(limiter.acquire("app").allowed()).isFalse();
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .as("no waiting during the fallback")
                    .isLessThan(Duration.ofMillis(200));
            answer.countDown();
        }
    }

    /** Bucket4j buckets in memory, standing for PostgreSQL's rows; counts the grants asked for. */
    private static final class MemoryBuckets {
        private final Clock clock;
        private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();
        final AtomicInteger calls = new AtomicInteger();
        volatile boolean down;

        MemoryBuckets(Clock clock) {
            this.clock = clock;
        }

        ClusterBuckets withRate(int rate) {
            return (key, max) -> {
                calls.incrementAndGet();
                if (down) {
                    throw new IllegalStateException("store unreachable");
                }
                Bucket bucket = buckets.computeIfAbsent(key, k -> Bucket.builder()
                        .addLimit(limit -> limit.capacity(rate * 2L).refillGreedy(rate, Duration.ofSeconds(1)))
                        .withCustomTimePrecision(PostgresBuckets.wallClock(clock))
                        .build());
                return PostgresBuckets.grant(bucket.asVerbose().tryConsumeAsMuchAsPossible(max), max);
            };
        }
    }
}
