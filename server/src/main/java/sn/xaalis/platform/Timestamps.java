package sn.xaalis.platform;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** The wire formats of time (D8, D17): one place so every response agrees. */
public final class Timestamps {

    private static final DateTimeFormatter MICROS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);
    // Error bodies carry a numeric offset, never 'Z' (D8).
    private static final DateTimeFormatter WITH_OFFSET =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSxxx").withZone(ZoneOffset.UTC);

    private Timestamps() {}

    /** {@code 2026-11-22T08:42:45.123400Z}: UTC with exactly six fractional digits, or null. */
    public static String micros(Instant instant) {
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

    public static OffsetDateTime toDatabase(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    public static Instant fromDatabase(OffsetDateTime value) {
        return value == null ? null : value.toInstant();
    }
}
