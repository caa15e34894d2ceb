package sn.xaalis.sdk;

/**
 * A call to Xaalis that did not succeed: either the API answered with an error ({@link #error()} holds
 * its §7 body) or no answer came after the retries ({@link #status()} is 0).
 */
public final class XaalisException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final transient ApiError error;

    XaalisException(ApiError error) {
        super(error.status() + " " + error.error() + ": " + error.message());
        this.status = error.status();
        this.error = error;
    }

    XaalisException(String message, Throwable cause) {
        super(message, cause);
        this.status = 0;
        this.error = null;
    }

    /** The HTTP status, or 0 when Xaalis could not be reached. */
    public int status() {
        return status;
    }

    /** The error body, or null when Xaalis could not be reached or answered without one. */
    public ApiError error() {
        return error;
    }

    /** Whether trying the same call again later may succeed (no answer, 409, 429, 5xx). */
    public boolean retryable() {
        return status == 0 || status == 409 || status == 429 || status >= 500;
    }
}
