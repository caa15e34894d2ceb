package sn.xaalis.platform;

/**
 * Opens a {@link SeparatePool}: a pool of its own on PostgreSQL, the requests' pool on the embedded
 * database (chosen once by database kind in {@link PlatformConfiguration}).
 */
@FunctionalInterface
public interface SeparatePools {

    /**
     * @param name the pool's name in logs and in the {@code hikaricp.*} metrics
     * @param size its connections, counted on top of the requests' pool against the server's limit
     */
    SeparatePool open(String name, int size);
}
