package sn.xaalis.settlement;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import sn.xaalis.platform.Refusal;

/** A rule of the settlement module refused what was asked; its web edge gives the HTTP status. */
public abstract sealed class SettlementRefusal extends Refusal {

    private SettlementRefusal(String message, Map<String, List<String>> errors) {
        super(message, errors);
    }

    private SettlementRefusal(String message) {
        this(message, Map.of());
    }

    /** Fields of the request break its rules. */
    public static final class FieldsInvalid extends SettlementRefusal {
        FieldsInvalid(Map<String, List<String>> errors) {
            super(invalidFields(errors), errors);
        }
    }

    /** A settlement is never created without a key: a retry after a lost answer must find the first one. */
    public static final class KeyRequired extends SettlementRefusal {
        private static final Map<String, List<String>> ERRORS =
                Map.of("Idempotency-Key", List.of("is required to create a settlement"));

        KeyRequired() {
            super(invalidFields(ERRORS), ERRORS);
        }
    }

    /** The merchant has not said where its money goes. */
    public static final class NoDestination extends SettlementRefusal {
        NoDestination() {
            super("No settlement destination: set the number your money goes to in the portal first");
        }
    }

    /** The destination was set or changed less than the hold ago. */
    public static final class DestinationHeld extends SettlementRefusal {
        private final Instant until;

        DestinationHeld(Instant until) {
            super("The settlement destination was changed recently; it can be used from " + until);
            this.until = until;
        }

        public Instant until() {
            return until;
        }
    }

    /** Available does not hold the amount (or holds nothing). */
    public static final class InsufficientBalance extends SettlementRefusal {
        InsufficientBalance() {
            super("The available balance does not cover this settlement");
        }
    }

    public static final class NoSuchSettlement extends SettlementRefusal {
        NoSuchSettlement() {
            super("No such settlement");
        }
    }
}
