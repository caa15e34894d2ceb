package sn.xaalis.paymentlink;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** The portal's creation form as typed, to show again with its errors, and read as the API's draft. */
record LinkForm(
        String application,
        String environment,
        String amount,
        String minAmount,
        String maxAmount,
        String description,
        List<String> providers,
        boolean singleUse,
        String expiresAt,
        String maxPaymentsPerHour) {

    /** A blank form: the sandbox chosen, nothing typed. */
    static final LinkForm EMPTY = new LinkForm("", "sandbox", "", "", "", "", List.of(), false, "", "");

    // A minus sign (hyphen or U+2212) before digits: "-4500", "−4 500", "-0.5".
    private static final Pattern NEGATIVE = Pattern.compile("[-\u2212][0-9]*\\.?[0-9]+");

    /**
     * What the API's draft would say, with what the form itself refuses among the problems.
     *
     * @param zone the merchant's time zone, read only when an expiry is typed
     */
    LinkDraft draft(Supplier<ZoneId> zone, Locale locale, Map<String, List<Problem>> problems) {
        return new LinkDraft(
                typed("amount", amount, locale, problems),
                typed("min_amount", minAmount, locale, problems),
                typed("max_amount", maxAmount, locale, problems),
                null,
                description.isBlank() ? null : description.strip(),
                providers.isEmpty() ? null : providers,
                singleUse,
                expiresAt.isBlank() ? null : instant(expiresAt, zone.get()),
                wholeNumber(maxPaymentsPerHour, problems),
                problems);
    }

    /** The hourly cap as typed (blank: none); anything but a whole number is refused by the form. */
    private static @Nullable Integer wholeNumber(String text, Map<String, List<Problem>> problems) {
        String clean = text.strip().replace(" ", "").replace("\u00a0", "");
        if (clean.isEmpty()) {
            return null;
        }
        try {
            return Integer.valueOf(clean);
        } catch (NumberFormatException e) {
            LinkRules.add(problems, "max_payments_per_hour", Problem.of("shape.integer", "must be a whole number"));
            return null;
        }
    }

    /**
     * An amount as typed. A negative one is a number all the same: it is refused as not positive rather than
     * as not written in figures (which is what the API's plain-digits rule would say).
     */
    private static LinkDraft.@Nullable AmountText typed(
            String field, String text, Locale locale, Map<String, List<Problem>> problems) {
        String amount = CustomerInput.amount(text, locale);
        if (amount == null) {
            return null;
        }
        if (NEGATIVE.matcher(amount).matches()) {
            LinkRules.add(problems, field, Problem.of("amount.minimum", "must be at least 0.01"));
            return null;
        }
        return new LinkDraft.AmountText(amount, true);
    }

    /** A {@code datetime-local} value, read in the merchant's time zone; left as typed when it is not one. */
    private static String instant(String local, ZoneId zone) {
        try {
            return LocalDateTime.parse(local).atZone(zone).toInstant().toString();
        } catch (DateTimeParseException e) {
            return local;
        }
    }
}
