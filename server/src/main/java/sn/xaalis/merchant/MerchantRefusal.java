package sn.xaalis.merchant;

import java.util.List;
import java.util.Map;
import sn.xaalis.platform.Refusal;

/**
 * A rule of the merchant module refused what was asked. Services throw it without an HTTP status; the
 * web edge answers it: a page says so, the API answers with the status {@link RefusalResponses} gives.
 */
public abstract sealed class MerchantRefusal extends Refusal {

    private MerchantRefusal(String message, Map<String, List<String>> errors) {
        super(message, errors);
    }

    /** Fields of the request break the rules; each with what is wrong. */
    public static final class FieldsInvalid extends MerchantRefusal {
        FieldsInvalid(Map<String, List<String>> errors) {
            super(invalidFields(errors), errors);
        }
    }

    /** No such merchant. */
    public static final class NoSuchMerchant extends MerchantRefusal {
        NoSuchMerchant() {
            super("No such merchant", Map.of());
        }
    }

    /** No such application, or not the merchant's: the same answer, which tells nothing apart. */
    public static final class NoSuchApplication extends MerchantRefusal {
        NoSuchApplication() {
            super("No such application", Map.of());
        }
    }

    /** The application has no active key of that name. */
    public static final class NoSuchKey extends MerchantRefusal {
        NoSuchKey(String apiKey) {
            super("No active key " + apiKey + " for this application", Map.of());
        }
    }

    /** No such team member, or not of this merchant's team: the same answer. */
    public static final class NoSuchMember extends MerchantRefusal {
        NoSuchMember() {
            super("No such member", Map.of());
        }
    }

    /** The account's holder is its owner for good: not removed, not given another role. */
    public static final class HolderStays extends MerchantRefusal {
        HolderStays() {
            super("The account's owner cannot be removed or given another role", Map.of());
        }
    }

    /** Another merchant has this email already. */
    public static final class EmailTaken extends MerchantRefusal {
        EmailTaken() {
            super("A merchant with this email already exists", Map.of("email", List.of("is already registered")));
        }
    }

    /** The application asked to go live while something still stands in the way (D16). */
    public static final class NotReadyForLive extends MerchantRefusal {
        NotReadyForLive(List<String> unmet) {
            super("The application cannot go live yet", Map.of("live_enabled", unmet));
        }
    }

    /**
     * The account's address is not confirmed yet: nothing that lets others in or holds on to the account
     * (team members, two-factor, live keys, payment accounts) until it is, so that whoever signed up with
     * someone else's address leaves nothing behind for its owner (issue 47).
     */
    public static final class Unconfirmed extends MerchantRefusal {
        Unconfirmed() {
            super("The account's e-mail address is not confirmed yet", Map.of());
        }
    }

    /** Revoking this key would leave a live application without a live key: its payments would stop. */
    public static final class LastLiveKey extends MerchantRefusal {
        LastLiveKey() {
            super("is the last live key of a live application", Map.of());
        }
    }
}
