package sn.xaalis.provider;

import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;

/**
 * Picks the adapter for a provider and environment (sandbox payments never reach a real provider, D13)
 * and, in live, the account: the application's own connection when it has one, else the installation's
 * (D26). A payment keeps the account it was opened in.
 */
@Component
public class PaymentProviders {

    private final List<PaymentProvider> adapters;
    private final List<LiveProvider> live;
    private final ProviderProperties properties;
    private final ProviderConnections connections;

    PaymentProviders(
            List<PaymentProvider> adapters,
            List<LiveProvider> live,
            ProviderProperties properties,
            ProviderConnections connections) {
        this.adapters = adapters;
        this.live = live;
        this.properties = properties;
        this.connections = connections;
    }

    /** Whether an application can take live payments with a provider, and in words when not. */
    public enum LiveAvailability {
        AVAILABLE(null),
        NOT_CONFIGURED("the operator has not configured it"),
        NO_ACCOUNT("connect this application's own account first, or ask the operator for the installation's"),
        CONNECTION_FAILED("this application's connection failed its last check; test or save it again");

        private final @Nullable String reason;

        LiveAvailability(@Nullable String reason) {
            this.reason = reason;
        }

        /** Why not, in the merchant's words (null when available). */
        @Nullable
        String reason() {
            return reason;
        }

        /** {@code WALLET_SN is not available in live: …}, for the API's errors. */
        public String explain(Provider provider) {
            return provider + " is not available in live: " + reason;
        }
    }

    public ProviderResult createSession(SessionRequest request) {
        Optional<PaymentProvider> adapter = adapter(request.provider(), request.environment());
        if (adapter.isEmpty()) {
            return new ProviderResult.Unavailable(unavailable(request.provider(), request.environment()));
        }
        if (request.environment() == Environment.SANDBOX) {
            return adapter.get().createSession(null, request);
        }
        Optional<ProviderAccount> account = accountOf(request.applicationId(), request.provider());
        if (account.isEmpty()) {
            return new ProviderResult.Unavailable(
                    availability(request.applicationId(), request.provider()).explain(request.provider()));
        }
        ProviderResult result = adapter.get().createSession(account.get(), request);
        return result instanceof ProviderResult.Created created ? created.inAccount(account.get()) : result;
    }

    public SessionState sessionState(SessionReference session) {
        return withAccount(session, SessionState.Unreachable::new, (a, acc) -> a.sessionState(acc, session));
    }

    public ProviderAction cancel(SessionReference session) {
        return withAccount(session, ProviderAction.Unavailable::new, (a, acc) -> a.cancel(acc, session));
    }

    public ProviderAction refund(SessionReference session) {
        return withAccount(session, ProviderAction.Unavailable::new, (a, acc) -> a.refund(acc, session));
    }

    /** Sends the customer's one-time code in the payment's own account. */
    public CodeResult payWithCode(CodeRequest request) {
        return withAccount(request.session(), CodeResult.NotSent::new, (a, acc) -> a.payWithCode(acc, request));
    }

    /** Whether the application can take live payments with the provider (D16, D26). */
    public boolean liveAvailable(ApplicationId applicationId, Provider provider) {
        return availability(applicationId, provider) == LiveAvailability.AVAILABLE;
    }

    public LiveAvailability availability(ApplicationId applicationId, Provider provider) {
        if (liveAdapter(provider).filter(LiveProvider::reachable).isEmpty()) {
            return LiveAvailability.NOT_CONFIGURED;
        }
        Optional<ProviderConnections.Own> own = connections.ofApplication(applicationId, provider);
        if (own.isPresent()) {
            return own.get().usable() ? LiveAvailability.AVAILABLE : LiveAvailability.CONNECTION_FAILED;
        }
        return installationAccount(provider).isPresent() ? LiveAvailability.AVAILABLE : LiveAvailability.NO_ACCOUNT;
    }

    /** Whether the operator configured the installation's own account for the provider (the default). */
    public boolean installationConfigured(Provider provider) {
        return installationAccount(provider).isPresent();
    }

