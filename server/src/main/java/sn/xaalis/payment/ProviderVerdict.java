package sn.xaalis.payment;

import sn.xaalis.provider.SessionState;

/**
 * The final status a provider's answer calls for, shared by callbacks, reconciliation and expiry.
 *
 * @param error the failure reason, for FAILED only
 */
record ProviderVerdict(PaymentStatus status, String error) {

    /** The verdict, or null while the provider reports the session open, unknown or unreachable. */
    static ProviderVerdict of(SessionState state) {
        if (state instanceof SessionState.Paid) {
            return new ProviderVerdict(PaymentStatus.SUCCESS, null);
        }
        if (state instanceof SessionState.Failed failed) {
            return new ProviderVerdict(PaymentStatus.FAILED, failed.reason());
        }
        if (state instanceof SessionState.Cancelled) {
            return new ProviderVerdict(PaymentStatus.CANCELLED, null);
        }
        if (state instanceof SessionState.Expired) {
            return new ProviderVerdict(PaymentStatus.EXPIRED, null);
        }
        return null;
    }
}
