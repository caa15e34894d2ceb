package sn.xaalis.phone;

import com.google.i18n.phonenumbers.NumberParseException;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import com.google.i18n.phonenumbers.PhoneNumberUtil.PhoneNumberFormat;
import com.google.i18n.phonenumbers.PhoneNumberUtil.PhoneNumberType;
import com.google.i18n.phonenumbers.Phonenumber;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Phone numbers as people type them: spaces, dots, dashes and brackets between digits, {@code 00} or
 * {@code +} before the country code, or a national number read in a default region. Google's metadata
 * (libphonenumber) says which numbers exist and which are mobile.
 */
public final class PhoneNumbers {

    /** Senegal, where numbers typed without a country code are from unless a caller says otherwise. */
    public static final String SENEGAL = "SN";

    // One instance: it is thread-safe and loads each region's metadata once.
    private static final PhoneNumberUtil UTIL = PhoneNumberUtil.getInstance();

    // Longer than anyone types a number; longer texts are not read at all.
    private static final int MAX_TYPED = 40;
    private static final Pattern SEPARATORS = Pattern.compile("[\\s\\u00a0\\u202f().-]");
    // Only digits after an optional +: libphonenumber would also read letters (vanity numbers) and
    // extensions, which no shop means.
    private static final Pattern DIGITS = Pattern.compile("\\+?[0-9]+");

    private PhoneNumbers() {}

    /** The typed text without separators ({@code 00} left as typed), or null when it is not a number. */
    public static @Nullable String compact(@Nullable String typed) {
        if (typed == null || typed.length() > MAX_TYPED) {
            return null;
        }
        String compact = SEPARATORS.matcher(typed.strip()).replaceAll("");
        return DIGITS.matcher(compact).matches() ? compact : null;
    }

    /** A number that exists in Google's metadata; typed without a country code, it is read as one of {@code region}. */
    public static Optional<PhoneNumber> parse(@Nullable String typed, String region) {
        return read(typed, region).filter(UTIL::isValidNumber).map(PhoneNumbers::of);
    }

    /**
     * A number of the right length for its country, given out or not (no check of the ranges): for rules
     * wider than Google's metadata. Its region is its country code's main one.
     */
    public static Optional<PhoneNumber> possible(@Nullable String typed, String region) {
        return read(typed, region).filter(UTIL::isPossibleNumber).map(PhoneNumbers::of);
    }

    /** A mobile number of {@code region} (MOBILE, or FIXED_LINE_OR_MOBILE where the plan does not tell them apart). */
    public static Optional<PhoneNumber> mobile(@Nullable String typed, String region) {
        return parse(typed, region).filter(number -> isMobile(number, region));
    }

    public static boolean isMobile(PhoneNumber number, String region) {
        if (!number.region().equals(region)) {
            return false;
        }
        PhoneNumberType type = UTIL.getNumberType(proto(number));
        return type == PhoneNumberType.MOBILE || type == PhoneNumberType.FIXED_LINE_OR_MOBILE;
    }

    /** A fixed-line number of {@code region}, or one its plan does not tell apart from a mobile. */
    public static boolean isFixedLine(PhoneNumber number, String region) {
        if (!number.region().equals(region)) {
            return false;
        }
        PhoneNumberType type = UTIL.getNumberType(proto(number));
        return type == PhoneNumberType.FIXED_LINE || type == PhoneNumberType.FIXED_LINE_OR_MOBILE;
    }

    /**
     * E.164 for a number of the right length for its country, else null: for forms that leave the refusal
     * to later rules. A number typed without {@code +} or {@code 00} is read as a national number of
     * {@code region} only ({@code 123456789} → {@code +221123456789} in SN even if no such number exists
     * yet; {@code 221771234567} → null, as it is not nine digits).
     */
    public static @Nullable String normalize(@Nullable String typed, String region) {
        String compact = compact(typed);
        String e164 = possibleE164(compact, region);
        if (e164 == null || compact == null || compact.startsWith("+") || compact.startsWith("00")) {
            return e164;
        }
        String national = e164.substring(1 + String.valueOf(countryCode(region)).length());
        return e164.startsWith("+" + countryCode(region)) && national.equals(compact) ? e164 : null;
    }

    /**
     * E.164 for a number of the right length for its country ({@code +221123456789} for {@code 123456789}
     * in SN, even if no such number exists yet), else null: for forms that leave the refusal to later rules.
     */
    public static @Nullable String possibleE164(@Nullable String typed, String region) {
        return read(typed, region)
                .filter(UTIL::isPossibleNumber)
                .map(n -> UTIL.format(n, PhoneNumberFormat.E164))
                .orElse(null);
    }

    /** The country calling code of a region, e.g. {@code 221} for SN. */
    public static int countryCode(String region) {
        return UTIL.getCountryCodeForRegion(region);
    }

    static int countryCode(PhoneNumber number) {
        return proto(number).getCountryCode();
    }

    static String nationalNumber(PhoneNumber number) {
        return UTIL.getNationalSignificantNumber(proto(number));
    }

    static String national(PhoneNumber number) {
        return UTIL.format(proto(number), PhoneNumberFormat.NATIONAL);
    }

    private static Optional<Phonenumber.PhoneNumber> read(@Nullable String typed, String region) {
        String compact = compact(typed);
        if (compact == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(UTIL.parse(compact, region));
        } catch (NumberParseException notANumber) {
            return Optional.empty();
        }
    }

    private static PhoneNumber of(Phonenumber.PhoneNumber number) {
        String region = UTIL.isValidNumber(number)
                ? UTIL.getRegionCodeForNumber(number)
                : UTIL.getRegionCodeForCountryCode(number.getCountryCode());
        return new PhoneNumber(UTIL.format(number, PhoneNumberFormat.E164), region == null ? "001" : region);
    }

    private static Phonenumber.PhoneNumber proto(PhoneNumber number) {
        try {
            return UTIL.parse(number.e164(), null);
        } catch (NumberParseException impossible) {
            throw new IllegalStateException("An E.164 number could not be read", impossible);
        }
    }
}
