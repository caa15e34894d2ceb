package sn.xaalis.provider;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;

/**
 * Live payouts through the providers: a merchant's out of the application's own connected account (never
 * the installation's, which collects for many merchants), the one a payout keeps from its creation; a
 * settlement's out of the installation's own account.
 */
@Component
public class ProviderPayouts {

    private final List<PayoutChannel> channels;
    private final ProviderConnections connections;
    private final ProviderProperties properties;
    private final RetailerPins pins;
    private final InstallationPins installationPins;
    private final PaymentProviders payments;

    ProviderPayouts(
            List<PayoutChannel> channels,
            ProviderConnections connections,
            ProviderProperties properties,
            RetailerPins pins,
            InstallationPins installationPins,
            PaymentProviders payments) {
        this.payments = payments;
        this.installationPins = installationPins;
        this.channels = channels;
        this.connections = connections;
        this.properties = properties;
        this.pins = pins;
    }

    /**
     * The longest a call to a provider can take (connecting, then waiting for the answer): a payout sent is
     * not asked about before, since while its call may still be under way the provider's "no such payout"
     * proves nothing.
     */
    public Duration callDeadline() {
        return properties.http().connectTimeout().plus(properties.http().readTimeout());
    }

    /** The account an application's live payouts would go out of, or why there is none. */
    public sealed interface Source {

        record Ready(ConnectionId connectionId) implements Source {}

        /** {@code WALLET_SN cannot send payouts in live: …}, for the API's errors. */
        record Unavailable(String reason) implements Source {}
    }

    public Source sourceFor(ApplicationId applicationId, Provider provider) {
        Optional<PayoutChannel> channel = channel(provider).filter(PayoutChannel::reachable);
        if (channel.isEmpty()) {
            return unavailable(provider, PaymentProviders.LiveAvailability.NOT_CONFIGURED.reason());
        }
        // Only the application's own account: the installation's collects for every merchant.
        Optional<ProviderConnections.Own> own = connections.ofApplication(applicationId, provider);
        if (own.isEmpty() || own.get().account().connectionId() == null) {
            return unavailable(provider, "connect this application's own account first");
        }
        if (!own.get().usable()) {
            return unavailable(provider, PaymentProviders.LiveAvailability.CONNECTION_FAILED.reason());
        }
        String blocked = channel.get().payoutsBlocked(own.get().account().credentials());
        return blocked != null
                ? unavailable(provider, blocked)
                : new Source.Ready(own.get().account().connectionId());
    }

    /** Sends a payout out of the connection it was created for; nothing is called when that is gone. */
    public PayoutAnswer send(ConnectionId connectionId, Provider provider, PayoutTransfer transfer) {
        Optional<ProviderAccount> account = account(connectionId, provider);
        Optional<PayoutChannel> channel = channel(provider);
        if (account.isEmpty() || channel.isEmpty()) {
            return new PayoutAnswer.Settled(
                    PayoutAnswer.Outcome.FAILED,
                    null,
                    null,
                    "account-disconnected",
                    "The " + provider + " account this payout was to go out of is no longer connected; nothing was"
                            + " sent");
        }
        return channel.get().sendPayout(account.get(), transfer);
    }

    /**
     * Sends a payout out of the installation's own account (a merchant's settlement: money the
     * installation collected for it); nothing is called when the operator configured none.
     */
    public PayoutAnswer sendFromInstallation(Provider provider, PayoutTransfer transfer) {
        Optional<ProviderAccount> account = payments.installationAccount(provider);
        Optional<PayoutChannel> channel = channel(provider).filter(PayoutChannel::reachable);
        if (account.isEmpty() || channel.isEmpty()) {
            return new PayoutAnswer.Settled(
                    PayoutAnswer.Outcome.FAILED,
                    null,
                    null,
                    "no-installation-account",
                    "The installation has no " + provider + " account to send from; nothing was sent");
        }
        return channel.get().sendPayout(account.get(), transfer);
    }

