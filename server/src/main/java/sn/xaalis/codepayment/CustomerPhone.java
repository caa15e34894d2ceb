package sn.xaalis.codepayment;

import java.util.Optional;
import sn.xaalis.phone.PhoneNumber;
import sn.xaalis.phone.PhoneNumbers;

/**
 * A Senegal mobile number, as a customer or a cashier types it: with or without {@code +221},
 * {@code 00221} or {@code 221}, with spaces, dots or dashes between the digits (read by
 * {@link PhoneNumbers}).
 *
 * <p>libphonenumber's Senegal mobile ranges (70, 71, 721, 75 to 78, 790) are narrower than this rule,
 * documented in docs/api.md: any nine digits starting with 7. The documented rule stays, so that a range
 * an operator opens before Google's metadata lists it is not refused; libphonenumber reads the number.
 *
 * @param nationalNumber the nine digits, as the operator writes them (e.g. {@code 771234567})
 */
public record CustomerPhone(String nationalNumber) {

    private static final String SENEGAL = "+" + PhoneNumbers.countryCode(PhoneNumbers.SENEGAL);

    public CustomerPhone {
        if (nationalNumber == null
                || nationalNumber.length() != 9
                || !nationalNumber.startsWith("7")
                || !nationalNumber.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("not a Senegal mobile number");
        }
    }

    public static Optional<CustomerPhone> parse(String typed) {
        // libphonenumber's Senegal mobiles all start with 7 and have nine digits: the documented rule below
        // holds them all, so it alone decides.
        return PhoneNumbers.possible(typed, PhoneNumbers.SENEGAL)
                .filter(number -> number.region().equals(PhoneNumbers.SENEGAL))
                .filter(number -> number.nationalNumber().startsWith("7"))
                .map(PhoneNumber::nationalNumber)
                .map(CustomerPhone::new);
    }

    /** {@code +221771234567}, as payments keep customer phones (SPEC §4.1). */
    public String international() {
        return SENEGAL + nationalNumber;
    }

    /** {@code 77 123 45 67}, as people in Senegal write it. */
    public String display() {
        return number().national();
    }

    /** The number for the phone module (display, masking). */
    public PhoneNumber number() {
        return new PhoneNumber(international(), PhoneNumbers.SENEGAL);
    }

    @Override
    public String toString() {
        // Logs show where a number is from, not whose it is.
        return "CustomerPhone[" + nationalNumber.substring(0, 2) + "…" + "]";
    }
}
