package sn.xaalis.reconciliation;

import java.math.BigDecimal;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import sn.xaalis.ledger.ClearingQueries.InFlight;
import sn.xaalis.ledger.LedgerQueries.Found;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/**
 * One provider account of the installation reconciled: the provider's balance against the ledger's
 * (what its clearing account says it holds), the money in flight between them, and the differences.
 *
 * @param providerBalance null unless {@code providerStatus} is {@link ProviderStatus#ANSWERED}
 * @param difference the provider's balance less the ledger's
 * @param settlementsInFlight settlements the ledger took out when they were queued, whose payout is not
 *     final
 * @param settlementsQueued the part of them whose payout has not been sent: the provider account still
 *     holds it (one sent has been taken by the provider, with its fee)
 * @param refundsInFlight refunds set aside whose provider call has no answer yet: the ledger takes them
 *     out when refunded, and each may or may not have left the provider account
 * @param unexplained the part of the difference the money in flight cannot explain: a difference from
 *     {@code settlementsQueued - refundsInFlight} to {@code settlementsQueued} is explained
 * @param unexplainedChange the change of {@code unexplained} since the previous run of this account that
 *     had one: provider fees on payouts and the operator's own float move it only when they change
 * @param previousAt when this account was reconciled before: its clearing movements since explain the change
 */
public record AccountReconciliation(
        Environment environment,
        Provider provider,
        String currency,
        Instant reconciledAt,
        ProviderStatus providerStatus,
        @Nullable BigDecimal providerBalance,
        BigDecimal ledgerBalance,
        BigDecimal settlementsInFlight,
        BigDecimal settlementsQueued,
        BigDecimal refundsInFlight,
        @Nullable BigDecimal difference,
        @Nullable BigDecimal unexplained,
        @Nullable BigDecimal unexplainedChange,
        @Nullable Instant previousAt,
        Found<InFlight> inFlight) {

    /** Whether the provider gave a balance, and if not, why. */
    public enum ProviderStatus {
        /** The provider answered with the account's balance. */
        ANSWERED,
        /** Asked, it gave none: it did not answer, refused, or the account cannot be asked (no retailer PIN). */
        NO_ANSWER,
        /** The operator configured no installation account with this provider. */
        NOT_CONFIGURED,
        /** The sandbox's accounts are pretend ones: there is no provider balance, and nothing to alert on. */
        SANDBOX
    }

    /** A change of the unexplained difference since the previous run: what needs the operator's attention. */
    public boolean needsAttention() {
        return unexplainedChange != null && unexplainedChange.signum() != 0;
    }

    /** The difference the money in flight cannot explain: its distance from [queued - refunds, queued]. */
    static BigDecimal unexplained(BigDecimal difference, BigDecimal queued, BigDecimal refunds) {
        BigDecimal beyondQueued = difference.subtract(queued);
        return beyondQueued.subtract(beyondQueued.max(refunds.negate()).min(BigDecimal.ZERO));
    }
}
