package sn.xaalis.provider;

import java.time.Clock;
import java.util.Map;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import sn.xaalis.platform.ErrorBody;

/**
 * The web edge of {@link ProviderCallbacks}: a refused callback answered with its status and the SPEC
 * §7 body. Ordered before the platform's catch-all handler, which would answer it 500.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class CallbackErrors {

    private final Clock clock;

    CallbackErrors(Clock clock) {
        this.clock = clock;
    }

    @ExceptionHandler(CallbackRefused.class)
    ResponseEntity<ErrorBody> refused(CallbackRefused e) {
        HttpStatus status =
                switch (e.reason()) {
                    case UNKNOWN_CONNECTION -> HttpStatus.NOT_FOUND;
                    case UNAUTHENTICATED -> HttpStatus.UNAUTHORIZED;
                    case MALFORMED -> HttpStatus.BAD_REQUEST;
                };
        return ResponseEntity.status(status)
                .contentType(MediaType.APPLICATION_JSON)
                .body(ErrorBody.of(status, e.getMessage(), Map.of(), clock.instant()));
    }
}
