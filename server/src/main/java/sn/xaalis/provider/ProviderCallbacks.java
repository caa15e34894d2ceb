package sn.xaalis.provider;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.provider.live.MalformedCallback;
import sn.xaalis.provider.live.OperatorNotifications;
import sn.xaalis.provider.live.RejectedCallback;
import sn.xaalis.provider.live.UnconfirmedCallback;
import sn.xaalis.provider.live.WalletEvents;

/**
 * Authenticates what providers send us, each account at its own address (D26), and turns it into
 * {@link ProviderNotice}s. Every inbound request is recorded, accepted or not; a request that fails
 * authentication changes nothing (401), and an address no connection has is not found (404): each
 * refusal is a {@link CallbackRefused}, answered at the web edge by {@link CallbackErrors}.
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

    ProviderCallbacks(
            WalletEvents wallet,
            OperatorNotifications operator,
            PaymentProviders providers,
            ProviderConnections connections,
            ProviderExchanges exchanges) {
        this.wallet = wallet;
        this.operator = operator;
        this.providers = providers;
        this.connections = connections;
        this.exchanges = exchanges;
    }

    /** Where a provider sends an account's events: the installation's own (null) or a connection's. */
    public static String inboundPath(Provider provider, @Nullable ConnectionId connectionId) {
        String base = provider == Provider.WALLET_SN ? WALLET_PATH : MOBILEMONEY_PATH;
        return connectionId == null ? base : base + "/" + connectionId;
    }

    /**
     * A wallet event at the installation's address ({@code connectionId} null) or a connection's.
     *
     * @return empty for an authenticated event about no checkout session
     */
    public Optional<ProviderNotice> walletEvent(
            @Nullable ConnectionId connectionId, String authorization, String signature, byte[] body) {
        return verify(
                Provider.WALLET_SN,
                connectionId,
                "event",
                body,
                account -> wallet.verify(account, authorization, signature, body));
    }

    /** An operator notification, at the installation's address or a connection's. */
    public Optional<ProviderNotice> mobileMoneyNotification(
            @Nullable ConnectionId connectionId, String authorization, byte[] body) {
        return verify(
                Provider.MOBILEMONEY_SN,
                connectionId,
                "notification",
                body,
                account -> operator.verify(account, authorization, body));
    }

    /**
     * Records a verified notice and what we did with it. It is filed under the payment only when it
     * matched one of its own account's payments: a reference another account sent is no business of
     * that payment's merchant.
     *
     * @param reference the payment it moved or concerned, or null when it matched none
     */
    public void recordHandled(ProviderNotice notice, byte[] body, @Nullable String reference, String outcome) {
        String path = inboundPath(notice.provider(), notice.connectionId());
        String operation = notice.provider() == Provider.WALLET_SN ? "event" : "notification";
        record(
                reference,
                notice.provider(),
                operation,
                path,
                new String(body, StandardCharsets.UTF_8),
                200,
                "accepted",
                System.nanoTime());
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

    private Optional<ProviderNotice> verify(
            Provider provider,
            @Nullable ConnectionId connectionId,
            String operation,
            byte[] body,
            Function<ProviderAccount, Optional<ProviderNotice>> verification) {
        long started = System.nanoTime();
        String path = inboundPath(provider, connectionId);
        String text = new String(body, StandardCharsets.UTF_8);
        List<ProviderAccount> accounts = connectionId == null
                ? providers.installationAccount(provider).stream().toList()
                : connections.inbound(connectionId).stream()
                        .filter(a -> a.provider() == provider)
                        .toList();
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
            }
            return notice;
        } catch (RejectedCallback e) {
            // Unauthenticated: the body's reference is not trusted enough to file it under a payment.
            record(null, provider, operation, path, text, 401, "rejected: " + e.getMessage(), started);
            throw new CallbackRefused(CallbackRefused.Reason.UNAUTHENTICATED, "The request could not be authenticated");
        } catch (MalformedCallback e) {
            record(null, provider, operation, path, text, 400, "malformed: " + e.getMessage(), started);
            throw new CallbackRefused(CallbackRefused.Reason.MALFORMED, e.getMessage());
        } catch (UnconfirmedCallback e) {
            record(null, provider, operation, path, text, 503, "unconfirmed: " + e.getMessage(), started);
            throw new CallbackRefused(
                    CallbackRefused.Reason.UNCONFIRMED, "The notification could not be confirmed yet");
        }
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
