package sn.xaalis.payment;

import org.jspecify.annotations.Nullable;
import sn.xaalis.provider.SessionState;

/**
 * The final status a provider's answer calls for, shared by callbacks, reconciliation and expiry.
 *
 * @param error the failure reason, for FAILED only
 */
record ProviderVerdict(PaymentStatus status, @Nullable String error) {

    /** The verdict, or null while the provider reports the session open, unknown or unreachable. */
    static @Nullable ProviderVerdict of(SessionState state) {
        return switch (state) {
            case SessionState.Paid paid -> new ProviderVerdict(PaymentStatus.SUCCESS, null);
            case SessionState.Failed failed -> new ProviderVerdict(PaymentStatus.FAILED, failed.reason());
            case SessionState.Cancelled cancelled -> new ProviderVerdict(PaymentStatus.CANCELLED, null);
            case SessionState.Expired expired -> new ProviderVerdict(PaymentStatus.EXPIRED, null);
            case SessionState.Open open -> null;
            case SessionState.Unknown unknown -> null;
            case SessionState.Unreachable unreachable -> null;
        };
    }
}
