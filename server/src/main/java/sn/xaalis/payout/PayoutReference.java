package sn.xaalis.payout;

import java.util.regex.Pattern;
import sn.xaalis.platform.RandomTokens;

/** A payout's identifier: {@code OUT-} and 8 uppercase alphanumerics, beside a payment's {@code SVC-…}. */
public record PayoutReference(String value) {

    private static final Pattern FORMAT = Pattern.compile("OUT-[A-Z0-9]{8}");

    public PayoutReference {
        if (value == null || !FORMAT.matcher(value).matches()) {
            throw new IllegalArgumentException("Not a payout reference");
        }
    }

    public static boolean isWellFormed(String value) {
        return value != null && FORMAT.matcher(value).matches();
    }

    static PayoutReference random() {
        return new PayoutReference("OUT-" + RandomTokens.upperAlphanumeric(8));
    }

    @Override
    public String toString() {
        return value;
    }
}
