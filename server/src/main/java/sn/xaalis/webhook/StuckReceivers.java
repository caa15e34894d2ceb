package sn.xaalis.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Timestamps;

/**
 * An application whose every slot has been held for {@link #STUCK_AFTER} (a receiver that hangs, or a
 * slow one) gets its notifications due within the next second postponed by that second, again every
 * second while it stays so: the claims of every application would otherwise walk past them, and a
 * receiver that answers loses at most a second. Checked per node (each counts its own slots).
 */
final class StuckReceivers {

    private static final Logger log = LoggerFactory.getLogger(StuckReceivers.class);
    // Receivers answer in milliseconds; every slot held this long means a receiver that hangs or crawls.
    private static final Duration STUCK_AFTER = Duration.ofSeconds(1);
    // How far ahead a stuck receiver's waiting notifications are put off, and how often it is redone.
    private static final Duration POSTPONEMENT = Duration.ofSeconds(1);

    private final DeliveryLeases leases;
    private final InFlightDeliveries inFlight;
    private final WebhookProperties properties;
    // When each stuck application's backlog may be postponed again.
    private final Map<ApplicationId, Instant> nextPostponement = new ConcurrentHashMap<>();

    StuckReceivers(DeliveryLeases leases, InFlightDeliveries inFlight, WebhookProperties properties) {
        this.leases = leases;
        this.inFlight = inFlight;
        this.properties = properties;
    }

    /** Before a claim, for an application with no free slot. */
    void postponeIfStuck(ApplicationId application, Instant now) {
        Instant allowed = nextPostponement.get(application);
        if (allowed != null && now.isBefore(allowed)) {
            return; // the cheap check first: this runs on every dispatch round
        }
        List<Instant> since = inFlight.since(application);
        if (since.size() < properties.perApplicationConcurrency()) {
            return;
        }
        Optional<Instant> until = stuckUntil(since, now, properties.timeout());
        if (until.isEmpty()) {
            return;
        }
        nextPostponement.put(application, now.plus(POSTPONEMENT));
        try {
            int postponed = leases.postpone(application, now, Timestamps.truncate(until.get()));
            if (postponed > 0) {
                log.debug(
                        "Postponed {} notifications of {} while its receiver holds every slot", postponed, application);
            }
        } catch (RuntimeException e) {
            // Only an optimisation: the claim goes on, walking past the rows as before.
            log.debug("Could not postpone the notifications of {}: {}", application, e.toString());
        }
    }

    /**
     * For the deliveries an application has in flight (when each started): if even the latest has run
     * for {@link #STUCK_AFTER}, until when its waiting notifications are put off: {@link #POSTPONEMENT}
     * from now, or sooner if its oldest delivery times out before.
     */
    static Optional<Instant> stuckUntil(Collection<Instant> inFlightSince, Instant now, Duration timeout) {
        if (inFlightSince.isEmpty()) {
            return Optional.empty();
        }
        Instant latest = Collections.max(inFlightSince);
        if (now.isBefore(latest.plus(STUCK_AFTER))) {
            return Optional.empty();
        }
        Instant timesOut = Collections.min(inFlightSince).plus(timeout);
        Instant capped = now.plus(POSTPONEMENT);
        return Optional.of(timesOut.isBefore(capped) ? timesOut : capped);
    }
}
