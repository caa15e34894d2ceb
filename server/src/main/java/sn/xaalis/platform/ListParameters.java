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

    /** The page size asked for, 1 to 100; anything else is added to errors (and -1 returned). */
    public static int limit(String limit, Map<String, List<String>> errors) {
        int size;
        try {
            size = Integer.parseInt(limit);
        } catch (NumberFormatException e) {
            size = -1;
        }
        if (size < 1 || size > 100) {
            errors.put("limit", List.of("must be a whole number from 1 to 100"));
            return -1;
        }
        return size;
    }
}
