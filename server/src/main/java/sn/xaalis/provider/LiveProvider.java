package sn.xaalis.provider;

import org.jspecify.annotations.Nullable;

/** A live adapter: besides payments, it sets an account up with its provider and checks it (D26). */
public interface LiveProvider extends PaymentProvider {

    Provider provider();

    /** Whether the installation knows where this provider is (its base URL). */
    boolean reachable();

    /**
     * Does what the provider needs on its side for the account to work, then checks it.
     *
     * @param inboundUrl where the provider must send this account's events
     * @param merchantName the name the provider shows for the account, where it asks for one
     */
    ConnectionCheck setUp(ProviderAccount account, String inboundUrl, @Nullable String merchantName);

    /** A harmless call that tells whether the account works as set up; changes nothing at the provider. */
    ConnectionCheck test(ProviderAccount account, String inboundUrl);

    /**
     * Tries once, before they are kept, the credentials payouts are sent with that the provider blocks
     * after a few wrong tries (the operator's retailer PIN); failed only when the provider refused them.
     */
    default ConnectionCheck checkPayoutCredentials(ProviderAccount account) {
        return ConnectionCheck.ok("nothing to try before payouts");
    }
}
