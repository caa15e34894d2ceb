package sn.xaalis.payout;

import sn.xaalis.provider.PayoutAnswer;

/** One provider's payout calls, as the sender uses them: send once, then ask. */
interface PayoutRail {

    /** Sends the payout, under our reference as its idempotency key or client reference. */
    PayoutAnswer send(Payout payout);

    /** What became of a payout sent earlier: by the provider's id when known, else by our reference. */
    PayoutAnswer find(Payout payout);

    /**
     * Whether a payout the provider says it does not have may be sent again: only where the provider
     * guarantees that a second request under the same key never pays twice.
     */
    boolean resendsSafely(Payout payout);

    /** Whether a success may still be reversed at the provider, so the payout stays watched for a while. */
    boolean reversible(Payout payout);
}
