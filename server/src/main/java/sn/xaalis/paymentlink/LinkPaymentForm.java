package sn.xaalis.paymentlink;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.payment.Amounts;
import sn.xaalis.payment.PaymentProperties;
import sn.xaalis.provider.Provider;

/**
 * What a customer filled in on a link's page, checked against the link: a method it offers, an amount
 * it allows, a phone number and a name the API takes. Every problem is found, field by field.
 */
@Component
class LinkPaymentForm {

    private static final int MAX_CUSTOMER_NAME = 100;

    private final PaymentProperties properties;

    LinkPaymentForm(PaymentProperties properties) {
        this.properties = properties;
    }

    /** The form once checked: either what to initiate, or the problems to show. */
    sealed interface Checked {
        /** @param amount as the API writes amounts; {@code phone} and {@code name} null when blank */
        record Valid(Provider provider, String amount, @Nullable String phone, @Nullable String name)
                implements Checked {}

        record Invalid(Map<String, List<Problem>> problems) implements Checked {}
    }

    /** @param offered the methods the customer can choose now */
    Checked check(PaymentLink link, LinkCheckout.Form form, Set<Provider> offered, Locale locale) {
        Map<String, List<Problem>> problems = new LinkedHashMap<>();
        Provider provider =
                Provider.fromName(form.provider()).filter(offered::contains).orElse(null);
        if (provider == null) {
            LinkRules.add(problems, "provider", Problem.of("pay.provider", "choose a payment method"));
        }
        String amount = amount(link, form.amount(), provider, locale, problems);
        String phone = CustomerInput.phone(form.customerPhone());
        if (phone != null && !CustomerInput.validPhone(phone)) {
            LinkRules.add(problems, "customer_phone", Problem.of("pay.phone", "is not a phone number"));
        }
        String name = form.customerName();
        if (name != null && name.codePointCount(0, name.length()) > MAX_CUSTOMER_NAME) {
            LinkRules.add(
                    problems,
                    "customer_name",
                    Problem.of("pay.name", "must be at most " + MAX_CUSTOMER_NAME + " characters", MAX_CUSTOMER_NAME));
        }
        if (provider == null || amount == null || !problems.isEmpty()) { // a null one is always among the problems
            return new Checked.Invalid(problems);
        }
        return new Checked.Valid(provider, amount, phone, name);
    }

    /** The link's own amount, or the customer's within the link's range, as the API writes amounts. */
    private @Nullable String amount(
            PaymentLink link,
            @Nullable String typed,
            @Nullable Provider provider,
            Locale locale,
            Map<String, List<Problem>> problems) {
        if (link.fixedAmount()) {
            return Amounts.format(Objects.requireNonNull(link.amount(), "a fixed link has its amount"));
        }
        String text = CustomerInput.amount(typed, locale);
        if (text == null) {
            LinkRules.add(problems, "amount", Problem.of("pay.amount.missing", "is required"));
            return null;
        }
        BigDecimal maximum = properties.maxAmount(provider);
        boolean wholeOnly = provider != null && provider.wholeAmountsOnly();
        BigDecimal value = null;
        switch (Amounts.parse(text, true, maximum, wholeOnly)) {
            case Amounts.Parsed.Valid valid -> value = valid.value();
            case Amounts.Parsed.Invalid invalid -> {
                // Out of the API's bounds is said below, as out of the link's range.
                if (invalid.rule() != Amounts.Rule.MINIMUM && invalid.rule() != Amounts.Rule.MAXIMUM) {
                    String code = "pay.amount." + invalid.rule().name().toLowerCase(Locale.ROOT);
                    LinkRules.add(problems, "amount", Problem.of(code, invalid.reason()));
                    return null;
                }
            }
        }
        // A link without a fixed amount has a range.
        BigDecimal min = Objects.requireNonNull(link.minAmount());
        BigDecimal max = Objects.requireNonNull(link.maxAmount());
        if (value == null || value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            LinkRules.add(
                    problems,
                    "amount",
                    Problem.of("pay.amount.range", "must be between the link's minimum and maximum", min, max));
            return null;
        }
        return Amounts.format(value);
    }
}
