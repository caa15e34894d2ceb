package sn.xaalis.payment;

import java.util.regex.Pattern;
import sn.xaalis.platform.RandomTokens;

/** The main identifier of a payment: {@code SVC-} and 8 uppercase alphanumerics (SPEC §2.1). */
public record Reference(String value) {

    private static final Pattern FORMAT = Pattern.compile("SVC-[A-Z0-9]{8}");

    public Reference {
        if (value == null || !FORMAT.matcher(value).matches()) {
            throw new IllegalArgumentException("Not a payment reference");
        }
    }

    public static boolean isWellFormed(String value) {
        return value != null && FORMAT.matcher(value).matches();
    }

    static Reference random() {
        return new Reference("SVC-" + RandomTokens.upperAlphanumeric(8));
    }

    @Override
    public String toString() {
        return value;
    }
}
