package sn.xaalis.payout;

/**
 * How far the sending of a payout went. A payout is {@code QUEUED} when it commits; it is marked
 * {@code SENDING} (committed) before the provider is called, so that after a crash or a timeout it is
 * settled by asking the provider, never sent again blindly; {@code WATCH} once settled but still
 * watched for a reversal; {@code DONE} once nothing more can happen to it without the merchant.
 */
enum PayoutStage {
    QUEUED,
    SENDING,
    WATCH,
    DONE
}
