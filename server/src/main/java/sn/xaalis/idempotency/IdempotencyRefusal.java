package sn.xaalis.idempotency;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Refusal;

/**
 * An {@link Idempotency#HEADER} the request cannot be answered under (D14); thrown without an HTTP
 * status, which the web edge ({@link Statuses}) gives.
 */
public abstract sealed class IdempotencyRefusal extends Refusal {

    private IdempotencyRefusal(String message, Map<String, List<String>> errors) {
        super(message, errors);
    }

    /** The header is not a key: empty, too long, or not printable ASCII. */
    public static final class KeyMalformed extends IdempotencyRefusal {
        private static final Map<String, List<String>> ERRORS =
                Map.of(Idempotency.HEADER, List.of("must be 1 to 255 printable ASCII characters without spaces"));

        KeyMalformed() {
            super(invalidFields(ERRORS), ERRORS);
        }
    }

    /** The key was used before with another request: its answer is not this one's. */
    public static final class KeyReused extends IdempotencyRefusal {
        /** Public: a module that stores its answers itself ({@link Idempotency#prior}) refuses so too. */
        public KeyReused() {
            super("This Idempotency-Key was already used with a different request", Map.of());
        }
    }

    /** A request with this key is still being processed on this node. */
    public static final class InProgress extends IdempotencyRefusal {
        InProgress() {
            super("A request with this Idempotency-Key is still being processed", Map.of());
        }
    }

    /** The web edge: the status each refusal stands for, answered with the SPEC §7 body by the platform. */
    @Component
    static class Statuses implements Refusal.Statuses {

        @Override
        public @Nullable HttpStatus status(Refusal refusal) {
            if (!(refusal instanceof IdempotencyRefusal idempotency)) {
                return null;
            }
            return switch (idempotency) {
                case KeyMalformed malformed -> HttpStatus.BAD_REQUEST;
                case KeyReused reused -> HttpStatus.UNPROCESSABLE_CONTENT;
                case InProgress inProgress -> HttpStatus.CONFLICT;
            };
        }
    }
}
