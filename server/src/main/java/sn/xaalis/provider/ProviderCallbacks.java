package sn.xaalis.provider;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Sha256;
import sn.xaalis.provider.live.MalformedCallback;
import sn.xaalis.provider.live.OperatorNotifications;
import sn.xaalis.provider.live.RejectedCallback;
import sn.xaalis.provider.live.WalletEvents;

/**
 * Authenticates what providers send us, each account at its own address (D26), and stores it in the
 * {@link ProviderInbox} as a {@link ProviderNotice} before it is answered: acting on it, which may need
 * the provider's API, comes afterwards, in a job. A request that fails authentication changes nothing
 * (401), an address no connection has is not found (404), an authenticated one we cannot read is
 * refused (400): each refusal is a {@link CallbackRefused}, answered at the web edge by {@link
 * CallbackErrors}, and recorded in the exchange log like every event that concerns none of ours.
 */
@Component
public class ProviderCallbacks {

    public static final String WALLET_PATH = "/providers/wallet/events";
    public static final String MOBILEMONEY_PATH = "/providers/mobilemoney/notifications";

    private final WalletEvents wallet;
    private final OperatorNotifications operator;
    private final PaymentProviders providers;
    private final ProviderConnections connections;
    private final ProviderExchanges exchanges;
    private final ProviderInbox inbox;

    ProviderCallbacks(
            WalletEvents wallet,
            OperatorNotifications operator,
            PaymentProviders providers,
            ProviderConnections connections,
            ProviderExchanges exchanges,
            ProviderInbox inbox) {
        this.wallet = wallet;
        this.operator = operator;
        this.providers = providers;
        this.connections = connections;
        this.exchanges = exchanges;
        this.inbox = inbox;
    }

    /** Where a provider sends an account's events: the installation's own (null) or a connection's. */
    public static String inboundPath(Provider provider, @Nullable ConnectionId connectionId) {
        String base = provider == Provider.WALLET_SN ? WALLET_PATH : MOBILEMONEY_PATH;
        return connectionId == null ? base : base + "/" + connectionId;
    }

    /**
     * A wallet event at the installation's address ({@code connectionId} null) or a connection's,
     * stored to be acted on.
     */
    public void walletEvent(@Nullable ConnectionId connectionId, String authorization, String signature, byte[] body) {
        receive(
                Provider.WALLET_SN,
                connectionId,
                "event",
                body,
                account -> wallet.verify(account, authorization, signature, body));
    }

    /** An operator notification, at the installation's address or a connection's, stored to be acted on. */
    public void mobileMoneyNotification(@Nullable ConnectionId connectionId, String authorization, byte[] body) {
        receive(
                Provider.MOBILEMONEY_SN,
                connectionId,
                "notification",
                body,
                account -> operator.verify(account, authorization, body));
    }

    /**
     * The notice as it must be acted on: an operator's notified success as the operator confirms it (a
     * status call), {@link SessionState.Unreachable} while it cannot be asked or does not confirm it
     * yet; any other notice as it came.
     */
    public ProviderNotice confirmed(ProviderNotice notice) {
        if (notice.provider() != Provider.MOBILEMONEY_SN || !(notice.state() instanceof SessionState.Paid)) {
            return notice;
        }
        // A notification under a replaced merchant code is confirmed by the account it was made in: the
        // current one is asked first, a replaced one still in use only when the current does not know it.
        SessionState state = null;
        for (ProviderAccount account : accounts(notice.provider(), notice.connectionId())) {
            SessionState answer = operator.confirm(account, notice);
            if (answer instanceof SessionState.Paid) {
                state = answer;
                break;
            }
            if (state == null) {
                state = answer;
            }
        }
        if (state == null) {
            state = new SessionState.Unknown("the account it came to no longer exists");
        }
        return new ProviderNotice(
                notice.provider(),
                notice.connectionId(),
                notice.reference(),
                notice.providerReference(),
                notice.providerTransactionId(),
                state,
                notice.amount(),
                notice.eventId());
    }

