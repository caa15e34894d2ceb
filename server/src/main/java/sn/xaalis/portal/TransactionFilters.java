package sn.xaalis.portal;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/**
 * The transactions' filters as typed in the form, shared by the page and its CSV export; unknown
 * values are ignored rather than failing the page.
 */
record TransactionFilters(
        @Nullable String status,
        @Nullable String provider,
        @Nullable String environment,
        @Nullable String from,
        @Nullable String to,
        @Nullable String q) {

    /** The days are the merchant's, in its time zone. */
    PaymentFilter toFilter(PaymentFilter.@Nullable Position after, ZoneId zone) {
        return new PaymentFilter(
                PaymentStatus.fromName(status).orElse(null),
                Provider.fromName(provider).orElse(null),
                day(from, 0, zone),
                day(to, 1, zone),
                after);
    }

    @Nullable
    Environment environmentOrNull() {
        return Environment.fromValue(environment).orElse(null);
    }

    String query() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("status", status);
        values.put("provider", provider);
        values.put("environment", environment);
        values.put("from", from);
        values.put("to", to);
        return values.entrySet().stream()
                .filter(e -> e.getValue() != null && !e.getValue().isBlank())
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    private static @Nullable Instant day(@Nullable String value, int plusDays, ZoneId zone) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return LocalDate.parse(value).plusDays(plusDays).atStartOfDay(zone).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
