package sn.xaalis.provider;

import org.jspecify.annotations.Nullable;

/** What the provider made of a one-time code; bugs stay exceptions. */
public sealed interface CodeResult {

    /** The customer paid: the operator's transaction succeeded. */
    record Paid(String transactionId) implements CodeResult {}

    /** The payment was refused for good (an insufficient balance): trying other codes cannot help. */
    record Declined(String reason) implements CodeResult {}

    /** This code was not accepted (wrong, expired, unknown customer): another one may be. */
    record Refused(String reason) implements CodeResult {}

    /**
     * The code was sent and no final answer came back (a timeout, a 5xx, a pending transaction): the
     * money may have moved, so the outcome is settled by asking the provider, never by sending again.
     *
     * @param transactionId the provider's transaction when it named one, else null
     */
    record Unanswered(String reason, @Nullable String transactionId) implements CodeResult {}

    /** Nothing reached the provider (not configured, circuit open, credentials refused): try later. */
    record NotSent(String reason) implements CodeResult {}
}
