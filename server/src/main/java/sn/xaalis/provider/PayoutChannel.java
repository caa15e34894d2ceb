package sn.xaalis.provider;

import java.math.BigDecimal;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A live adapter's payouts: money sent out of a merchant's own account, once, then asked about. */
public interface PayoutChannel {

    Provider provider();

    /** Whether the installation knows where this provider is (its base URL). */
    boolean reachable();

    /** Sends the payout under its reference; a call without a clear answer is {@link PayoutAnswer.Unknown}. */
    PayoutAnswer sendPayout(ProviderAccount account, PayoutTransfer transfer);

    /** What became of a payout sent earlier: by the provider's id when known, else by our reference. */
    PayoutAnswer findPayout(ProviderAccount account, PayoutTransfer transfer);

    /**
     * Whether a payout the provider says it does not have may be sent again: only where the provider
     * guarantees that a second request under the same key never pays twice.
     */
    boolean resendsPayoutsSafely();

    /** What the account holds to pay out with, in francs; empty when the provider did not say. */
    Optional<BigDecimal> payoutBalance(ProviderAccount account);

    /**
     * Whether one account's payouts go one after the other rather than together: where each carries a
     * secret that the provider blocks after a few wrong tries (the operator's retailer PIN), the first
     * refusal must stop the others before they leave.
     */
    default boolean sendsOneAtATime() {
        return false;
    }

    /** Why payouts cannot be sent from an account as connected (in the merchant's words), or null when they can. */
    @Nullable
    String payoutsBlocked(Credentials credentials);
}
