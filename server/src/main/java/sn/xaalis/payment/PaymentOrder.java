package sn.xaalis.payment;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.RedirectUrls;
import sn.xaalis.provider.Provider;

/**
 * An initiation request that passed every rule of SPEC §4.1 and D2–D4, defaults applied: it cannot
 * exist otherwise. {@link InitiationRules} tells the merchant every rule a request breaks; the
 * constructor only refuses what those rules let through by mistake.
 *
 * @param metadataJson the merchant's JSON object exactly as sent, {@code {}} when absent (D5)
 */
record PaymentOrder(
        Provider provider,
        BigDecimal amount,
        String currency,
        @Nullable String description,
        @Nullable String customerPhone,
        @Nullable String customerName,
        String metadataJson,
        @Nullable String successUrl,
        @Nullable String errorUrl) {

    // customer_phone is stored as sent once it passes this; PaymentSearch reads typed numbers into it.
    static final Pattern PHONE = Pattern.compile("\\+[0-9]{6,19}");
    private static final int MAX_DESCRIPTION = 500;
    private static final int MAX_CUSTOMER_NAME = 100;

    PaymentOrder {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(currency, "currency");
        Objects.requireNonNull(metadataJson, "metadataJson");
        if (amount == null || amount.compareTo(Amounts.MINIMUM) < 0) {
            throw new IllegalArgumentException("amount below the minimum");
        }
        if (descriptionError(description) != null
                || phoneError(customerPhone) != null
                || nameError(customerName) != null) {
            throw new IllegalArgumentException("a free-text field breaks its rule");
        }
    }

    /** The rules of the fields that need nothing but their own value, added to {@code errors} by field. */
    static void checkTexts(InitiationRequest request, Map<String, List<String>> errors) {
        addIfBroken("description", descriptionError(request.description()), errors);
        addIfBroken("customer_phone", phoneError(request.customerPhone()), errors);
        addIfBroken("customer_name", nameError(request.customerName()), errors);
        if (!errors.containsKey("success_url")) {
            addIfBroken("success_url", urlError(request.successUrl()), errors);
        }
        if (!errors.containsKey("error_url")) {
            addIfBroken("error_url", urlError(request.errorUrl()), errors);
        }
    }

    private static void addIfBroken(String field, @Nullable String error, Map<String, List<String>> errors) {
        if (error != null) {
            errors.put(field, List.of(error));
        }
    }

    private static @Nullable String descriptionError(@Nullable String description) {
        return description != null && codePoints(description) > MAX_DESCRIPTION
                ? "must be at most " + MAX_DESCRIPTION + " characters"
                : null;
    }

    private static @Nullable String phoneError(@Nullable String phone) {
        return phone != null && !PHONE.matcher(phone).matches()
                ? "must be in international format: + then 6 to 19 digits"
                : null;
    }

    private static @Nullable String nameError(@Nullable String name) {
        return name != null && codePoints(name) > MAX_CUSTOMER_NAME
                ? "must be at most " + MAX_CUSTOMER_NAME + " characters"
                : null;
    }

    private static @Nullable String urlError(@Nullable String url) {
        return url == null ? null : RedirectUrls.problem(url).orElse(null);
    }

    private static int codePoints(String text) {
        return text.codePointCount(0, text.length());
    }
}
