package sn.xaalis.ratelimit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import sn.xaalis.ratelimit.RateLimiter;
import sn.xaalis.support.MutableClock;

class RateLimiterTest {

    @Test
    void absorbsABurstThenRefusesUntilTokensRefill() {
        MutableClock clock = new MutableClock();
        // Real time moves a little during the test; a rate of 1/s keeps that negligible.
        RateLimiter limiter = new TokenBuckets(1, 2, clock);
        assertThat(limiter.acquire("a").allowed()).isTrue();
        assertThat(limiter.acquire("a").allowed()).isTrue();
        RateLimiter.Decision refused = limiter.acquire("a");
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.retryAfterSeconds()).isEqualTo(1);
        assertThat(refused.remaining()).isZero();
        assertThat(limiter.acquire("b").allowed()).as("buckets are per key").isTrue();
        clock.advance(Duration.ofSeconds(1));
        assertThat(limiter.acquire("a").allowed()).isTrue();
    }
}