    /** Sets an account up at its provider (what the provider needs on its side), then checks it. */
    public ConnectionCheck setUp(ProviderAccount account, String inboundUrl, @Nullable String merchantName) {
        return withLive(account.provider(), adapter -> adapter.setUp(account, inboundUrl, merchantName));
    }

    /** Checks an account with a harmless call. */
    public ConnectionCheck test(ProviderAccount account, String inboundUrl) {
        return withLive(account.provider(), adapter -> adapter.test(account, inboundUrl));
    }

    /**
     * Tries the credentials payouts are sent with (the operator's retailer PIN) once before they are kept;
     * failed only when the provider refused them, not when it could not be asked.
     */
    public ConnectionCheck checkPayoutCredentials(ProviderAccount account) {
        return liveAdapter(account.provider())
                .filter(LiveProvider::reachable)
                .map(adapter -> adapter.checkPayoutCredentials(account))
                .orElseGet(() -> ConnectionCheck.ok("not asked"));
    }

    private ConnectionCheck withLive(Provider provider, Function<LiveProvider, ConnectionCheck> call) {
        Optional<LiveProvider> adapter = liveAdapter(provider).filter(LiveProvider::reachable);
        return adapter.isPresent()
                ? call.apply(adapter.get())
                : ConnectionCheck.failed(provider + " cannot be reached: the operator has not configured its address");
    }

    /** The application's own account, else the installation's; one with its own never falls back to it. */
    private Optional<ProviderAccount> accountOf(ApplicationId applicationId, Provider provider) {
        Optional<ProviderConnections.Own> own = connections.ofApplication(applicationId, provider);
        if (own.isPresent()) {
            return own.get().usable() ? Optional.of(own.get().account()) : Optional.empty();
        }
        return installationAccount(provider);
    }

    /**
     * The account an existing session was opened in, in the version it was opened in (a connection saved
     * since with another account keeps that one for it); empty when its connection has been removed since.
     */
    Optional<ProviderAccount> accountOf(SessionReference session) {
        return session.connectionId() == null
                ? installationAccount(session.provider())
                : connections
                        .byId(session.connectionId(), session.connectionVersion())
                        .filter(a -> a.provider() == session.provider());
    }

    /**
     * Whether an operator merchant code is the installation's own account's: its notifications come to
     * the installation's address, so no connection may claim it.
     */
    public boolean installationMerchantCode(String merchantCode) {
        // The property alone counts: an account set up half-way is still the installation's code.
        String own = properties.mobilemoney().merchantCode();
        return own != null && own.strip().equals(merchantCode.strip());
    }

    Optional<ProviderAccount> installationAccount(Provider provider) {
        Optional<? extends Credentials> credentials =
                switch (provider) {
                    case WALLET_SN -> properties.wallet().defaultAccount();
                    case MOBILEMONEY_SN -> properties.mobilemoney().defaultAccount();
                };
        return credentials.map(c -> new ProviderAccount(null, provider, c));
    }

    private <T> T withAccount(
            SessionReference session,
            Function<String, T> unavailable,
            BiFunction<PaymentProvider, ProviderAccount, T> call) {
        Optional<PaymentProvider> adapter = adapter(session.provider(), session.environment());
        if (adapter.isEmpty()) {
            return unavailable.apply(unavailable(session.provider(), session.environment()));
        }
        if (session.environment() == Environment.SANDBOX) {
            return call.apply(adapter.get(), null);
        }
        Optional<ProviderAccount> account = accountOf(session);
        return account.isPresent()
                ? call.apply(adapter.get(), account.get())
                : unavailable.apply("the " + session.provider() + " account this payment was opened in is no longer"
                        + " connected");
    }

    private Optional<PaymentProvider> adapter(Provider provider, Environment environment) {
        return adapters.stream()
                .filter(adapter -> adapter.serves(provider, environment))
                .findFirst();
    }

    private Optional<LiveProvider> liveAdapter(Provider provider) {
        return live.stream().filter(adapter -> adapter.provider() == provider).findFirst();
    }

    private static String unavailable(Provider provider, Environment environment) {
        return provider + " is not available in " + environment;
    }
}
