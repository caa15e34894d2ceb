package sn.xaalis.payment;

import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ListParameters;
import sn.xaalis.provider.Provider;

/**
 * Filters of the payment list (D15); null means "any".
 *
 * @param after the position the page starts after (from a cursor)
 */
public record PaymentFilter(
        @Nullable PaymentStatus status,
        @Nullable Provider provider,
        @Nullable Instant createdFrom,
        @Nullable Instant createdTo,
        @Nullable Position after) {

    /** The same filter, starting after another position. */
    public PaymentFilter after(Position position) {
        return new PaymentFilter(status, provider, createdFrom, createdTo, position);
    }

    /** A place in the newest-first order: opaque to clients, stable under concurrent inserts. */
    public record Position(Instant createdAt, UUID id) {

        public String cursor() {
            String raw = createdAt.getEpochSecond() + "." + createdAt.getNano() + "." + id;
            return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes());
        }

        /** The {@code cursor} parameter of a list (payments, payouts, links), or null: none, or added to errors. */
        public static @Nullable Position fromParameter(@Nullable String cursor, Map<String, List<String>> errors) {
            return ListParameters.named(
                    "cursor", cursor, Position::parse, "is not a cursor returned by this API", errors);
        }

        public static Optional<Position> parse(String cursor) {
            try {
                String[] parts = new String(Base64.getUrlDecoder().decode(cursor)).split("\\.");
                return Optional.of(new Position(
                        Instant.ofEpochSecond(Long.parseLong(parts[0]), Long.parseLong(parts[1])),
                        UUID.fromString(parts[2])));
            } catch (RuntimeException e) {
                return Optional.empty();
            }
        }
    }
}
