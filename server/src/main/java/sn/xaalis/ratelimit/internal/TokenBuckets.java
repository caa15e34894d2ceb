package sn.xaalis.ratelimit.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sn.xaalis.ratelimit.RateLimiter;

/**
 * The token buckets behind every {@link RateLimiter}; time comes from the injected clock so tests can
 * move it.
 *
 * <p>With {@link ClusterBuckets} the bucket is shared by every node: a node takes a share of it (the
 * tokens of one lease period) and spends it locally, asking for the next one when half is spent, so
 * the store sees one grant per share instead of one write per request. Tokens only ever come from the
 * shared bucket, so the cluster never accepts more than the limit; a share unused after
 * {@link #SHARE_LIFETIME} is dropped, so an idle node cannot add it to a later burst. When the shared
 * bucket is empty the node refuses locally until it can hold a share again (at most one lease period),
 * so refusals cost the store nothing. Without it (the embedded database: a single node) each node
 * counts for itself.
 */
final class TokenBuckets implements RateLimiter {

    /** A node's unused tokens expire after this: what it holds (1.5 shares at most) cannot wait for a burst. */
    static final Duration SHARE_LIFETIME = Duration.ofSeconds(1);

    /** After the store failed, this node counts for itself for that long before trying it again. */
    static final Duration FALLBACK = Duration.ofSeconds(1);

    /**
     * The longest a request waits for a grant before this node counts for itself: far above a grant's
     * few milliseconds, and short enough that a request still gets its 503 within about the 2 s the
     * pool waits for a connection when PostgreSQL is down (the grant is waiting for one too).
     */
    static final Duration GRANT_WAIT = Duration.ofMillis(500);

    private static final Logger log = LoggerFactory.getLogger(TokenBuckets.class);

    /** Above this many keys, those idle long enough to be as new are dropped (at most once a second). */
    static final int SWEEP_ABOVE = 10_000;

    private final double ratePerSecond;
    private final long capacity;
    private final Clock clock;
    private final ConcurrentHashMap<Object, Bucket> buckets = new ConcurrentHashMap<>();
    private final Runnable onRefusal;
    private final @Nullable ClusterBuckets cluster;
    private final Executor grants;
    private final long shareSize;
    private final ConcurrentHashMap<Object, Share> shares = new ConcurrentHashMap<>();
    private volatile long clusterDownUntil = Long.MIN_VALUE;
    private final AtomicLong nextSweep = new AtomicLong(Long.MIN_VALUE);

    TokenBuckets(double ratePerSecond, long capacity, Clock clock) {
        this(ratePerSecond, capacity, clock, () -> {});
    }

    /** @param onRefusal told of every refused request (the refusals counter) */
    TokenBuckets(double ratePerSecond, long capacity, Clock clock, Runnable onRefusal) {
        this(ratePerSecond, capacity, clock, onRefusal, null, Duration.ZERO, Runnable::run);
    }

    /**
     * @param cluster the shared buckets, or null to count on this node only
     * @param lease how much of the rate a node takes from the shared bucket at a time
     * @param grants runs the requests to the shared buckets
     */
    TokenBuckets(
            double ratePerSecond,
            long capacity,
            Clock clock,
            Runnable onRefusal,
            @Nullable ClusterBuckets cluster,
            Duration lease,
            Executor grants) {
        this.ratePerSecond = ratePerSecond;
        this.capacity = capacity;
        this.clock = clock;
        this.onRefusal = onRefusal;
        this.cluster = cluster;
        this.grants = grants;
        this.shareSize = Math.clamp((long) Math.ceil(ratePerSecond * lease.toNanos() / 1e9), 1, capacity);
    }

    @Override
    public Decision acquire(Object key) {
        long now = nanos();
        forgetIdle(now);
        Decision decision = cluster == null || now < clusterDownUntil ? local(key, now) : shared(key, now);
        if (!decision.allowed()) {
            onRefusal.run();
        }
        return decision;
    }

    /** How many keys this node holds state for (buckets or shares). */
    int keys() {
        return buckets.size() + shares.size();
    }

    /**
     * Keys are client addresses for public pages: without this, every address ever seen would stay in
     * memory. A bucket that has refilled, or a share with nothing left and nothing owed, is exactly
     * what a new one would be, so dropping it changes no decision.
     */
    private void forgetIdle(long now) {
        if (keys() < SWEEP_ABOVE) {
            return;
        }
        long next = nextSweep.get();
        if (now < next || !nextSweep.compareAndSet(next, now + SHARE_LIFETIME.toNanos())) {
            return;
        }
        long refill = (long) Math.ceil(capacity / ratePerSecond * 1e9);
        buckets.values().removeIf(bucket -> bucket.fullAgain(now, refill));
        shares.values().removeIf(share -> share.spent(now));
    }

