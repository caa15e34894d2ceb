package sn.xaalis.payout;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;

/** Where a page of payouts ends: the last one's creation time and id, as an opaque cursor. */
public final class PayoutCursor {

    private PayoutCursor() {}

    public record Position(Instant createdAt, UUID id) {

        public String cursor() {
            String raw = createdAt.getEpochSecond() + "." + createdAt.getNano() + "." + id;
            return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.US_ASCII));
        }

        public static Optional<Position> parse(String cursor) {
            try {
                String[] parts =
                        new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.US_ASCII).split("\\.");
                return Optional.of(new Position(
                        Instant.ofEpochSecond(Long.parseLong(parts[0]), Long.parseLong(parts[1])),
                        UUID.fromString(parts[2])));
            } catch (RuntimeException e) {
                return Optional.empty();
            }
        }
    }
}
