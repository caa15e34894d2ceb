package sn.xaalis.sdk;

import java.util.List;
import java.util.Map;

/**
 * The error body of SPEC §7.
 *
 * @param status the HTTP status code
 * @param error the reason phrase, such as {@code Bad Request}
 * @param message a readable message
 * @param timestamp when the error happened, ISO 8601 with an offset
 * @param errors per-field details (field name to messages); empty when there are none
 */
public record ApiError(int status, String error, String message, String timestamp, Map<String, List<String>> errors) {

    /** Copies {@code errors}; null becomes empty. */
    public ApiError {
        errors = errors == null ? Map.of() : Map.copyOf(errors);
    }
}
