package sn.xaalis.provider;

import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import sn.xaalis.phone.PhoneNumber;
import sn.xaalis.phone.PhoneNumbers;

/**
 * The numbers both providers pay to and send from: Senegal mobile numbers (libphonenumber's ranges) on
 * the networks 70, 75, 76, 77 and 78. libphonenumber's Senegal mobile ranges also hold 71, 721 and 790,
 * which neither provider serves: they stay refused, as under the rule written by hand before.
 */
public final class PayableNumbers {

    private static final Pattern NETWORKS = Pattern.compile("7[05678][0-9]{7}");
    private static final Pattern NINE_DIGITS = Pattern.compile("[0-9]{9}");

    private PayableNumbers() {}

    /** A number as typed ({@code 77 123 45 67}, {@code +221…}, {@code 00221…}) when a provider serves it. */
    public static Optional<PhoneNumber> read(@Nullable String typed) {
        return PhoneNumbers.mobile(typed, PhoneNumbers.SENEGAL)
                .filter(number -> NETWORKS.matcher(number.nationalNumber()).matches());
    }

    /** Exactly E.164 ({@code +221771234567}: no spaces, no {@code 00}) and served by the providers. */
    public static boolean isE164(String phone) {
        return read(phone).filter(number -> number.e164().equals(phone)).isPresent();
    }

    /** The operator's form of a retailer account: its nine digits, without 221 ({@code 771234567}). */
    public static boolean isRetailerNumber(String nineDigits) {
        return NINE_DIGITS.matcher(nineDigits).matches()
                && read(nineDigits)
                        .filter(n -> n.nationalNumber().equals(nineDigits))
                        .isPresent();
    }
}
