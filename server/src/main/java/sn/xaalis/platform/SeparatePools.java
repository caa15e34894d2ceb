package sn.xaalis.platform;

/**
 * Opens a {@link SeparatePool}: a pool of its own on PostgreSQL, the requests' pool on the embedded
 * database (chosen once by database kind in {@link PlatformConfiguration}).
 */
public interface SeparatePools {

    /**
     * A pool that keeps as many connections idle as the requests' pool does.
     *
     * @param name the pool's name in logs and in the {@code hikaricp.*} metrics
     * @param size its connections, counted on top of the requests' pool against the server's limit
     */
    SeparatePool open(String name, int size);

    /**
     * A pool that holds connections only while its work comes: once idle for the requests' pool's idle
     * timeout they close, so a node with nothing of that work holds none.
     *
     * @param name the pool's name in logs and in the {@code hikaricp.*} metrics
     * @param size its connections at most, counted on top of the requests' pool against the server's limit
     */
    SeparatePool openOnDemand(String name, int size);
}
