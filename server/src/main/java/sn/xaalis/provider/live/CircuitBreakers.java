package sn.xaalis.provider.live;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ConnectionId;

/**
 * One {@link CircuitBreaker} per provider account: a merchant whose credentials are refused or whose
 * account hangs opens its own circuit, and the other merchants (and the installation's own account) go
 * on being served. Made when an account first calls; bounded, by forgetting the idle ones first.
 */
final class CircuitBreakers {

    static final int MAX_ACCOUNTS = 10_000;

    private final int threshold;
    private final Duration openFor;
    private final Clock clock;
    private final int maxAccounts;
    // Keyed by the connection; empty for the installation's own account.
    private final Map<Optional<ConnectionId>, CircuitBreaker> breakers = new ConcurrentHashMap<>();

    CircuitBreakers(int threshold, Duration openFor, Clock clock) {
        this(threshold, openFor, clock, MAX_ACCOUNTS);
    }

    CircuitBreakers(int threshold, Duration openFor, Clock clock, int maxAccounts) {
        this.threshold = threshold;
        this.openFor = openFor;
        this.clock = clock;
        this.maxAccounts = maxAccounts;
    }

    /** The account's breaker; {@code connection} null is the installation's own account. */
    CircuitBreaker of(@Nullable ConnectionId connection) {
        Optional<ConnectionId> key = Optional.ofNullable(connection);
        CircuitBreaker known = breakers.get(key);
        if (known != null) {
            return known;
        }
        if (breakers.size() >= maxAccounts) {
            // An idle breaker holds nothing worth keeping: a new one starts in the same state.
            breakers.values().removeIf(CircuitBreaker::idle);
            if (breakers.size() >= maxAccounts) {
                breakers.clear(); // all failing at once: start over rather than grow without bound
            }
        }
        return breakers.computeIfAbsent(key, k -> new CircuitBreaker(threshold, openFor, clock));
    }

    int size() {
        return breakers.size();
    }
}
