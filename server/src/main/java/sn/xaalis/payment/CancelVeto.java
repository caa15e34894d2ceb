package sn.xaalis.payment;

import java.util.Optional;

/**
 * Another module's say on cancelling a payment: a one-time code the operator has not answered may be
 * paying it at this moment, and a payment cancelled under it could not take that money.
 */
public interface CancelVeto {

    /** Why the payment cannot be cancelled now, or empty when it can. */
    Optional<String> vetoCancel(Payment payment);
}
