package sn.xaalis.merchant;

import java.time.Clock;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import sn.xaalis.platform.ErrorBody;

/**
 * The web edge for {@link MerchantRefusal}s no page answered itself: the status each stands for, with
 * the SPEC §7 body. Ahead of the catch-all handler, which would make them 500s.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class RefusalResponses {

    private final Clock clock;

    RefusalResponses(Clock clock) {
        this.clock = clock;
    }

    @ExceptionHandler(MerchantRefusal.class)
    ResponseEntity<ErrorBody> refused(MerchantRefusal refusal) {
        HttpStatus status = status(refusal);
        return ResponseEntity.status(status)
                .contentType(MediaType.APPLICATION_JSON)
                .body(ErrorBody.of(status, refusal.getMessage(), refusal.errors(), clock.instant()));
    }

    static HttpStatus status(MerchantRefusal refusal) {
        return switch (refusal) {
            case MerchantRefusal.EmailTaken taken -> HttpStatus.CONFLICT;
            case MerchantRefusal.NotReadyForLive notReady -> HttpStatus.UNPROCESSABLE_CONTENT;
            case MerchantRefusal.LastLiveKey lastKey -> HttpStatus.CONFLICT;
        };
    }
}
