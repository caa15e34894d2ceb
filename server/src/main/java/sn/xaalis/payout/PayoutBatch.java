package sn.xaalis.payout;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import sn.xaalis.provider.Provider;

/**
 * A bulk payout file as kept: previewed ({@code DRAFT}), then {@code ACCEPTED} once, when its good lines
 * became payouts, or {@code DISCARDED}.
 *
 * @param lines how many lines the file held (blank ones aside)
 * @param goodLines how many of them can be paid
 * @param amount the good lines' total
 */
public record PayoutBatch(
        UUID id,
        Provider provider,
        String fileName,
        Status status,
        int lines,
        int goodLines,
        BigDecimal amount,
        Instant createdAt,
        @Nullable Instant acceptedAt) {

    public enum Status {
        DRAFT,
        ACCEPTED,
        DISCARDED
    }

    public boolean draft() {
        return status == Status.DRAFT;
    }

    public int badLines() {
        return lines - goodLines;
    }
}
