package sn.xaalis.codepayment;

import java.util.Set;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.provider.Provider;

/** What became of a one-time code; the API, the hosted page and the counter each put it in their words. */
public sealed interface CodeOutcome {

    /** The payment ended: SUCCESS, or FAILED with its reason in {@code error_message}. */
    record Finished(Payment payment) implements CodeOutcome {}

    /** The operator has not answered: the payment stays PROCESSING and is settled by asking it. */
    record Awaiting(Payment payment) implements CodeOutcome {}

    /** The operator refused this code; the payment stays PROCESSING and takes {@code triesLeft} more. */
    record CodeRefused(String reason, int triesLeft) implements CodeOutcome {}

    /**
     * What was typed is not a number or a code ({@code customer_phone}, {@code otp}); nothing was sent.
     */
    record Invalid(Set<String> fields) implements CodeOutcome {}

    /** No such payment (for this caller). */
    record NotFound() implements CodeOutcome {}

    /** The payment is not waiting for its customer any more: nothing was sent. */
    record NotPayable(PaymentStatus status) implements CodeOutcome {}

    /** Only MOBILEMONEY_SN payments take a code. */
    record WrongProvider(Provider provider) implements CodeOutcome {}

    /** Another code for this payment is being checked, or awaits the operator's answer. */
    record Busy() implements CodeOutcome {}

    /** Too many codes for this number, application or address: wait that long. */
    record Throttled(long retryAfterSeconds) implements CodeOutcome {}

    /** The operator could not be reached and nothing was sent: the customer may try again later. */
    record Unavailable(String reason) implements CodeOutcome {}
}
