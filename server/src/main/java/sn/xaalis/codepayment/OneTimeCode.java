package sn.xaalis.codepayment;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The code a customer got from the operator's USSD menu: 4 to 8 digits (spaces allowed as typed). It
 * goes to the operator and nowhere else: never logged, stored or echoed, so its {@code toString} hides it.
 */
public record OneTimeCode(String digits) {

    private static final Pattern DIGITS = Pattern.compile("[0-9]{4,8}");

    public OneTimeCode {
        if (digits == null || !DIGITS.matcher(digits).matches()) {
            throw new IllegalArgumentException("not a one-time code");
        }
    }

    public static Optional<OneTimeCode> parse(String typed) {
        if (typed == null || typed.length() > 20) {
            return Optional.empty();
        }
        String digits = typed.replaceAll("[\\s\\u00a0\\u202f]", "");
        return DIGITS.matcher(digits).matches() ? Optional.of(new OneTimeCode(digits)) : Optional.empty();
    }

    @Override
    public String toString() {
        return "OneTimeCode[hidden]";
    }
}
