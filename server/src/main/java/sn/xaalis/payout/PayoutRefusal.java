package sn.xaalis.payout;

import java.util.List;
import java.util.Map;
import sn.xaalis.platform.Refusal;

/**
 * A rule of the payout module refused what was asked: thrown without an HTTP status, which the web edge
 * gives ({@code payout.web.PayoutStatuses}).
 */
public abstract sealed class PayoutRefusal extends Refusal {

    private PayoutRefusal(String message, Map<String, List<String>> errors) {
        super(message, errors);
    }

    private PayoutRefusal(String message) {
        this(message, Map.of());
    }

    /** Fields of the request break its rules, every broken one with what is wrong. */
    public static final class FieldsInvalid extends PayoutRefusal {
        FieldsInvalid(Map<String, List<String>> errors) {
            super(invalidFields(errors), errors);
        }
    }

    /** A payout is never created without a key: a retry after a lost answer must find the first one. */
    public static final class KeyRequired extends PayoutRefusal {
        private static final Map<String, List<String>> ERRORS =
                Map.of("Idempotency-Key", List.of("is required to create a payout"));

        KeyRequired() {
            super(invalidFields(ERRORS), ERRORS);
        }
    }

    /** The merchant has not turned payouts on for this application. */
    public static final class TurnedOff extends PayoutRefusal {
        TurnedOff() {
            super("Payouts are turned off for this application: turn them on in the portal");
        }
    }

    /** The request came from an address the merchant did not allow. */
    public static final class AddressNotAllowed extends PayoutRefusal {
        AddressNotAllowed() {
            super("Payouts are not allowed from this address");
        }
    }

    /** The provider is not activated for this application in this environment. */
    public static final class ProviderNotActivated extends PayoutRefusal {
        private static final Map<String, List<String>> ERRORS =
                Map.of("provider", List.of("is not activated for this application"));

        ProviderNotActivated() {
            super(invalidFields(ERRORS), ERRORS);
        }
    }

    /** The operator has withdrawn the merchant's approval: nothing goes out in live. */
    public static final class LiveSuspended extends PayoutRefusal {
        LiveSuspended() {
            super("Live payouts are suspended: the operator has withdrawn this merchant's approval");
        }
    }

    /** Live payouts go out of the application's own provider account; it has none that can send them. */
    public static final class LiveUnavailable extends PayoutRefusal {
        LiveUnavailable(String why) {
            super(why);
        }
    }

    /** The day's cap (amount or count) would be passed: nothing is sent. */
    public static final class CapReached extends PayoutRefusal {
        CapReached(String what) {
            super("This payout would pass the application's daily " + what + " cap");
        }
    }

    /** No payout with this reference for this application and environment. */
    public static final class NoSuchPayout extends PayoutRefusal {
        public NoSuchPayout() {
            super("No payout with this reference");
        }
    }
}
