package sn.xaalis.webhook;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import sn.xaalis.egress.WebhookUrls;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.platform.ApplicationId;

/**
 * Delivers the outbox (SPEC §6.4, D11): claims due notifications under a lease and hands each to a
 * {@link Courier} on a virtual thread. Bounded in total and per application, so a receiver that hangs
 * for the whole timeout slows only its own deliveries ({@link StuckReceivers}).
 */
@Component
class WebhookDispatcher implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WebhookDispatcher.class);
    private static final int CLAIM_BATCH = 64;
    // D11: a claim outlives the longest possible attempt, so only a crashed worker's rows come back.
    private static final Duration LEASE_MARGIN = Duration.ofSeconds(15);

    private final DeliveryLeases leases;
    private final ApplicationDirectory directory;
    private final WebhookProperties properties;
    private final Clock clock;
    private final DispatcherWakeUp wakeUp;
    private final WebhookUrls urls;
    private final WebhookMetrics metrics;
    private final InFlightDeliveries inFlight = new InFlightDeliveries();
    private final StuckReceivers stuck;
    private volatile boolean running;
    // Set by start and released by stop (both synchronized), so the dispatcher can be stopped and started again.
    private @Nullable Session session;

    /** What one start creates and its stop releases. */
    private record Session(WebhookHttp http, ExecutorService workers, CompletionWriter completions, Thread loop) {}

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
        this.stuck = new StuckReceivers(leases, inFlight, properties);
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        WebhookHttp http = new WebhookHttp(urls, properties.timeout(), properties.concurrency() * 2);
        ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
        CompletionWriter completions = new CompletionWriter(leases);
        Courier courier = new Courier(directory, http, completions, leases, properties, clock, metrics);
        DeliveryPace pace = DeliveryPace.of(properties.maxDeliveriesPerSecond());
        running = true;
        Thread loop = Thread.ofPlatform().name("webhook-dispatcher").daemon().start(() -> run(pace, workers, courier));
        session = new Session(http, workers, completions, loop);
    }

    @Override
    public synchronized void stop() {
        Session started = session;
        if (!running || started == null) { // start sets both
            return;
        }
        running = false;
        session = null;
        wakeUp.signal();
        ExecutorService workers = started.workers();
        try {
            started.loop().join(properties.pollInterval().toMillis() + 5000);
            workers.shutdown();
            // In-flight deliveries get a bounded grace; the claims of those still running are given back
            // (before their HTTP is cut, so no attempt is recorded for them) and are due again at once.
            if (!workers.awaitTermination(properties.shutdownGrace().toMillis(), TimeUnit.MILLISECONDS)) {
                release(inFlight.claims());
                workers.shutdownNow();
            }
            started.completions().close();
            started.http().close();
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

    private void run(DeliveryPace pace, ExecutorService workers, Courier courier) {
        while (running) {
            try {
                int free = Math.min(properties.concurrency() - inFlight.count(), CLAIM_BATCH);
                long wait = pace.nanosUntilStep(free);
                if (wait > 0) {
                    // The pace's next step, at most one delivery's interval away: the outbox is not the constraint.
                    Thread.sleep(Duration.ofNanos(wait));
                    continue;
                }
                int asked = pace.batch(free);
                int claimed = asked > 0 ? dispatchDue(asked, workers, courier) : 0;
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
    private int dispatchDue(int asked, ExecutorService workers, Courier courier) {
        Instant now = clock.instant();
        Instant leaseUntil = now.plus(properties.timeout()).plus(LEASE_MARGIN);
        Map<ApplicationId, Integer> busy = inFlight.perApplication();
        busy.forEach((application, count) -> {
            if (count >= properties.perApplicationConcurrency()) {
                stuck.postponeIfStuck(application, now);
            }
        });
        List<DeliveryLeases.Claimed> due =
                leases.claim(now, asked, busy, properties.perApplicationConcurrency(), leaseUntil, UUID.randomUUID());
        for (DeliveryLeases.Claimed notification : due) {
            inFlight.started(notification, now);
            workers.execute(() -> deliver(notification, courier));
        }
        return due.size();
    }

    private void deliver(DeliveryLeases.Claimed notification, Courier courier) {
        try {
            courier.deliver(notification);
        } catch (RuntimeException e) {
            log.warn("Delivery of {} failed unexpectedly: {}", notification.eventId(), e.toString());
        } finally {
            inFlight.finished(notification);
            wakeUp.signal();
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
