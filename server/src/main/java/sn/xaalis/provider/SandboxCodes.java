package sn.xaalis.provider;

import java.util.Locale;

/**
 * The sandbox's one-time codes, one per outcome a merchant must handle (D13); any other code is taken
 * as a wrong one.
 */
public enum SandboxCodes {
    SUCCEEDS("123456"),
    WRONG_CODE("000000"),
    INSUFFICIENT_FUNDS("111111"),
    NO_ANSWER("222222");

    private final String code;

    SandboxCodes(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    /** Words for the message bundles' keys, e.g. {@code wrong-code}. */
    public String slug() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static SandboxCodes of(String code) {
        for (SandboxCodes magic : values()) {
            if (magic.code.equals(code)) {
                return magic;
            }
        }
        return WRONG_CODE;
    }
}
