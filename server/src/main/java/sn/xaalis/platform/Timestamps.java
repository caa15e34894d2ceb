package sn.xaalis.platform;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;
import org.springframework.lang.Contract;

/** The wire formats of time (D8, D17): one place so every response agrees. */
public final class Timestamps {

    private static final DateTimeFormatter MICROS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);
    // Error bodies carry a numeric offset, never 'Z' (D8).
    private static final DateTimeFormatter WITH_OFFSET =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSxxx").withZone(ZoneOffset.UTC);

    private Timestamps() {}

    /** {@code 2026-11-22T08:42:45.123400Z}: UTC with exactly six fractional digits, or null. */
    @Contract("null -> null; !null -> !null")
    public static @Nullable String micros(@Nullable Instant instant) {
        return instant == null ? null : MICROS.format(instant);
    }

    /** {@code 2026-11-22T08:42:45.123+00:00}, the §7 error timestamp. */
    public static String withOffset(Instant instant) {
        return WITH_OFFSET.format(instant);
    }

    /** Database precision is microseconds; truncate before storing so reads equal writes. */
    public static Instant truncate(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MICROS);
    }

    @Contract("null -> null; !null -> !null")
    public static @Nullable OffsetDateTime toDatabase(@Nullable Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    @Contract("null -> null; !null -> !null")
    public static @Nullable Instant fromDatabase(@Nullable OffsetDateTime value) {
        return value == null ? null : value.toInstant();
    }
}
