package sn.xaalis.webhook;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import sn.xaalis.platform.ApplicationId;

/**
 * The deliveries this node has in flight, in total and per application, and since when: what bounds
 * the next claim, what a stopping node gives back, and how a stuck receiver is recognised.
 */
final class InFlightDeliveries {

    /** A claim being delivered, and since when. */
    private record InFlight(DeliveryLeases.Claimed claim, Instant since) {}

    private final AtomicInteger total = new AtomicInteger();
    private final Map<ApplicationId, AtomicInteger> perApplication = new ConcurrentHashMap<>();
    private final Map<NotificationId, InFlight> claims = new ConcurrentHashMap<>();

    int count() {
        return total.get();
    }

    /** How many deliveries each application has in flight right now (a copy). */
    Map<ApplicationId, Integer> perApplication() {
        Map<ApplicationId, Integer> busy = new HashMap<>();
        perApplication.forEach((id, count) -> busy.put(id, count.get()));
        return busy;
    }

    void started(DeliveryLeases.Claimed claim, Instant now) {
        perApplication
                .computeIfAbsent(claim.applicationId(), id -> new AtomicInteger())
                .incrementAndGet();
        total.incrementAndGet();
        claims.put(claim.id(), new InFlight(claim, now));
    }

    void finished(DeliveryLeases.Claimed claim) {
        claims.remove(claim.id());
        // started() put the application's counter, and counters are never removed
        Objects.requireNonNull(perApplication.get(claim.applicationId())).decrementAndGet();
        total.decrementAndGet();
    }

    /** The claims being delivered right now. */
    List<DeliveryLeases.Claimed> claims() {
        return claims.values().stream().map(InFlight::claim).toList();
    }

    /** When each delivery an application has in flight started. */
    List<Instant> since(ApplicationId application) {
        return claims.values().stream()
                .filter(inFlight -> inFlight.claim().applicationId().equals(application))
                .map(InFlight::since)
                .toList();
    }
}
