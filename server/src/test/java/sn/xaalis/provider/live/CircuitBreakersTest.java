package sn.xaalis.provider.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.support.MutableClock;

class CircuitBreakersTest {

    private final MutableClock clock = new MutableClock();
    private final CircuitBreakers breakers = new CircuitBreakers(2, Duration.ofSeconds(30), clock, 3);

    @Test
    void eachAccountHasItsOwnCircuit() {
        ConnectionId failing = ConnectionId.random();
        ConnectionId other = ConnectionId.random();
        breakers.of(failing).failed();
        breakers.of(failing).failed();

        assertThat(breakers.of(failing).allow()).isFalse();
        assertThat(breakers.of(other).allow()).isTrue();
        assertThat(breakers.of(null).allow())
                .as("the installation's own account")
                .isTrue();
        assertThat(breakers.of(failing)).isSameAs(breakers.of(failing));
    }

    @Test
    void idleAccountsAreForgottenFirstWhenFull() {
        ConnectionId failing = ConnectionId.random();
        breakers.of(failing).failed();
        breakers.of(failing).failed();
        breakers.of(ConnectionId.random());
        breakers.of(ConnectionId.random());

        breakers.of(ConnectionId.random());

        assertThat(breakers.size()).isEqualTo(2);
        assertThat(breakers.of(failing).open()).as("an open circuit is kept").isTrue();
    }
}
