package sn.xaalis.platform;

import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;

/** Token buckets keyed by caller; time comes from the injected clock so tests can move it. */
public final class RateLimiter {

    private final double ratePerSecond;
    private final long capacity;
    private final Clock clock;
    private final ConcurrentHashMap<Object, Bucket> buckets = new ConcurrentHashMap<>();
    private final Runnable onRefusal;

    RateLimiter(double ratePerSecond, long capacity, Clock clock) {
        this(ratePerSecond, capacity, clock, () -> {});
    }

    /** @param onRefusal told of every refused request (the refusals counter) */
    RateLimiter(double ratePerSecond, long capacity, Clock clock, Runnable onRefusal) {
        this.ratePerSecond = ratePerSecond;
        this.capacity = capacity;
        this.clock = clock;
        this.onRefusal = onRefusal;
    }

    /** Takes one token for the key, or says how long to wait. */
    public Decision acquire(Object key) {
        long now = nanos();
        Decision decision =
                buckets.computeIfAbsent(key, k -> new Bucket(capacity, now)).take(now);
        if (!decision.allowed()) {
            onRefusal.run();
        }
        return decision;
    }

    public long capacity() {
        return capacity;
    }

    private long nanos() {
        var instant = clock.instant();
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }

    /**
     * @param remaining whole tokens left after this request
     * @param resetSeconds seconds until the bucket is full again
     * @param retryAfterSeconds when refused, seconds until one token is available (at least 1)
     */
    public record Decision(boolean allowed, long limit, long remaining, long resetSeconds, long retryAfterSeconds) {}

    private final class Bucket {
        private double tokens;
        private long updatedAt;

        Bucket(double tokens, long updatedAt) {
            this.tokens = tokens;
            this.updatedAt = updatedAt;
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
            long reset = (long) Math.ceil((capacity - tokens) / ratePerSecond);
            long retryAfter = allowed ? 0 : Math.max(1, (long) Math.ceil((1 - tokens) / ratePerSecond));
            return new Decision(allowed, capacity, (long) Math.floor(tokens), reset, retryAfter);
        }
    }
}
