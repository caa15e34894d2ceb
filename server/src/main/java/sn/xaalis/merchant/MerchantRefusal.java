package sn.xaalis.merchant;

import java.util.List;
import java.util.Map;

/**
 * A rule of the merchant module refused what was asked. Services throw it without an HTTP status; the
 * web edge answers it: a page says so, the API answers with the status {@link RefusalResponses} gives.
 */
public abstract sealed class MerchantRefusal extends RuntimeException {

    private final Map<String, List<String>> errors;

    private MerchantRefusal(String message, Map<String, List<String>> errors) {
        super(message, null, false, false);
        this.errors = errors;
    }

    /** What was refused, by field: shown next to the fields on a page, in {@code errors} by the API. */
    public Map<String, List<String>> errors() {
        return errors;
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

    /** Revoking this key would leave a live application without a live key: its payments would stop. */
    public static final class LastLiveKey extends MerchantRefusal {
        LastLiveKey() {
            super("is the last live key of a live application", Map.of());
        }
    }
}
