package sn.xaalis.provider;

import java.util.Optional;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;

/**
 * Merchants' own provider accounts, as the connection module keeps them (D26). The provider module
 * asks; it never stores them.
 */
public interface ProviderConnections {

    /**
     * An application's own account for a provider.
     *
     * @param usable whether its last set-up or test with the provider succeeded
     */
    record Own(ProviderAccount account, boolean usable) {}

    Optional<Own> ofApplication(ApplicationId applicationId, Provider provider);

    /** A connection by its id (its inbound address), of any application. */
    Optional<ProviderAccount> byId(ConnectionId connectionId);
}
