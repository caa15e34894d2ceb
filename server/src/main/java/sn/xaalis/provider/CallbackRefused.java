package sn.xaalis.provider;

import org.jspecify.annotations.Nullable;

/**
 * A provider's request we did not take, and why; already recorded in {@link ProviderExchanges}.
 * {@link CallbackErrors} answers it at the web edge.
 */
public final class CallbackRefused extends RuntimeException {

    /** Why a callback was not taken. */
    public enum Reason {
        /** No connection has this address. */
        UNKNOWN_CONNECTION,
        /** It failed authentication: it changes nothing. */
        UNAUTHENTICATED,
        /** It lacks what identifies the payment. */
        MALFORMED
    }

    private final Reason reason;

    CallbackRefused(Reason reason, @Nullable String message) {
        // Without a stack trace: a flood of forged callbacks must stay cheap to refuse.
        super(message, null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
