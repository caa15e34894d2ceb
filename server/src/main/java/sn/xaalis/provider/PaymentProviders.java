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
