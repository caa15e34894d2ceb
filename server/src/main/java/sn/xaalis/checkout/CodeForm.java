package sn.xaalis.checkout;

import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The hosted page's one-time-code form as an answer leaves it: what to say ({@code saidKey}, with the
 * tries left), whether it is an error, whether the form is shown again, the fields to correct and the
 * number typed. Never the code: it goes to the operator and nowhere else, the page included.
 */
record CodeForm(
        @Nullable String phone,
        @Nullable String saidKey,
        int triesLeft,
        boolean alert,
        boolean open,
        Set<String> invalid) {

    /** What the form says after a post: the rest of the key is one of the factories' names below. */
    static final String SAID_MESSAGE_KEY_PREFIX = "pay.code.said.";

    CodeForm {
        invalid = Set.copyOf(invalid);
    }

    /** The form as the page opens, with the number the customer already gave, if any. */
    static CodeForm blank(@Nullable String phone) {
        return new CodeForm(phone, null, 0, false, true, Set.of());
    }

    static CodeForm refused(@Nullable String phone, int triesLeft) {
        return new CodeForm(phone, SAID_MESSAGE_KEY_PREFIX + "refused", triesLeft, true, true, Set.of());
    }

    static CodeForm invalid(@Nullable String phone, Set<String> fields) {
        return new CodeForm(phone, SAID_MESSAGE_KEY_PREFIX + "invalid", 0, true, true, fields);
    }

    static CodeForm unavailable(@Nullable String phone) {
        return new CodeForm(phone, SAID_MESSAGE_KEY_PREFIX + "unavailable", 0, true, true, Set.of());
    }

    /** The operator has not answered: another code would only be refused as busy, so no form. */
    static CodeForm awaiting() {
        return new CodeForm(null, SAID_MESSAGE_KEY_PREFIX + "awaiting", 0, false, false, Set.of());
    }

    static CodeForm busy() {
        return new CodeForm(null, SAID_MESSAGE_KEY_PREFIX + "busy", 0, false, false, Set.of());
    }

    /** Expired on the clock, or out of tries, before the payment's own status says so. */
    static CodeForm closed() {
        return new CodeForm(null, SAID_MESSAGE_KEY_PREFIX + "closed", 0, true, false, Set.of());
    }

    public boolean phoneInvalid() {
        return invalid.contains("customer_phone");
    }

    public boolean otpInvalid() {
        return invalid.contains("otp");
    }
}
