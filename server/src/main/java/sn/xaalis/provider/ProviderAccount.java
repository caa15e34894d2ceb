package sn.xaalis.provider;

import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ConnectionId;

/**
 * The provider account a live call is made in (D26).
 *
 * @param connectionId the merchant's own connection, or null for the installation's default account
 */
public record ProviderAccount(@Nullable ConnectionId connectionId, Provider provider, Credentials credentials) {

    public boolean installationDefault() {
        return connectionId == null;
    }

    @Override
    public String toString() {
        return "ProviderAccount[" + provider + ", " + (connectionId == null ? "installation" : connectionId) + ", "
                + credentials + "]";
    }
}
