package sn.xaalis.webhook;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.platform.Timestamps;

/**
 * One attempt at one claimed notification: posts it, signed, to its application's receiver (SPEC
 * §6.3), judges the answer and records the attempt with the notification's next state (SPEC §6.4).
 * Made by the dispatcher at each start, with that run's HTTP client and completion writer.
 */
final class Courier {

    private static final Logger log = LoggerFactory.getLogger(Courier.class);
    private static final String USER_AGENT = "SVC-Webhook/1.0";

    private final ApplicationDirectory directory;
    private final WebhookHttp http;
    private final CompletionWriter completions;
    private final DeliveryLeases leases;
    private final WebhookProperties properties;
    private final Clock clock;
    private final WebhookMetrics metrics;

    Courier(
            ApplicationDirectory directory,
            WebhookHttp http,
            CompletionWriter completions,
            DeliveryLeases leases,
            WebhookProperties properties,
            Clock clock,
            WebhookMetrics metrics) {
        this.directory = directory;
        this.http = http;
        this.completions = completions;
        this.leases = leases;
        this.properties = properties;
        this.clock = clock;
        this.metrics = metrics;
    }

    /** The POST of one attempt: its verdict, and when it started and ended. */
    private record Posted(Verdict verdict, Instant started, long durationMillis, Instant ended) {}

    void deliver(DeliveryLeases.Claimed notification) {
        Optional<ApplicationDirectory.WebhookTarget> target =
                directory.webhookTarget(notification.applicationId(), notification.environment());
        Optional<String> unusable = unusable(target);
        if (unusable.isPresent()) {
            leases.markUndeliverable(notification, unusable.get(), clock.instant());
            metrics.undeliverable();
            return;
        }
        String url = Objects.requireNonNull(target.get().url(), "unusable() refused a target without one");
        record(notification, url, post(notification, target.get()));
    }

    /** Why the application's webhook settings cannot be delivered to, if they cannot. */
    private static Optional<String> unusable(Optional<ApplicationDirectory.WebhookTarget> target) {
        if (target.isEmpty() || target.get().url() == null) {
            return Optional.of("no webhook_url configured");
        }
        if (target.get().secrets().isEmpty()) {
            return Optional.of("no active secret key to sign with");
        }
        return Optional.empty();
    }

    private Posted post(DeliveryLeases.Claimed notification, ApplicationDirectory.WebhookTarget target) {
        byte[] body = notification.body().getBytes(StandardCharsets.UTF_8);
        Instant started = clock.instant();
        long startedNanos = System.nanoTime();
        // A fresh timestamp and signature on every attempt; the body bytes never change (D11).
        String signature = WebhookSigner.header(started.getEpochSecond(), body, target.secrets());
        WebhookHttp.Result result = http.post(
                Objects.requireNonNull(target.url(), "only a usable target is posted to"),
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
        return new Posted(Verdict.of(result), started, durationMillis, clock.instant());
    }

    private void record(DeliveryLeases.Claimed notification, String url, Posted posted) {
        int attempt = notification.attempts() + 1;
        Verdict verdict = posted.verdict();
        DeliveryLeases.State state = nextState(verdict.outcome(), attempt);
        Instant ended = posted.ended();
        Instant next = state == DeliveryLeases.State.PENDING ? ended.plus(properties.retryDelay()) : ended;
        var record = new NotificationView.AttemptView(
                attempt,
                posted.started(),
                posted.durationMillis(),
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

    private DeliveryLeases.State nextState(Verdict.Outcome outcome, int attempt) {
        return switch (outcome) {
            case DELIVERED -> DeliveryLeases.State.DELIVERED;
            case RETRY ->
                attempt < properties.maxAttempts() ? DeliveryLeases.State.PENDING : DeliveryLeases.State.FAILED;
            case GIVEN_UP, BLOCKED -> DeliveryLeases.State.FAILED;
        };
    }
}
