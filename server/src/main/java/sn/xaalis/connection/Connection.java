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
 * @param statusMessage what the last set-up or test said, in the provider's words when it refused
 * @param pinRefusal when and why the operator refused the retailer PIN, which nothing tries again until
 *     the merchant enters one; null when it did not
 */
record Connection(
        ConnectionId id,
        ApplicationId applicationId,
        Provider provider,
        Credentials credentials,
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
        return new ProviderAccount(id, provider, credentials);
    }

    /** The same credentials after a check; {@code updatedAt} stays the time they were saved. */
    Connection checked(boolean ok, String message, Instant at) {
        return new Connection(
                id,
                applicationId,
                provider,
                credentials,
                ok ? Status.CONNECTED : Status.FAILED,
                message,
                at,
                createdAt,
                updatedAt,
                pinRefusal);
    }

    @Override
    public String toString() {
        return "Connection[" + id + ", " + provider + ", " + status + "]";
    }
}
