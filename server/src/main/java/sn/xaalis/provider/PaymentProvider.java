package sn.xaalis.provider;

import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.Environment;

/**
 * One way to reach a provider in one environment (the sandbox simulator, or a live adapter). Live calls
 * are made in a provider account; the sandbox has none and is given null.
 */
public interface PaymentProvider {

    boolean serves(Provider provider, Environment environment);

    ProviderResult createSession(@Nullable ProviderAccount account, SessionRequest request);

    SessionState sessionState(ProviderAccount account, SessionReference session);

    ProviderAction cancel(ProviderAccount account, SessionReference session);

    ProviderAction refund(ProviderAccount account, SessionReference session);

    /** Completes a payment with the customer's one-time code; only the operator offers it. */
    default CodeResult payWithCode(ProviderAccount account, CodeRequest request) {
        return new CodeResult.NotSent(request.session().provider() + " takes no one-time codes");
    }
}
