package sn.xaalis.payout;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/** One provider's payout calls, as the sender uses them: send once, then ask. */
interface PayoutRail {

    /** What the provider said about a payout. */
    sealed interface Answer {

        /** An outcome: {@code SUCCESS}, {@code FAILED} (with the provider's code and words) or {@code REVERSED}. */
        record Settled(
                PayoutStatus status,
                @Nullable BigDecimal fee,
                @Nullable String providerReference,
                @Nullable String failureCode,
                @Nullable String failureReason)
                implements Answer {}

        /** The provider has it and has not finished: ask again later. */
        record Pending(@Nullable String providerReference) implements Answer {}

        /** The provider says it has no such payout. */
        record Absent() implements Answer {}

        /** No answer that tells (a timeout, a 5xx, an unreadable body): nothing is known. */
        record Unknown(String why) implements Answer {}
    }

    /** Sends the payout, under our reference as its idempotency key or client reference. */
    Answer send(Payout payout);

    /** What became of a payout sent earlier: by the provider's id when known, else by our reference. */
    Answer find(Payout payout);

    /**
     * Whether a payout the provider says it does not have may be sent again: only where the provider
     * guarantees that a second request under the same key never pays twice.
     */
    boolean resendsSafely();
}
