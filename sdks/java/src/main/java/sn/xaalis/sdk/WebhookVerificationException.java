package sn.xaalis.sdk;

/**
 * A notification that must be refused (answer it with HTTP 401). {@link #reason()} says precisely what
 * failed; the message never contains a secret.
 */
public final class WebhookVerificationException extends Exception {

    private static final long serialVersionUID = 1L;

    private final WebhookVerificationReason reason;

    WebhookVerificationException(WebhookVerificationReason reason, String message) {
        super(message);
        this.reason = reason;
    }

    /** What failed. */
    public WebhookVerificationReason reason() {
        return reason;
    }
}
