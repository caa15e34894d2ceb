package sn.xaalis.platform;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;

/** The SPEC §7 error body; {@code errors} is {@code {}} when there is no field detail (D8). */
public record ErrorBody(int status, String error, String message, String timestamp, Map<String, List<String>> errors) {

    public static ErrorBody of(
            HttpStatusCode code, @Nullable String message, Map<String, List<String>> errors, Instant now) {
        HttpStatus status = HttpStatus.resolve(code.value());
        String reason = status == null ? "Error" : status.getReasonPhrase();
        return new ErrorBody(
                code.value(), reason, message == null ? reason : message, Timestamps.withOffset(now), errors);
    }
}
