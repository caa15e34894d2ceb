package sn.xaalis.provider;

import sn.xaalis.platform.Environment;

/** One way to reach a provider in one environment (the sandbox simulator, or a live adapter). */
public interface PaymentProvider {

    boolean serves(Provider provider, Environment environment);

    ProviderResult createSession(SessionRequest request);

    SessionState sessionState(SessionReference session);

    ProviderAction cancel(SessionReference session);

    ProviderAction refund(SessionReference session);
}
