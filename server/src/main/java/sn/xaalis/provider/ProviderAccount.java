package sn.xaalis.provider;

import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ConnectionId;

/**
 * The provider account a live call is made in (D26).
 *
 * @param connectionId the merchant's own connection, or null for the installation's default account
 * @param version which of the connection's accounts: it rises when the connection is saved with another
 *     one, and a payment is looked up in the version it was opened in; 1 for the installation's
 */
public record ProviderAccount(
        @Nullable ConnectionId connectionId, Provider provider, Credentials credentials, int version) {

    public ProviderAccount(@Nullable ConnectionId connectionId, Provider provider, Credentials credentials) {
        this(connectionId, provider, credentials, 1);
    }

    public boolean installationDefault() {
        return connectionId == null;
    }

    @Override
    public String toString() {
        return "ProviderAccount[" + provider + ", "
                + (connectionId == null ? "installation" : connectionId + " v" + version) + ", " + credentials + "]";
    }
}