    private Decision local(Object key, long now) {
        return buckets.computeIfAbsent(key, k -> new Bucket(capacity, now)).take(now);
    }

    /**
     * Fail-open to this node's own bucket: a store that cannot be reached must not turn a request into
     * a 500, and the request fails with a 503 anyway if it needs the database too. For that second the
     * cluster admits up to one limit per node, as it did before the buckets were shared.
     */
    private Decision shared(Object key, long now) {
        try {
            return shares.computeIfAbsent(key, k -> new Share(k.toString())).take(now);
        } catch (RuntimeException e) {
            // Logged once per outage (the store was fine for a second before), not once per request.
            if (now >= clusterDownUntil + FALLBACK.toNanos()) {
                log.warn(
                        "Shared rate-limit buckets unreachable; this node counts for itself until they answer: {}",
                        e.toString());
            }
            clusterDownUntil = now + FALLBACK.toNanos();
            return local(key, now);
        }
    }

    private long nanos() {
        var instant = clock.instant();
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }

    private Decision decision(boolean allowed, double tokens, long retryAfterNanos) {
        long reset = (long) Math.ceil((capacity - tokens) / ratePerSecond);
        long retryAfter = allowed ? 0 : Math.max(1, (long) Math.ceil(retryAfterNanos / 1e9));
        return new Decision(allowed, capacity, (long) Math.floor(tokens), reset, retryAfter);
    }

    private final class Bucket {
        private double tokens;
        private long updatedAt;

        Bucket(double tokens, long updatedAt) {
            this.tokens = tokens;
            this.updatedAt = updatedAt;
        }

        synchronized boolean fullAgain(long now, long refillNanos) {
            return now - updatedAt >= refillNanos;
        }

        synchronized Decision take(long now) {
            if (now > updatedAt) {
                tokens = Math.min(capacity, tokens + (now - updatedAt) / 1e9 * ratePerSecond);
                updatedAt = now;
            }
            boolean allowed = tokens >= 1;
            if (allowed) {
                tokens -= 1;
            }
            return decision(allowed, tokens, (long) ((1 - tokens) / ratePerSecond * 1e9));
        }
    }

    /**
     * This node's share of a shared bucket. The next share is asked for when half of this one is
     * spent, off the request's thread, so the store is rarely on a request's path; a request that finds
     * the share empty waits for the grant in flight, at most {@link #GRANT_WAIT}.
     */
    private final class Share {
        private final String key;
        private long tokens;
        private long takenAt;
        private long sharedLeft;
        private long emptyUntil = Long.MIN_VALUE;
        private @Nullable CompletableFuture<ClusterBuckets.Grant> pending;

        Share(String key) {
            this.key = key;
        }

        synchronized boolean spent(long now) {
            return pending == null && now >= emptyUntil && (tokens == 0 || now - takenAt >= SHARE_LIFETIME.toNanos());
        }

        Decision take(long now) {
            long deadline = System.nanoTime() + GRANT_WAIT.toNanos();
            while (true) {
                CompletableFuture<ClusterBuckets.Grant> grant;
                synchronized (this) {
                    settle(now);
                    if (tokens > 0 && now - takenAt >= SHARE_LIFETIME.toNanos()) {
                        tokens = 0;
                    }
                    if (pending == null && tokens <= shareSize / 2 && now >= emptyUntil) {
                        // a share exists only where the buckets are shared (take() asks local() otherwise)
                        ClusterBuckets shared = Objects.requireNonNull(cluster);
                        pending = CompletableFuture.supplyAsync(() -> shared.take(key, shareSize), grants);
                        settle(now);
                    }
                    if (tokens > 0) {
                        tokens--;
                        return decision(true, Math.min(capacity, tokens + sharedLeft), 0);
                    }
                    if (pending == null) {
                        return decision(false, 0, emptyUntil - now);
                    }
                    grant = pending;
                }
                // Outside the lock: every request waiting for this grant waits at most its own GRANT_WAIT.
                await(grant, deadline);
            }
        }

        /** Spends a grant that has come back; a failed one is thrown (the caller falls back). */
        private void settle(long now) {
            if (pending == null || !pending.isDone()) {
                return;
            }
            var done = pending;
            pending = null;
            ClusterBuckets.Grant grant = done.join();
            sharedLeft = grant.available();
            if (grant.granted() > 0) {
                tokens += grant.granted();
                takenAt = now;
            } else {
                // Asked again only when a whole share can be there: under a flood, every node would
                // otherwise ask for each token as it refills, one write per token and node.
                emptyUntil = now + grant.nanosToRefill();
            }
        }

        private static void await(CompletableFuture<ClusterBuckets.Grant> grant, long deadline) {
            try {
                grant.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (ExecutionException e) {
                // settle() throws it
            } catch (TimeoutException e) {
                throw new IllegalStateException("no rate-limit grant within " + GRANT_WAIT, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
