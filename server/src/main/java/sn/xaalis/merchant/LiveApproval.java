package sn.xaalis.merchant;

import java.time.Instant;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Whether the operator lets a merchant take live payments. Merchants the operator creates are approved;
 * self-service sign-ups wait for the operator; an approval can be withdrawn, which suspends the
 * merchant's live payments.
 *
 * @param approvedAt when the operator last approved it; null when it never did (created approved)
 * @param withdrawnAt when the operator withdrew it; null unless {@link State#WITHDRAWN}
 */
public record LiveApproval(State state, @Nullable Instant approvedAt, @Nullable Instant withdrawnAt) {

    public enum State {
        APPROVED,
        PENDING,
        WITHDRAWN;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public boolean approved() {
        return state == State.APPROVED;
    }

    /** Public: page templates read it. */
    public boolean withdrawn() {
        return state == State.WITHDRAWN;
    }
}
