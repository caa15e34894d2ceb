package sn.xaalis.platform;

import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;

/**
 * An HTTP answer other than success, rendered as the SPEC §7 body in one place ({@code ErrorResponses}).
 * The message is shown to the caller: it must never carry a secret. Thrown by the web edge only
 * (controllers, interceptors): services throw their module's {@link Refusal}, without a status.
 */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final Map<String, List<String>> errors;
    private final HttpHeaders headers;

    public ApiException(HttpStatus status, String message) {
        this(status, message, Map.of(), HttpHeaders.EMPTY);
    }

    public ApiException(HttpStatus status, String message, Map<String, List<String>> errors) {
        this(status, message, errors, HttpHeaders.EMPTY);
    }

    public ApiException(HttpStatus status, String message, Map<String, List<String>> errors, HttpHeaders headers) {
        super(message, null, false, false);
        this.status = status;
        this.errors = errors;
        this.headers = headers;
    }

    public HttpStatus status() {
        return status;
    }

    public Map<String, List<String>> errors() {
        return errors;
    }

    public HttpHeaders headers() {
        return headers;
    }

    public static ApiException badRequest(String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, message);
    }

    public static ApiException notFound(String message) {
        return new ApiException(HttpStatus.NOT_FOUND, message);
    }

    /** A 400 with per-field detail; the message names the fields so a log line alone is useful. */
    public static ApiException invalid(Map<String, List<String>> errors) {
        return new ApiException(HttpStatus.BAD_REQUEST, Refusal.invalidFields(errors), errors);
    }
}
