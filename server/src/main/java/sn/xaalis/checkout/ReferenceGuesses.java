package sn.xaalis.checkout;

import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import sn.xaalis.payment.Reference;
import sn.xaalis.platform.ClientAddresses;
import sn.xaalis.platform.Timestamps;

/**
 * Keeps the customer pages from being a cheap way to find payments by guessing references ({@code SVC-}
 * and 8 characters): an address that asked for too many references that do not exist is refused every
 * lookup until the minute is over, found or not, so a refusal tells nothing either. Only misses count:
 * customers behind one operator's NAT poll their own payments freely. A malformed reference costs no
 * read and is not counted. Misses are counted in the database, for the whole cluster; a node remembers
 * the addresses it saw go over the limit, so their refusals cost no query (another node learns at the
 * address's next miss there: at most one more guess per node).
 */
@Component
class ReferenceGuesses {

    static final int MAX_MISSES = 30;
    static final Duration WINDOW = Duration.ofMinutes(1);
    // Memory stays bounded (a scanner with more addresses than this is not slowed by any per-address
    // limit anyway; the database still counts and refuses it at each miss).
    private static final int MAX_ADDRESSES = 100_000;
    // Old misses go now and then, from whichever node misses: the table holds about two minutes.
    private static final int SWEEP_ONE_IN = 50;

    /** Refused until the current window ends. */
    static final class TooMany extends RuntimeException {
        private final long retryAfterSeconds;

        TooMany(long retryAfterSeconds) {
            super("too many unknown references", null, false, false);
            this.retryAfterSeconds = retryAfterSeconds;
        }

        long retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }

    private final Clock clock;
    private final JdbcClient jdbc;
    // Address → the window it is refused in; stale entries are dropped as windows pass.
    private final ConcurrentHashMap<String, Long> refused = new ConcurrentHashMap<>();

    ReferenceGuesses(Clock clock, JdbcClient jdbc) {
        this.clock = clock;
        this.jdbc = jdbc;
    }

    /**
     * Reads what the reference names, counting a miss against the caller's address.
     *
     * @throws TooMany when this address has missed too often in this window
     */
    <T> Optional<T> lookUp(String reference, HttpServletRequest request, Function<String, Optional<T>> read) {
        long window = Math.floorDiv(clock.millis(), WINDOW.toMillis());
        String address = ClientAddresses.key(request.getRemoteAddr());
        Long refusedIn = refused.get(address);
        if (refusedIn != null && refusedIn == window) {
            long end = (window + 1) * WINDOW.toMillis();
            throw new TooMany(Math.max(1, (end - clock.millis() + 999) / 1000));
        }
        if (!Reference.isWellFormed(reference)) {
            return Optional.empty();
        }
        Optional<T> found = read.apply(reference);
        if (found.isEmpty() && missed(address, window) >= MAX_MISSES) {
            if (refused.size() >= MAX_ADDRESSES) {
                refused.values().removeIf(w -> w < window);
            }
            if (refused.size() < MAX_ADDRESSES) {
                refused.put(address, window);
            }
        }
        return found;
    }

    /** Records a miss and answers how many this address made in this window, on every node. */
    private int missed(String address, long window) {
        Instant now = clock.instant();
        jdbc.sql("INSERT INTO reference_misses (address, missed_at) VALUES (:address, :at)")
                .param("address", address)
                .param("at", Timestamps.toDatabase(now))
                .update();
        if (ThreadLocalRandom.current().nextInt(SWEEP_ONE_IN) == 0) {
            jdbc.sql("DELETE FROM reference_misses WHERE missed_at < :cutoff")
                    .param("cutoff", Timestamps.toDatabase(now.minus(WINDOW.multipliedBy(2))))
                    .update();
        }
        return jdbc.sql("SELECT count(*) FROM (SELECT 1 FROM reference_misses"
                        + " WHERE address = :address AND missed_at >= :since LIMIT :limit) recent")
                .param("address", address)
                .param("since", Timestamps.toDatabase(Instant.ofEpochMilli(window * WINDOW.toMillis())))
                .param("limit", MAX_MISSES)
                .query(Integer.class)
                .single();
    }
}
