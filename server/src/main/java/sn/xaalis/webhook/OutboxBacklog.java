package sn.xaalis.webhook;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Timestamps;

/**
 * How far behind the dispatchers are, cluster-wide: the notifications not yet delivered nor given up.
 * Read by the metrics scrape and the readiness probe; one query serves both for a second, so neither
 * a scrape (two gauges) nor a busy load balancer costs more than one query a second.
 */
@Component
class OutboxBacklog {

    private static final long FRESH_FOR_NANOS = Duration.ofSeconds(1).toNanos();

    /**
     * @param pending notifications in state PENDING (due now or waiting for a retry)
     * @param oldestAge age of the oldest of them; zero when there are none
     */
    record Snapshot(long pending, Duration oldestAge) {}

    private final JdbcClient jdbc;
    private final Clock clock;
    private volatile @Nullable Snapshot last;
    private volatile long readAt;

    OutboxBacklog(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /** The backlog at most a second old; throws when the database cannot be read. */
    Snapshot snapshot() {
        Snapshot cached = last;
        if (cached != null && System.nanoTime() - readAt < FRESH_FOR_NANOS) {
            return cached;
        }
        synchronized (this) {
            Snapshot again = last;
            if (again != null && System.nanoTime() - readAt < FRESH_FOR_NANOS) {
                return again;
            }
            Snapshot read = jdbc.sql("SELECT COUNT(*) AS pending, MIN(created_at) AS oldest FROM notifications"
                            + " WHERE state = 'PENDING'")
                    .query((rs, n) -> {
                        Instant oldest = Timestamps.fromDatabase(rs.getObject("oldest", OffsetDateTime.class));
                        Duration age = oldest == null ? Duration.ZERO : Duration.between(oldest, clock.instant());
                        return new Snapshot(rs.getLong("pending"), age.isNegative() ? Duration.ZERO : age);
                    })
                    .single();
            last = read;
            readAt = System.nanoTime();
            return read;
        }
    }
}
