package sn.xaalis.settlement;

import java.util.Arrays;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where a settlement stands: {@code PROCESSING} while its payout is queued or sent, {@code PAID} once
 * the money arrived, {@code FAILED} when it did not (the balance got it back), {@code REVERSED} when a
 * paid one was reversed (the balance got it back too).
 */
public enum SettlementStatus {
    PROCESSING(null),
    PAID("settlement.paid"),
    FAILED("settlement.failed"),
    REVERSED("settlement.failed");

    private final @Nullable String event;

    SettlementStatus(@Nullable String event) {
        this.event = event;
    }

    /** The webhook announcing this status, or null. */
    public @Nullable String event() {
        return event;
    }

    /** Whether the money came back to the balance. */
    public boolean returned() {
        return this == FAILED || this == REVERSED;
    }

    public static Optional<SettlementStatus> fromName(@Nullable String name) {
        return Arrays.stream(values()).filter(s -> s.name().equals(name)).findFirst();
    }
}
