package sn.xaalis.codepayment;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A Senegal mobile number, as a customer or a cashier types it: with or without {@code +221},
 * {@code 00221} or {@code 221}, with spaces, dots or dashes between the digits.
 *
 * @param nationalNumber the nine digits, as the operator writes them (e.g. {@code 771234567})
 */
public record CustomerPhone(String nationalNumber) {

    /** Senegal's mobile numbers: nine digits starting with 7. */
    private static final Pattern NATIONAL = Pattern.compile("7[0-9]{8}");

    private static final Pattern SEPARATORS = Pattern.compile("[\\s.\\-()\\u00a0\\u202f]");

    public CustomerPhone {
        if (nationalNumber == null || !NATIONAL.matcher(nationalNumber).matches()) {
            throw new IllegalArgumentException("not a Senegal mobile number");
        }
    }

    public static Optional<CustomerPhone> parse(String typed) {
        if (typed == null || typed.length() > 40) {
            return Optional.empty();
        }
        String digits = SEPARATORS.matcher(typed.strip()).replaceAll("");
        if (digits.startsWith("+221")) {
            digits = digits.substring(4);
        } else if (digits.startsWith("00221")) {
            digits = digits.substring(5);
        } else if (digits.startsWith("221") && digits.length() == 12) {
            digits = digits.substring(3);
        }
        return NATIONAL.matcher(digits).matches() ? Optional.of(new CustomerPhone(digits)) : Optional.empty();
    }

    /** {@code +221771234567}, as payments keep customer phones (SPEC §4.1). */
    public String international() {
        return "+221" + nationalNumber;
    }

    /** {@code 77 123 45 67}, as people in Senegal write it. */
    public String display() {
        String n = nationalNumber;
        return n.substring(0, 2) + " " + n.substring(2, 5) + " " + n.substring(5, 7) + " " + n.substring(7);
    }

    @Override
    public String toString() {
        // Logs show where a number is from, not whose it is.
        return "CustomerPhone[" + nationalNumber.substring(0, 2) + "…" + "]";
    }
}
