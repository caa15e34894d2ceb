package sn.xaalis.sdk;

/**
 * A notification that must be refused (answer it with HTTP 401). {@link #reason()} says precisely what
 * failed; the message never contains a secret.
 */
public final class WebhookVerificationException extends Exception {

    private static final long serialVersionUID = 1L;

    /** What failed, in the order the checks run. */
    public enum Reason {
        /** No {@code X-SVC-Signature} header. */
        MISSING_HEADER,
        /** The header has no {@code t}, no {@code v1}, or a part that is not {@code key=value}. */
        MALFORMED_HEADER,
        /** {@code t} is more than the tolerance away from now, in the past or in the future. */
        STALE_TIMESTAMP,
        /** No {@code v1} matches the body signed with any of the verifier's secrets. */
        NO_MATCHING_SIGNATURE,
        /** The signature is valid but the body is not a notification (not JSON, or fields missing). */
        INVALID_BODY
    }

    private final Reason reason;

    WebhookVerificationException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    /** What failed. */
    public Reason reason() {
        return reason;
    }
}