    /**
     * Records an event and what we did with it, once acted on. It is filed under the payment only when
     * it matched one of its own account's payments: a reference another account sent is no business of
     * that payment's merchant.
     *
     * @param reference the payment it moved or concerned, or null when it matched none
     * @param first whether this is the first time it was acted on: the request itself is recorded once
     */
    public void recordHandled(
            ProviderNotice notice, String body, @Nullable String reference, String outcome, boolean first) {
        String path = inboundPath(notice.provider(), notice.connectionId());
        if (first) {
            String operation = notice.provider() == Provider.WALLET_SN ? "event" : "notification";
            record(reference, notice.provider(), operation, path, body, 200, "accepted", System.nanoTime());
        }
        exchanges.record(
                reference,
                notice.provider(),
                ProviderExchanges.Direction.INBOUND,
                "handled",
                "POST",
                path,
                null,
                200,
                null,
                outcome,
                0);
    }

    /** The accounts an address answers for: the current one first, then those it replaced still in use. */
    private List<ProviderAccount> accounts(Provider provider, @Nullable ConnectionId connectionId) {
        return connectionId == null
                ? providers.installationAccount(provider).stream().toList()
                : connections.inbound(connectionId).stream()
                        .filter(a -> a.provider() == provider)
                        .toList();
    }

    private void receive(
            Provider provider,
            @Nullable ConnectionId connectionId,
            String operation,
            byte[] body,
            Function<ProviderAccount, Optional<ProviderNotice>> verification) {
        long started = System.nanoTime();
        String path = inboundPath(provider, connectionId);
        String text = new String(body, StandardCharsets.UTF_8);
        List<ProviderAccount> accounts = accounts(provider, connectionId);
        try {
            if (accounts.isEmpty() && connectionId != null) {
                record(null, provider, operation, path, text, 404, "rejected: no such connection", started);
                throw new CallbackRefused(CallbackRefused.Reason.UNKNOWN_CONNECTION, "No such connection");
            }
            if (accounts.isEmpty()) {
                throw new RejectedCallback(provider + " has no installation account configured");
            }
            Optional<ProviderNotice> notice = firstVerified(accounts, verification);
            if (notice.isEmpty()) {
                record(null, provider, operation, path, text, 200, "accepted: concerns no payment", started);
                return;
            }
            if (!readable(notice.get().amount())) {
                throw new MalformedCallback("the amount is not a number we can read");
            }
            String identity = notice.get().eventId() == null
                    ? "body:" + Sha256.hex(body)
                    : notice.get().eventId() + ":"
                            + notice.get().state().getClass().getSimpleName();
            if (!inbox.store(notice.get(), identity, ProviderExchanges.redact(text))) {
                // The provider's retry of an event already stored: acknowledged, not acted on twice.
                record(null, provider, operation, path, text, 200, "accepted: already received", started);
            }
        } catch (RejectedCallback e) {
            // Unauthenticated: the body's reference is not trusted enough to file it under a payment.
            record(null, provider, operation, path, text, 401, "rejected: " + e.getMessage(), started);
            throw new CallbackRefused(CallbackRefused.Reason.UNAUTHENTICATED, "The request could not be authenticated");
        } catch (MalformedCallback e) {
            record(null, provider, operation, path, text, 400, "malformed: " + e.getMessage(), started);
            throw new CallbackRefused(CallbackRefused.Reason.MALFORMED, e.getMessage());
        }
    }

    /** An amount short enough to store as written: no real one comes near 40 characters. */
    private static boolean readable(@Nullable BigDecimal amount) {
        return amount == null || amount.toString().length() <= 40;
    }

    /**
     * What the first of a connection's accounts that recognises the request says: the current one, else
     * one it replaced whose payments are still open (the old merchant code's notifications about them).
     *
     * @throws RejectedCallback when none authenticates it
     */
    private static Optional<ProviderNotice> firstVerified(
            List<ProviderAccount> accounts, Function<ProviderAccount, Optional<ProviderNotice>> verification) {
        RejectedCallback rejected = null;
        boolean authentic = false;
        for (ProviderAccount account : accounts) {
            try {
                Optional<ProviderNotice> notice = verification.apply(account);
                if (notice.isPresent()) {
                    return notice;
                }
                authentic = true;
            } catch (RejectedCallback e) {
                if (rejected == null) {
                    rejected = e;
                }
            }
        }
        if (!authentic && rejected != null) {
            throw rejected;
        }
        return Optional.empty();
    }

    private void record(
            @Nullable String reference,
            Provider provider,
            String operation,
            String path,
            String body,
            int status,
            String outcome,
            long started) {
        exchanges.record(
                reference,
                provider,
                ProviderExchanges.Direction.INBOUND,
                operation,
                "POST",
                path,
                body,
                status,
                null,
                outcome,
                (System.nanoTime() - started) / 1_000_000);
    }
}
