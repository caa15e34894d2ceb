package sn.xaalis.portal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Slows password guessing: too many failures for one account, or from one address, within the
 * window and sign-in is refused until the window has passed.
 */
@Component
class LoginThrottle {

    static final int MAX_FAILURES_PER_ACCOUNT = 5;
    static final int MAX_FAILURES_PER_ADDRESS = 20;
    static final int MAX_SIGNUPS_PER_ADDRESS = 5;
    static final Duration WINDOW = Duration.ofMinutes(15);
    private static final int MAX_TRACKED = 100_000;

    private final Clock clock;
    private final Map<String, Deque<Instant>> failures = new ConcurrentHashMap<>();

    LoginThrottle(Clock clock) {
        this.clock = clock;
    }

    boolean blocked(String account, String address) {
        return recent("account:" + account) >= MAX_FAILURES_PER_ACCOUNT
                || recent("address:" + address) >= MAX_FAILURES_PER_ADDRESS;
    }

    void failed(String account, String address) {
        if (failures.size() > MAX_TRACKED) {
            failures.clear(); // a flood of distinct keys must not exhaust memory
        }
        record("account:" + account);
        record("address:" + address);
    }

    /** Sign-ups per address and window; each call counts one. */
    boolean signUpAllowed(String address) {
        if (recent("signup:" + address) >= MAX_SIGNUPS_PER_ADDRESS) {
            return false;
        }
        record("signup:" + address);
        return true;
    }

    void succeeded(String account) {
        failures.remove("account:" + account);
    }

    private void record(String key) {
        Deque<Instant> times = failures.computeIfAbsent(key, k -> new ArrayDeque<>());
        synchronized (times) {
            times.addLast(clock.instant());
        }
    }

    private int recent(String key) {
        Deque<Instant> times = failures.get(key);
        if (times == null) {
            return 0;
        }
        Instant cutoff = clock.instant().minus(WINDOW);
        synchronized (times) {
            while (!times.isEmpty() && times.peekFirst().isBefore(cutoff)) {
                times.removeFirst();
            }
            return times.size();
        }
    }
}
