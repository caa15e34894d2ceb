package sn.xaalis.provider;

import java.util.List;
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

    /** A connection by its id (its inbound address), of any application, in its current account. */
    Optional<ProviderAccount> byId(ConnectionId connectionId);

    /**
     * A connection's account at a version: the current one, or one it replaced that payments opened in
     * it still need; empty once that version is gone.
     */
    Optional<ProviderAccount> byId(ConnectionId connectionId, int version);

    /**
     * Every account whose events a connection's address still takes: the current one first, then those
     * it replaced that open payments still need. Empty for an unknown connection.
     */
    List<ProviderAccount> inbound(ConnectionId connectionId);
}
