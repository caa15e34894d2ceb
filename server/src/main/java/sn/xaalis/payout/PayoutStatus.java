package sn.xaalis.payout;

import java.util.Arrays;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import sn.xaalis.provider.PayoutAnswer;

/**
 * Where a payout stands. {@code PROCESSING} until the provider's answer; {@code SUCCESS} or {@code
 * FAILED} then; a success may later be {@code REVERSED}. {@code NEEDS_REVIEW}: the provider could not
 * tell what became of it, and nothing is sent again until the merchant says what happened.
 */
public enum PayoutStatus {
    PROCESSING(null),
    SUCCESS("payout.success"),
    FAILED("payout.failed"),
    REVERSED("payout.reversed"),
    NEEDS_REVIEW(null);

    private final @Nullable String event;

    PayoutStatus(@Nullable String event) {
        this.event = event;
    }

    /** The webhook announcing this status, or null when none does. */
    public @Nullable String event() {
        return event;
    }

    /** The status a provider's outcome stands for. */
    static PayoutStatus of(PayoutAnswer.Outcome outcome) {
        return switch (outcome) {
            case SUCCEEDED -> SUCCESS;
            case FAILED -> FAILED;
            case REVERSED -> REVERSED;
        };
    }

    public static Optional<PayoutStatus> fromName(@Nullable String name) {
        return Arrays.stream(values()).filter(s -> s.name().equals(name)).findFirst();
    }
}
