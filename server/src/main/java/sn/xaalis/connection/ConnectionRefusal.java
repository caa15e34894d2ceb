package sn.xaalis.connection;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import sn.xaalis.platform.ErrorBody;
import sn.xaalis.platform.Timestamps;

/**
 * {@link ConnectionSettings} refused a change; thrown without an HTTP status, which the web edge
 * ({@link Responses}) gives, or a page answers itself.
 */
abstract sealed class ConnectionRefusal extends RuntimeException {

    private ConnectionRefusal(String message) {
        super(message, null, false, false);
    }

    /** Another change to the same connection was stored at the same moment. */
    static final class ChangedMeanwhile extends ConnectionRefusal {
        ChangedMeanwhile() {
            super("The connection was changed at the same time; try again");
        }
    }

    /** Live payments opened with the connection are still open: they could no longer be asked about. */
    static final class PaymentsStillOpen extends ConnectionRefusal {
        PaymentsStillOpen(long count, Instant lastDeadline) {
            super(count + " live payments opened with this connection are still open, until "
                    + Timestamps.micros(lastDeadline)
                    + " at the latest; remove it once they have ended");
        }
    }

    /** The web edge: each refusal's status with the SPEC §7 body, ahead of the catch-all handler. */
    @RestControllerAdvice
    @Order(Ordered.HIGHEST_PRECEDENCE)
    static class Responses {

        private final Clock clock;

        Responses(Clock clock) {
            this.clock = clock;
        }

        @ExceptionHandler(ConnectionRefusal.class)
        ResponseEntity<ErrorBody> refused(ConnectionRefusal refusal) {
            HttpStatus status =
                    switch (refusal) {
                        case ChangedMeanwhile changed -> HttpStatus.CONFLICT;
                        case PaymentsStillOpen open -> HttpStatus.CONFLICT;
                    };
            return ResponseEntity.status(status)
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(ErrorBody.of(status, refusal.getMessage(), Map.of(), clock.instant()));
        }
    }
}
