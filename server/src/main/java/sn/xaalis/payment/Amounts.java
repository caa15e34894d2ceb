package sn.xaalis.payment;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.regex.Pattern;

/** Amount rules of D2: exact decimals, never {@code double}. Payment links check theirs with the same rules. */
public final class Amounts {

    static final BigDecimal MINIMUM = new BigDecimal("0.01");
    /** No money, at the scale amounts are stored in. */
    public static final BigDecimal ZERO = new BigDecimal("0.00");
    // A quoted amount is plain digits with an optional fraction; no sign, exponent or spaces.
    private static final Pattern QUOTED = Pattern.compile("[0-9]{1,20}(\\.[0-9]{1,20})?");
    private static final int MAX_TEXT = 64;

    private Amounts() {}

    /** The rule an amount broke, for pages that say it in the reader's language. */
    public enum Rule {
        FORMAT,
        MINIMUM,
        MAXIMUM,
        DECIMALS,
        WHOLE
    }

    /** The outcome of reading an amount: a value, or the rule it breaks and the API's English reason. */
    public sealed interface Parsed {
        record Valid(BigDecimal value) implements Parsed {}

        record Invalid(Rule rule, String reason) implements Parsed {}
    }

    /**
     * @param text the JSON string content, or the JSON number exactly as written
     * @param quoted whether it came as a JSON string
     */
    public static Parsed parse(String text, boolean quoted, BigDecimal maximum, boolean wholeOnly) {
        if (text.length() > MAX_TEXT || (quoted && !QUOTED.matcher(text).matches())) {
            return new Parsed.Invalid(Rule.FORMAT, "must be a decimal number such as \"1500.00\"");
        }
        BigDecimal value;
        try {
            value = new BigDecimal(text);
        } catch (NumberFormatException e) {
            return new Parsed.Invalid(Rule.FORMAT, "must be a decimal number such as \"1500.00\"");
        }
        // Bounds first: they are cheap even for absurd exponents like 1e309 or 1e-999999.
        if (value.compareTo(MINIMUM) < 0) {
            return new Parsed.Invalid(Rule.MINIMUM, "must be at least 0.01");
        }
        if (value.compareTo(maximum) > 0) {
            return new Parsed.Invalid(
                    Rule.MAXIMUM,
                    "must be at most "
                            + maximum.setScale(2, RoundingMode.UNNECESSARY).toPlainString());
        }
        if (value.stripTrailingZeros().scale() > 2) {
            return new Parsed.Invalid(Rule.DECIMALS, "must have at most two decimals");
        }
        if (wholeOnly && value.stripTrailingZeros().scale() > 0) {
            return new Parsed.Invalid(Rule.WHOLE, "MOBILEMONEY_SN accepts whole amounts only");
        }
        return new Parsed.Valid(value.setScale(2, RoundingMode.UNNECESSARY));
    }

    /** The API's form: two decimals, {@code "1500.00"}. */
    public static String format(BigDecimal amount) {
        return amount.setScale(2, RoundingMode.UNNECESSARY).toPlainString();
    }

    /** The API's form, or null for no amount (a payment's fee before its SUCCESS). */
    public static @org.jspecify.annotations.Nullable String formatOrNull(
            @org.jspecify.annotations.Nullable BigDecimal amount) {
        return amount == null ? null : format(amount);
    }
}
