package sn.xaalis.provider;

import java.util.List;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Environment;

/** Picks the adapter for a provider and environment: sandbox payments never reach a real provider (D13). */
@Component
public class PaymentProviders {

    private final List<PaymentProvider> adapters;
    private final ProviderProperties properties;

    PaymentProviders(List<PaymentProvider> adapters, ProviderProperties properties) {
        this.adapters = adapters;
        this.properties = properties;
    }

    public ProviderResult createSession(SessionRequest request) {
        return adapters.stream()
                .filter(adapter -> adapter.serves(request.provider(), request.environment()))
                .findFirst()
                .map(adapter -> adapter.createSession(request))
                .orElseGet(() -> new ProviderResult.Unavailable(
                        request.provider() + " is not available in " + request.environment()));
    }

    public SessionState sessionState(SessionReference session) {
        return adapter(session)
                .map(adapter -> adapter.sessionState(session))
                .orElseGet(() -> new SessionState.Unreachable(unavailable(session)));
    }

    public ProviderAction cancel(SessionReference session) {
        return adapter(session)
                .map(adapter -> adapter.cancel(session))
                .orElseGet(() -> new ProviderAction.Unavailable(unavailable(session)));
    }

    public ProviderAction refund(SessionReference session) {
        return adapter(session)
                .map(adapter -> adapter.refund(session))
                .orElseGet(() -> new ProviderAction.Unavailable(unavailable(session)));
    }

    private java.util.Optional<PaymentProvider> adapter(SessionReference session) {
        return adapters.stream()
                .filter(adapter -> adapter.serves(session.provider(), session.environment()))
                .findFirst();
    }

    private static String unavailable(SessionReference session) {
        return session.provider() + " is not available in " + session.environment();
    }

    /** Whether the operator configured the credentials this provider needs in live. */
    public boolean liveConfigured(Provider provider) {
        return switch (provider) {
            case WALLET_SN -> properties.wallet().configured();
            case MOBILEMONEY_SN -> properties.mobilemoney().configured();
        };
    }

    /** Whether a live adapter exists in this build for the provider (live adapters come with their issue). */
    public boolean liveAvailable(Provider provider) {
        return liveConfigured(provider)
                && adapters.stream().anyMatch(adapter -> adapter.serves(provider, Environment.LIVE));
    }
}
