package sn.xaalis.payout;

import org.springframework.stereotype.Component;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.provider.PayoutAnswer;
import sn.xaalis.provider.PayoutTransfer;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderPayouts;

/**
 * Live payouts: out of the merchant's own provider account, the one kept on the payout at its creation;
 * a settlement's out of the installation's own account.
 */
@Component
class LivePayoutRail implements PayoutRail {

    private final ProviderPayouts providers;

    LivePayoutRail(ProviderPayouts providers) {
        this.providers = providers;
    }

    @Override
    public PayoutAnswer send(Payout payout) {
        if (payout.fromInstallation()) {
            return providers.sendFromInstallation(payout.provider(), transfer(payout));
        }
        ConnectionId connection = payout.connectionId();
        if (connection == null) { // stored with its connection whenever live (PayoutCreation)
            return new PayoutAnswer.Settled(
                    PayoutAnswer.Outcome.FAILED, null, null, "no-account", "No provider account to send from");
        }
        return providers.send(connection, payout.provider(), transfer(payout));
    }

    @Override
    public PayoutAnswer find(Payout payout) {
        if (payout.fromInstallation()) {
            return providers.findFromInstallation(payout.provider(), transfer(payout));
        }
        ConnectionId connection = payout.connectionId();
        return connection == null
                ? new PayoutAnswer.Unknown("no provider account to ask in")
                : providers.find(connection, payout.provider(), transfer(payout));
    }

    @Override
    public boolean resendsSafely(Payout payout) {
        return providers.resendsSafely(payout.provider());
    }

    /** The wallet lets its business reverse a payout within 3 days (docs/providers.md §2.4); the operator has no reversal. */
    @Override
    public boolean reversible(Payout payout) {
        return payout.provider() == Provider.WALLET_SN;
    }

    private static PayoutTransfer transfer(Payout payout) {
        return new PayoutTransfer(
                payout.reference().value(),
                payout.amount(),
                payout.currency(),
                payout.recipientPhone(),
                payout.recipientName(),
                payout.reason(),
                payout.providerReference());
    }
}
