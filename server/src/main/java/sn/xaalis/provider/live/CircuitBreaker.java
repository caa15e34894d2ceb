package sn.xaalis.provider.live;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Stops calling a provider account that keeps failing (one per account, {@link CircuitBreakers}): after {@code threshold} consecutive failures the circuit
 * opens and calls fail at once; after {@code openFor} one trial call goes through (half-open), and its
 * result closes or re-opens the circuit. Failing fast keeps request threads and job rounds short while
 * an account's provider is down or hangs.
 */
final class CircuitBreaker {

    private final int threshold;
    private final Duration openFor;
    private final Clock clock;
    private int consecutiveFailures;
    private @Nullable Instant openUntil; // null while closed
    private boolean trialInFlight;

    CircuitBreaker(int threshold, Duration openFor, Clock clock) {
        this.threshold = Math.max(1, threshold);
        this.openFor = openFor;
        this.clock = clock;
    }

    /** Whether a call may go out now; when true after an open period, this call is the trial. */
    synchronized boolean allow() {
        if (openUntil == null) {
            return true;
        }
        if (clock.instant().isBefore(openUntil) || trialInFlight) {
            return false;
        }
        trialInFlight = true;
        return true;
    }

    synchronized void succeeded() {
        consecutiveFailures = 0;
        openUntil = null;
        trialInFlight = false;
    }

    synchronized void failed() {
        consecutiveFailures++;
        if (trialInFlight || consecutiveFailures >= threshold) {
            openUntil = clock.instant().plus(openFor);
        }
        trialInFlight = false;
    }

    /** Closed with no failure counted: forgetting it changes nothing. */
    synchronized boolean idle() {
        return openUntil == null && consecutiveFailures == 0 && !trialInFlight;
    }

    synchronized boolean open() {
        return openUntil != null && clock.instant().isBefore(openUntil);
    }
}
