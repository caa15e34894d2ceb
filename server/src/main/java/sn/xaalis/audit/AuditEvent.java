package sn.xaalis.audit;

import java.time.Instant;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * One entry of the trail.
 *
 * @param before the changed fields' values before, as JSON; null when the thing is new
 * @param after the changed fields' values after, as JSON; null when the thing is gone
 */
public record AuditEvent(
        long id,
        Instant occurredAt,
        String actorKind,
        String actor,
        @Nullable String address,
        @Nullable UUID merchantId,
        String action,
        @Nullable String subject,
        @Nullable String before,
        @Nullable String after) {}
