package sn.xaalis.platform;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The query parameters of the API's lists (payments, payouts, payment links), read with one set of rules
 * and messages: each broken one is added to {@code errors} under its name, for one 400 naming them all.
 */
public final class ListParameters {

    private ListParameters() {}

    /** The value {@code parse} reads in {@code text}, or null: none was sent, or {@code rule} is added to errors. */
    public static <T> @Nullable T named(
            String field,
            @Nullable String text,
            Function<String, Optional<T>> parse,
            String rule,
            Map<String, List<String>> errors) {
        if (text == null) {
            return null;
        }
        T value = parse.apply(text).orElse(null);
        if (value == null) {
            errors.put(field, List.of(rule));
        }
        return value;
    }

    /** An instant such as {@code 2026-11-22T00:00:00Z}, or null: none was sent, or it is added to errors. */
    public static @Nullable Instant instant(String field, @Nullable String value, Map<String, List<String>> errors) {
        if (value == null) {
            return null;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            errors.put(field, List.of("must be an ISO 8601 UTC timestamp such as 2026-11-22T00:00:00Z"));
            return null;
        }
    }

    /** The page size asked for, or -1 when it is not a whole number (the caller checks its bounds). */
    public static int size(String limit) {
        try {
            return Integer.parseInt(limit);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
