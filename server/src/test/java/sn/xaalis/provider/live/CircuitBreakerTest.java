package sn.xaalis.provider.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.MutableClock;

class CircuitBreakerTest {

    private final MutableClock clock = new MutableClock();
    private final CircuitBreaker breaker = new CircuitBreaker(3, Duration.ofSeconds(30), clock);

    @Test
    void opensAfterConsecutiveFailuresOnly() {
        breaker.failed();
        breaker.failed();
        breaker.succeeded();
        breaker.failed();
        breaker.failed();
        assertThat(breaker.allow()).isTrue();
        breaker.failed();
        assertThat(breaker.allow()).isFalse();
        assertThat(breaker.open()).isTrue();
    }

    @Test
    void letsOneTrialThroughAfterTheOpenPeriod() {
        clock.freeze();
        for (int i = 0; i < 3; i++) {
            breaker.failed();
        }
        clock.advance(Duration.ofSeconds(29));
        assertThat(breaker.allow()).isFalse();
        clock.advance(Duration.ofSeconds(2));
        assertThat(breaker.allow()).isTrue();
        assertThat(breaker.allow()).isFalse(); // the trial is in flight
        breaker.failed();
        assertThat(breaker.allow()).isFalse(); // re-opened at once
        clock.advance(Duration.ofSeconds(31));
        assertThat(breaker.allow()).isTrue();
        breaker.succeeded();
        assertThat(breaker.allow()).isTrue();
        assertThat(breaker.allow()).isTrue();
    }
}
