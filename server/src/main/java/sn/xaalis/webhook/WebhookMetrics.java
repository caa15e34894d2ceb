package sn.xaalis.webhook;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * The dispatcher's meters, registered once: attempts by outcome, the time from a status change to
 * its successful delivery, and the outbox backlog. No tag carries an application, a reference or a
 * URL (unbounded series).
 */
@Component
class WebhookMetrics {

    private final Map<Verdict.Outcome, Counter> attempts = new EnumMap<>(Verdict.Outcome.class);
    private final Counter undeliverable;
    private final Timer deliveryLatency;

    WebhookMetrics(MeterRegistry registry, OutboxBacklog backlog) {
        for (Verdict.Outcome outcome : Verdict.Outcome.values()) {
            attempts.put(outcome, attemptCounter(registry, outcome.name()));
        }
        undeliverable = attemptCounter(registry, "UNDELIVERABLE");
        deliveryLatency = Timer.builder("xaalis.webhook.delivery.latency")
                .description("From the status change (notification created) to its successful delivery, retries"
                        + " included")
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(10))
                .maximumExpectedValue(Duration.ofHours(2))
                .register(registry);
        gauge(
                registry,
                backlog,
                "xaalis.webhook.outbox.backlog",
                "Notifications not yet delivered nor given up",
                null,
                b -> b.snapshot().pending());
        gauge(
                registry,
                backlog,
                "xaalis.webhook.outbox.oldest.age",
                "Age of the oldest notification not yet delivered nor given up",
                "seconds",
                b -> b.snapshot().oldestAge().toMillis() / 1000.0);
    }

    private static Counter attemptCounter(MeterRegistry registry, String outcome) {
        return Counter.builder("xaalis.webhook.attempts")
                .description("Webhook delivery attempts by outcome")
                .tag("outcome", outcome.toLowerCase(Locale.ROOT))
                .register(registry);
    }

    /** A gauge that shows NaN (no sample) rather than failing the whole scrape when the database is down. */
    private static void gauge(
            MeterRegistry registry,
            OutboxBacklog backlog,
            String name,
            String description,
            @Nullable String unit,
            ToDoubleFunction<OutboxBacklog> value) {
        Gauge.builder(name, backlog, b -> {
                    try {
                        return value.applyAsDouble(b);
                    } catch (RuntimeException e) {
                        return Double.NaN;
                    }
                })
                .description(description)
                .baseUnit(unit)
                .strongReference(true)
                .register(registry);
    }

    void attempt(Verdict.Outcome outcome) {
        // the constructor registered a counter for every outcome
        Objects.requireNonNull(attempts.get(outcome)).increment();
    }

    void undeliverable() {
        undeliverable.increment();
    }

    void delivered(Duration sinceStatusChange) {
        deliveryLatency.record(sinceStatusChange);
    }
}
