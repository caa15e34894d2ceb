package sn.xaalis.provider;

/** The outcome of asking a provider to do something to an existing session (cancel, refund). */
public sealed interface ProviderAction {
    record Done() implements ProviderAction {}

    /** The provider said no; the reason is safe to show to the merchant. */
    record Refused(String reason) implements ProviderAction {}

    /** Not reachable or not available; nothing changed, the request can be retried. */
    record Unavailable(String reason) implements ProviderAction {}
}
