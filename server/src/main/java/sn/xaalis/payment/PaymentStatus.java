package sn.xaalis.payment;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** SPEC §3 states plus {@code REFUNDED}, and the one table of allowed transitions (D1). */
public enum PaymentStatus {
    PROCESSING,
    SUCCESS,
    FAILED,
    CANCELLED,
    EXPIRED,
    REFUNDED;

    private static final Map<PaymentStatus, Set<PaymentStatus>> ALLOWED = Map.of(
            PROCESSING, Set.of(SUCCESS, FAILED, CANCELLED, EXPIRED),
            SUCCESS, Set.of(REFUNDED),
            // Money received after the deadline is never lost: the payment becomes a late success.
            EXPIRED, Set.of(SUCCESS));

    public boolean canMoveTo(PaymentStatus next) {
        return ALLOWED.getOrDefault(this, Set.of()).contains(next);
    }

    /** The webhook event announcing this status (SPEC §6.2). */
    public String event() {
        return "transaction." + name().toLowerCase(Locale.ROOT);
    }

    public static Optional<PaymentStatus> fromName(@Nullable String name) {
        for (PaymentStatus status : values()) {
            if (status.name().equals(name)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }
}