    /** Asks the provider about a payout sent out of the installation's own account. */
    public PayoutAnswer findFromInstallation(Provider provider, PayoutTransfer transfer) {
        Optional<ProviderAccount> account = payments.installationAccount(provider);
        Optional<PayoutChannel> channel = channel(provider);
        return account.isEmpty() || channel.isEmpty()
                ? new PayoutAnswer.Unknown("the installation's " + provider + " account is no longer configured")
                : channel.get().findPayout(account.get(), transfer);
    }

    /** Asks the provider about a payout, in the account it went out of. */
    public PayoutAnswer find(ConnectionId connectionId, Provider provider, PayoutTransfer transfer) {
        Optional<ProviderAccount> account = account(connectionId, provider);
        Optional<PayoutChannel> channel = channel(provider);
        if (account.isEmpty() || channel.isEmpty()) {
            return new PayoutAnswer.Unknown(
                    "the " + provider + " account this payout went out of is no longer connected");
        }
        return channel.get().findPayout(account.get(), transfer);
    }

    /**
     * Why payouts out of a connection wait without being sent (the operator refused its retailer PIN, and
     * nothing tries it again until the merchant enters one); empty when they do not.
     */
    public Optional<String> held(ConnectionId connectionId) {
        return pins.refusal(connectionId);
    }

    /**
     * Why payouts out of the installation's own account (settlements) wait without being sent: the
     * operator refused its retailer PIN, and nothing tries it again until another is configured in {@value
     * InstallationPins#SETTING}; empty when they do not.
     */
    public Optional<String> heldAtInstallation(Provider provider) {
        return installationPins.refusal(provider);
    }

    /** Why the application's own account with {@code provider} sends no payouts for now, as {@link #held}. */
    public Optional<String> held(ApplicationId applicationId, Provider provider) {
        return connections
                .ofApplication(applicationId, provider)
                .map(own -> own.account().connectionId())
                .flatMap(pins::refusal);
    }

    /** Whether one account's payouts go one after the other (see {@link PayoutChannel#sendsOneAtATime}). */
    public boolean sendsOneAtATime(Provider provider) {
        return channel(provider).map(PayoutChannel::sendsOneAtATime).orElse(false);
    }

    /**
     * What the application's own account with {@code provider} holds to pay out with; empty when it has
     * none that can send payouts, the provider did not answer, or its PIN was refused (then not asked).
     */
    public Optional<BigDecimal> balance(ApplicationId applicationId, Provider provider) {
        if (!(sourceFor(applicationId, provider) instanceof Source.Ready ready)
                || held(ready.connectionId()).isPresent()) {
            return Optional.empty();
        }
        return balanceOf(account(ready.connectionId(), provider), provider);
    }

    /**
     * What the installation's own account with {@code provider} holds (the wallet's business balance, the
     * operator's retailer balance): what the ledger's clearing account is reconciled with. Empty when the
     * operator configured no such account (or no retailer number and PIN at the operator), the provider
     * did not answer, or it refused the PIN.
     */
    public Optional<BigDecimal> installationBalance(Provider provider) {
        return balanceOf(payments.installationAccount(provider), provider);
    }

    private Optional<BigDecimal> balanceOf(Optional<ProviderAccount> account, Provider provider) {
        Optional<PayoutChannel> channel = channel(provider).filter(PayoutChannel::reachable);
        return account.isEmpty() || channel.isEmpty()
                ? Optional.empty()
                : channel.get().payoutBalance(account.get());
    }

    public boolean resendsSafely(Provider provider) {
        return channel(provider).map(PayoutChannel::resendsPayoutsSafely).orElse(false);
    }

    private Optional<ProviderAccount> account(ConnectionId connectionId, Provider provider) {
        return connections.byId(connectionId).filter(account -> account.provider() == provider);
    }

    private Optional<PayoutChannel> channel(Provider provider) {
        return channels.stream().filter(c -> c.provider() == provider).findFirst();
    }

    private static Source unavailable(Provider provider, @Nullable String why) {
        return new Source.Unavailable(provider + " cannot send payouts in live: " + why);
    }
}
