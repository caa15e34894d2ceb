package sn.xaalis.connection;

import java.time.Instant;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderAccount;

/**
 * One application's account at one provider, as stored.
 *
 * @param version raised when the connection is saved with another account (see {@link #sameAccount})
 * @param statusMessage what the last set-up or test said, in the provider's words when it refused
 * @param pinRefusal when and why the operator refused the retailer PIN, which nothing tries again until
 *     the merchant enters one; null when it did not
 */
record Connection(
        ConnectionId id,
        ApplicationId applicationId,
        Provider provider,
        Credentials credentials,
        int version,
        Status status,
        @Nullable String statusMessage,
        Instant checkedAt,
        Instant createdAt,
        Instant updatedAt,
        @Nullable PinRefusal pinRefusal) {

    record PinRefusal(Instant at, String why) {}

    enum Status {
        CONNECTED,
        FAILED;

        String value() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    ProviderAccount account() {
        return new ProviderAccount(id, provider, credentials, version);
    }

    /** The operator merchant code it collects into; null for a wallet account. */
    @Nullable
    String merchantCode() {
        return merchantCode(credentials);
    }

    static @Nullable String merchantCode(Credentials credentials) {
        return credentials instanceof Credentials.Operator operator ? operator.merchantCode() : null;
    }

    /**
     * Whether {@code next} is the same account at the provider, only with other secrets: the same
     * merchant code at the operator, the same API key at the wallet. Its payments are then asked about
     * with the new secrets (an old one is replaced because it no longer works); another account keeps
     * this one for the payments opened in it.
     */
    boolean sameAccount(Credentials next) {
        return switch (credentials) {
            case Credentials.Wallet wallet ->
                next instanceof Credentials.Wallet other && other.apiKey().equals(wallet.apiKey());
            case Credentials.Operator operator ->
                next instanceof Credentials.Operator other
                        && other.merchantCode().equals(operator.merchantCode());
        };
    }

    /** The same credentials after a check; {@code updatedAt} stays the time they were saved. */
    Connection checked(boolean ok, String message, Instant at) {
        return new Connection(
                id,
                applicationId,
                provider,
                credentials,
                version,
                ok ? Status.CONNECTED : Status.FAILED,
                message,
                at,
                createdAt,
                updatedAt,
                pinRefusal);
    }

    @Override
    public String toString() {
        return "Connection[" + id + " v" + version + ", " + provider + ", " + status + "]";
    }
}
