package sn.xaalis.paymentlink;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import sn.xaalis.phone.PhoneNumbers;

/** What customers type, as people write it, turned into what the API expects. */
final class CustomerInput {

    private static final Pattern PHONE = Pattern.compile("\\+[0-9]{6,19}");
    private static final Pattern SEPARATORS = Pattern.compile("[\\s\\u00a0\\u202f().-]");

    private CustomerInput() {}

    /** {@code 77 123 45 67}, {@code 00221771234567} and {@code +221 77 123 45 67} all become {@code +221771234567}. */
    static @Nullable String phone(@Nullable String typed) {
        if (typed == null || typed.isBlank()) {
            return null;
        }
        // A number libphonenumber can read (a national one as Senegalese) in E.164; anything else as typed,
        // for the initiation's own rule (+ then digits) to accept or refuse.
        String number = PhoneNumbers.normalize(typed, PhoneNumbers.SENEGAL);
        if (number != null) {
            return number;
        }
        String compact = SEPARATORS.matcher(typed).replaceAll("");
        return compact.startsWith("00") ? "+" + compact.substring(2) : compact;
    }

    static boolean validPhone(String phone) {
        return PHONE.matcher(phone).matches();
    }

    /**
     * {@code 4 500} and {@code 4500,50} in French, {@code 4,500} and {@code 4500.50} in English become
     * {@code 4500} and {@code 4500.50}; anything else is left for the amount rules to refuse.
     */
    static @Nullable String amount(@Nullable String typed, Locale locale) {
        if (typed == null || typed.isBlank()) {
            return null;
        }
        String compact = typed.replaceAll("[\\s\\u00a0\\u202f]", "");
        boolean english = locale != null && "en".equals(locale.getLanguage());
        return english ? compact.replace(",", "") : compact.replace(',', '.');
    }

    /** The initiation's refusal (English, by API field) as the page's problems. */
    static Map<String, List<Problem>> problems(Map<String, List<String>> apiErrors) {
        Map<String, List<Problem>> problems = new LinkedHashMap<>();
        apiErrors.forEach((field, messages) -> {
            String english = String.join("; ", messages);
            Problem problem =
                    switch (field) {
                        case "provider" ->
                            english.startsWith("refused by the provider")
                                    ? Problem.of("pay.provider.refused", english)
                                    : Problem.of("pay.provider", english);
                        case "amount" -> Problem.of("pay.amount.format", english);
                        case "customer_phone" -> Problem.of("pay.phone", english);
                        case "customer_name" -> Problem.of("pay.name", english, 100);
                        default -> Problem.of("pay.failed", english);
                    };
            String on = List.of("provider", "amount", "customer_phone", "customer_name")
                            .contains(field)
                    ? field
                    : "form";
            LinkRules.add(problems, on, problem);
        });
        return problems;
    }
}
