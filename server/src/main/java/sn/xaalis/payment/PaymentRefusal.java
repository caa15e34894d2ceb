package sn.xaalis.payment;

import java.util.List;
import java.util.Map;
import sn.xaalis.platform.Refusal;

/**
 * A rule of the payment module refused what was asked (SPEC §4): thrown without an HTTP status, which
 * the web edge gives ({@code payment.web.RefusalStatuses}), or a page says in its own words.
 */
public abstract sealed class PaymentRefusal extends Refusal {

    private PaymentRefusal(String message, Map<String, List<String>> errors) {
        super(message, errors);
    }

    private PaymentRefusal(String message) {
        this(message, Map.of());
    }

    /** Fields of the initiation break its rules, every broken one with what is wrong. */
    public static final class FieldsInvalid extends PaymentRefusal {
        FieldsInvalid(Map<String, List<String>> errors) {
            super(invalidFields(errors), errors);
        }
    }

    /** The operator has withdrawn the merchant's approval: no live payment starts. */
    public static final class LiveSuspended extends PaymentRefusal {
        LiveSuspended() {
            super("Live payments are suspended: the operator has withdrawn this merchant's approval");
        }
    }

    /** D16: this server runs on the embedded database, where live payments stop. */
    public static final class LiveOnEmbeddedDatabase extends PaymentRefusal {
        LiveOnEmbeddedDatabase() {
            super("Live payments are disabled: this server runs on the embedded database");
        }
    }

    /** The provider said no, in its own words: said as a problem of the {@code provider} field. */
    public static final class ProviderRefused extends PaymentRefusal {
        private static final String FIELD = "provider";

        private final String reason;

        ProviderRefused(String reason) {
            this(reason, Map.of(FIELD, List.of("refused by the provider: " + reason)));
        }

        private ProviderRefused(String reason, Map<String, List<String>> errors) {
            super(invalidFields(errors), errors);
            this.reason = reason;
        }

        /** The provider's own words. */
        public String reason() {
            return reason;
        }
    }

    /** The provider could not be reached, or did not answer in time: nothing changed. */
    public static final class ProviderUnavailable extends PaymentRefusal {
        ProviderUnavailable(String reason) {
            super(reason);
        }
    }

    /** None of the caller's payments has this reference. */
    public static final class NoSuchPayment extends PaymentRefusal {
        NoSuchPayment() {
            super("No payment with this reference");
        }
    }

    /** No sandbox payment has this reference (a live one is not shown to a tester). */
    public static final class NoSuchSandboxPayment extends PaymentRefusal {
        NoSuchSandboxPayment() {
            super("No such sandbox payment");
        }
    }

    /** Simulating an outcome (D13) is for sandbox keys only. */
    public static final class NotSandbox extends PaymentRefusal {
        NotSandbox() {
            super("Simulation is only available with sandbox keys");
        }
    }

    /** The payment's status does not allow the change (it is final, or not yet paid). */
    public static final class WrongStatus extends PaymentRefusal {
        WrongStatus(String message) {
            super(message);
        }
    }

    /**
     * The merchant's balance cannot cover the refund (the operator allows no negative balance): said as
     * {@code errors.balance}, so that code can tell it from a status that forbids the refund.
     */
    public static final class InsufficientBalance extends PaymentRefusal {
        InsufficientBalance() {
            super(
                    "Insufficient balance: your available balance does not cover this refund; nothing was refunded",
                    Map.of("balance", List.of("insufficient_balance")));
        }
    }

    /** Another request is refunding the payment right now. */
    public static final class RefundInProgress extends PaymentRefusal {
        RefundInProgress() {
            super("A refund of this payment is already in progress; read its status shortly");
        }
    }

    /** Another module vetoed the cancel ({@link CancelVeto}), with its reason. */
    public static final class CancelVetoed extends PaymentRefusal {
        CancelVetoed(String reason) {
            super(reason);
        }
    }
}
