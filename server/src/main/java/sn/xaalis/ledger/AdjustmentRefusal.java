package sn.xaalis.ledger;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Refusal;

/** A rule of manual adjustments refused what was asked; its web edge ({@link Statuses}) gives the HTTP status. */
public abstract sealed class AdjustmentRefusal extends Refusal {

    private AdjustmentRefusal(String message, Map<String, List<String>> errors) {
        super(message, errors);
    }

    /** Fields of the request break their rules. */
    public static final class FieldsInvalid extends AdjustmentRefusal {
        public FieldsInvalid(Map<String, List<String>> errors) {
            super(invalidFields(errors), errors);
        }
    }

    /** An adjustment is never made without a key: a retry after a lost answer must find the first one. */
    public static final class KeyRequired extends AdjustmentRefusal {
        private static final Map<String, List<String>> ERRORS =
                Map.of("Idempotency-Key", List.of("is required to make an adjustment"));

        public KeyRequired() {
            super(invalidFields(ERRORS), ERRORS);
        }
    }

    /** A debit the merchant's available money does not cover (and the installation does not allow below zero). */
    public static final class InsufficientBalance extends AdjustmentRefusal {
        InsufficientBalance() {
            // The same error as a refund's: callers branch on errors.balance.
            super(
                    "The available balance does not cover this debit",
                    Map.of("balance", List.of("insufficient_balance")));
        }
    }

    @Component
    static class Statuses implements Refusal.Statuses {

        @Override
        public @Nullable HttpStatus status(Refusal refusal) {
            if (!(refusal instanceof AdjustmentRefusal adjustment)) {
                return null;
            }
            return switch (adjustment) {
                case FieldsInvalid invalid -> HttpStatus.BAD_REQUEST;
                case KeyRequired required -> HttpStatus.BAD_REQUEST;
                case InsufficientBalance insufficient -> HttpStatus.CONFLICT;
            };
        }
    }
}
