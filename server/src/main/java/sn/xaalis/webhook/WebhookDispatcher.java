package sn.xaalis.webhook;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import sn.xaalis.egress.WebhookUrls;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.platform.Timestamps;

/**
 * Delivers the outbox (SPEC §6.4, D11): claims due notifications under a lease, posts each on a
 * virtual thread, records every attempt, and schedules retries. Bounded in total and per
 * application, so a receiver that hangs for the whole timeout slows only its own deliveries.
 */
@Component
class WebhookDispatcher implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WebhookDispatcher.class);
    private static final String USER_AGENT = "SVC-Webhook/1.0";
    private static final int CLAIM_BATCH = 64;
    // D11: a claim outlives the longest possible attempt, so only a crashed worker's rows come back.
    private static final Duration LEASE_MARGIN = Duration.ofSeconds(15);
    // Receivers answer in milliseconds; every slot held this long means a receiver that hangs or crawls.
    private static final Duration STUCK_AFTER = Duration.ofSeconds(1);
    // How far ahead a stuck receiver's waiting notifications are put off, and how often it is redone.
    private static final Duration POSTPONEMENT = Duration.ofSeconds(1);

    private final DeliveryLeases leases;
    private final ApplicationDirectory directory;
    private final WebhookProperties properties;
    private final Clock clock;
    private final DispatcherWakeUp wakeUp;
    private final WebhookUrls urls;
    private final WebhookMetrics metrics;
    // Created at start and released at stop, so the dispatcher can be stopped and started again.
    private volatile WebhookHttp http;
    private volatile ExecutorService workers;
    private volatile CompletionWriter completions;
    private volatile DeliveryPace pace;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Map<UUID, AtomicInteger> inFlightPerApplication = new ConcurrentHashMap<>();
    // The claims being delivered right now, released at stop if their delivery outlives the grace.
    private final Map<UUID, InFlight> claimsInFlight = new ConcurrentHashMap<>();
    // When each stuck application's backlog may be postponed again.
    private final Map<UUID, Instant> nextPostponement = new ConcurrentHashMap<>();
    private volatile boolean running;
    private Thread loop;

    WebhookDispatcher(
            DeliveryLeases leases,
            ApplicationDirectory directory,
            WebhookProperties properties,
            WebhookUrls urls,
            Clock clock,
            DispatcherWakeUp wakeUp,
            WebhookMetrics metrics) {
        this.metrics = metrics;
        this.leases = leases;
        this.directory = directory;
        this.properties = properties;
        this.clock = clock;
        this.wakeUp = wakeUp;
        this.urls = urls;
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        http = new WebhookHttp(urls, properties.timeout(), properties.concurrency() * 2);
        workers = Executors.newVirtualThreadPerTaskExecutor();
        completions = new CompletionWriter(leases);
        pace = DeliveryPace.of(properties.maxDeliveriesPerSecond());
        running = true;
        loop = Thread.ofPlatform().name("webhook-dispatcher").daemon().start(this::run);
    }

    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        wakeUp.signal();
        try {
            loop.join(properties.pollInterval().toMillis() + 5000);
            workers.shutdown();
            // In-flight deliveries get a bounded grace; the claims of those still running are given back
            // (before their HTTP is cut, so no attempt is recorded for them) and are due again at once.
            if (!workers.awaitTermination(properties.shutdownGrace().toMillis(), TimeUnit.MILLISECONDS)) {
                release(claimsInFlight.values().stream().map(InFlight::claim).toList());
                workers.shutdownNow();
            }
            completions.close();
            http.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            log.warn("Webhook dispatcher did not stop cleanly: {}", e.toString());
        }
    }

    private void release(List<DeliveryLeases.Claimed> unfinished) {
        try {
            int released = leases.release(unfinished);
            log.info("Released {} webhook deliveries still in flight at shutdown", released);
        } catch (RuntimeException e) {
            // The database is gone too: the leases run out as after a crash (D11).
            log.warn("Could not release {} webhook claims at shutdown: {}", unfinished.size(), e.toString());
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void run() {
        while (running) {
            try {
                int free = Math.min(properties.concurrency() - inFlight.get(), CLAIM_BATCH);
                long wait = pace.nanosUntilStep(free);
                if (wait > 0) {
                    // The pace's next step, at most one delivery's interval away: the outbox is not the constraint.
                    Thread.sleep(Duration.ofNanos(wait));
                    continue;
                }
                int asked = pace.batch(free);
                int claimed = asked > 0 ? dispatchDue(asked) : 0;
                pace.started(claimed);
                if (claimed < asked || asked <= 0) {
                    wakeUp.await(properties.pollInterval().toMillis());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                // The database may be briefly unavailable; nothing is lost, the outbox is still there.
                log.warn("Webhook dispatch failed, retrying: {}", e.toString());
                sleepQuietly(properties.pollInterval().toMillis());
            }
        }
    }

    /** Claims up to {@code asked} due notifications and starts their deliveries; how many it claimed. */
    private int dispatchDue(int asked) {
        Instant now = clock.instant();
        Instant leaseUntil = now.plus(properties.timeout()).plus(LEASE_MARGIN);
        Map<UUID, Integer> busy = new HashMap<>();
        inFlightPerApplication.forEach((id, count) -> busy.put(id, count.get()));
        busy.forEach((application, count) -> {
            if (count >= properties.perApplicationConcurrency()) {
                postponeIfStuck(application, now);
            }
        });
        List<DeliveryLeases.Claimed> due =
                leases.claim(now, asked, busy, properties.perApplicationConcurrency(), leaseUntil, UUID.randomUUID());
        for (DeliveryLeases.Claimed notification : due) {
            AtomicInteger perApplication =
                    inFlightPerApplication.computeIfAbsent(notification.applicationId(), id -> new AtomicInteger());
            perApplication.incrementAndGet();
            inFlight.incrementAndGet();
            claimsInFlight.put(notification.id(), new InFlight(notification, now));
            workers.execute(() -> {
                try {
                    deliver(notification);
                } catch (RuntimeException e) {
                    log.warn("Delivery of {} failed unexpectedly: {}", notification.eventId(), e.toString());
                } finally {
                    claimsInFlight.remove(notification.id());
                    perApplication.decrementAndGet();
                    inFlight.decrementAndGet();
                    wakeUp.signal();
                }
            });
        }
        return due.size();
    }

    /** A claim being delivered, and since when. */
    private record InFlight(DeliveryLeases.Claimed claim, Instant since) {}

    /**
     * An application whose every slot has been held for {@link #STUCK_AFTER} (a receiver that hangs,
     * or a slow one) gets its notifications due within the next second postponed by that second, again
     * every second while it stays so: the claims of every application would otherwise walk past them,
     * and a receiver that answers loses at most a second. Checked per node (each counts its own slots).
     */
    private void postponeIfStuck(UUID application, Instant now) {
        Instant allowed = nextPostponement.get(application);
        if (allowed != null && now.isBefore(allowed)) {
            return; // the cheap check first: this runs on every dispatch round
        }
        List<Instant> since = claimsInFlight.values().stream()
                .filter(inFlight -> inFlight.claim().applicationId().equals(application))
                .map(InFlight::since)
                .toList();
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

    void deliver(DeliveryLeases.Claimed notification) {
        Optional<ApplicationDirectory.WebhookTarget> target =
                directory.webhookTarget(notification.applicationId(), notification.environment());
        if (target.isEmpty() || target.get().url() == null) {
            leases.markUndeliverable(notification, "no webhook_url configured", clock.instant());
            metrics.undeliverable();
            return;
        }
        if (target.get().secrets().isEmpty()) {
            leases.markUndeliverable(notification, "no active secret key to sign with", clock.instant());
            metrics.undeliverable();
            return;
        }
        String url = target.get().url();
        byte[] body = notification.body().getBytes(StandardCharsets.UTF_8);
        Instant started = clock.instant();
        long startedNanos = System.nanoTime();
        // A fresh timestamp and signature on every attempt; the body bytes never change (D11).
        String signature = WebhookSigner.header(
                started.getEpochSecond(), body, target.get().secrets());
        WebhookHttp.Result result = http.post(
                url,
                body,
                Map.of(
                        "Content-Type",
                        "application/json",
                        "User-Agent",
                        USER_AGENT,
                        "X-SVC-Event",
                        notification.event(),
                        "X-SVC-Signature",
                        signature));
        long durationMillis = (System.nanoTime() - startedNanos) / 1_000_000;
        Instant ended = clock.instant();
        int attempt = notification.attempts() + 1;
        Verdict verdict = Verdict.of(result);
        DeliveryLeases.State state =
                switch (verdict.outcome()) {
                    case DELIVERED -> DeliveryLeases.State.DELIVERED;
                    case RETRY ->
                        attempt < properties.maxAttempts() ? DeliveryLeases.State.PENDING : DeliveryLeases.State.FAILED;
                    case GIVEN_UP, BLOCKED -> DeliveryLeases.State.FAILED;
                };
        Instant next = state == DeliveryLeases.State.PENDING ? ended.plus(properties.retryDelay()) : ended;
        var record = new NotificationView.AttemptView(
                attempt,
                started,
                durationMillis,
                url,
                verdict.statusCode(),
                verdict.outcome().name(),
                verdict.error(),
                verdict.snippet());
        if (!completions.complete(
                new DeliveryLeases.Completion(notification, record, state, Timestamps.truncate(next), ended))) {
            log.info("Lease on {} was lost before its attempt could be recorded", notification.eventId());
            return;
        }
        metrics.attempt(verdict.outcome());
        if (state == DeliveryLeases.State.DELIVERED) {
            metrics.delivered(Duration.between(notification.createdAt(), ended));
        }
    }

    /** How one attempt is judged (SPEC §6.4). */
    enum Outcome {
        DELIVERED,
        RETRY,
        GIVEN_UP,
        BLOCKED
    }

    record Verdict(Outcome outcome, Integer statusCode, String error, String snippet) {
        static Verdict of(WebhookHttp.Result result) {
            if (result instanceof WebhookHttp.Result.Answered answered) {
                int code = answered.status();
                if (code >= 200 && code < 300) {
                    return new Verdict(Outcome.DELIVERED, code, null, answered.snippet());
                }
                if (code == 429 || code >= 500) {
                    return new Verdict(Outcome.RETRY, code, "HTTP " + code, answered.snippet());
                }
                String error = code >= 300 && code < 400 ? "redirect not followed" : "refused by the receiver";
                return new Verdict(Outcome.GIVEN_UP, code, error, answered.snippet());
            }
            if (result instanceof WebhookHttp.Result.Blocked blocked) {
                return new Verdict(Outcome.BLOCKED, null, "blocked: " + blocked.reason(), null);
            }
            return new Verdict(Outcome.RETRY, null, ((WebhookHttp.Result.Failed) result).error(), null);
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
