package sn.xaalis.verification;

import java.time.Instant;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A merchant's verification: what it told, where the request stands, and the operator's reason when it
 * refused. A merchant that never started one is a {@link State#DRAFT} with no details.
 */
public record Verification(
        LegalDetails details,
        State state,
        @Nullable String refusalReason,
        @Nullable Instant submittedAt,
        @Nullable Instant decidedAt) {

    public enum State {
        DRAFT,
        SUBMITTED,
        APPROVED,
        REFUSED;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    static Verification none() {
        return new Verification(LegalDetails.none(), State.DRAFT, null, null, null);
    }

    /** The merchant may change its details and documents: before sending them, or after a refusal. */
    public boolean editable() {
        return state == State.DRAFT || state == State.REFUSED;
    }

    public boolean submitted() {
        return state == State.SUBMITTED;
    }
}
