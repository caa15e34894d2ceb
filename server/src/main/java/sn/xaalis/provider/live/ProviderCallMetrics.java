package sn.xaalis.provider.live;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.provider.Provider;

/**
 * Latency of every HTTP attempt to a live provider, by provider, operation (a name from our code,
 * never a URL) and outcome (a status class or why no answer came).
 */
@Component
class ProviderCallMetrics {

    private record Key(Provider provider, String operation, String outcome) {}

    private final MeterRegistry registry;
    // The series are few (providers x operations x outcomes) and each timer is built once.
    private final ConcurrentHashMap<Key, Timer> timers = new ConcurrentHashMap<>();

    ProviderCallMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /**
     * @param status the HTTP status, or null when no answer came
     * @param reason why no answer came ({@link ProviderHttp}'s words)
     */
    void record(Provider provider, String operation, @Nullable Integer status, String reason, long millis) {
        String outcome = status != null ? (status / 100) + "xx" : noAnswer(reason);
        timers.computeIfAbsent(new Key(provider, operation, outcome), this::timer)
                .record(millis, TimeUnit.MILLISECONDS);
    }

    private Timer timer(Key key) {
        return Timer.builder("xaalis.provider.calls")
                .description("HTTP calls to live providers: latency by provider, operation and outcome")
                .tag("provider", key.provider().name())
                .tag("operation", key.operation())
                .tag("outcome", key.outcome())
                .publishPercentileHistogram()
                .register(registry);
    }

    private static String noAnswer(String reason) {
        if (reason == null) {
            return "no_answer";
        }
        if (reason.startsWith("timed out")) {
            return "timeout";
        }
        if (reason.startsWith("circuit open")) {
            return "circuit_open";
        }
        if (reason.startsWith("connection failed")) {
            return "connection_failed";
        }
        return "no_answer";
    }
}
