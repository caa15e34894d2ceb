package sn.xaalis.webhook;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A notification with its delivery history, as the portal and the operator see it. */
public record NotificationView(
        NotificationId id,
        String eventId,
        String event,
        String environment,
        String state,
        int attempts,
        String body,
        boolean test,
        Instant createdAt,
        @Nullable Instant deliveredAt,
        Instant nextAttemptAt,
        @Nullable String lastError,
        List<AttemptView> attemptLog) {

    /** One POST: when, how long, where, and what came back. */
    public record AttemptView(
            int attempt,
            Instant startedAt,
            long durationMillis,
            @Nullable String url,
            @Nullable Integer statusCode,
            String outcome,
            @Nullable String error,
            @Nullable String responseSnippet) {}

    NotificationView withAttempts(List<AttemptView> attempts) {
        return new NotificationView(
                id,
                eventId,
                event,
                environment,
                state,
                this.attempts,
                body,
                test,
                createdAt,
                deliveredAt,
                nextAttemptAt,
                lastError,
                List.copyOf(attempts));
    }
}
