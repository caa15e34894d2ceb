package sn.xaalis.audit;

import java.time.Instant;
import java.util.Locale;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A search of the trail, newest first: every criterion optional; {@code beforeId} continues a page.
 *
 * @param actor an e-mail address or a token's name, exactly (case-insensitive)
 * @param action an action or the start of one ({@code application.} for every change of an application)
 */
public record AuditQuery(
        @Nullable UUID merchantId,
        @Nullable String actor,
        @Nullable String action,
        @Nullable Instant from,
        @Nullable Instant to,
        @Nullable Long beforeId) {

    public AuditQuery {
        actor = normal(actor);
        action = normal(action);
    }

    private static @Nullable String normal(@Nullable String value) {
        return value == null || value.isBlank() ? null : value.strip().toLowerCase(Locale.ROOT);
    }
}
