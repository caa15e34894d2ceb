package sn.xaalis.portal;

import java.util.function.BooleanSupplier;

/**
 * What differs between the databases for {@link LoginThrottle}: how one account's attempts are counted
 * one at a time, and the statement deleting a batch of old rows. Chosen once at start-up
 * ({@link PortalDatabase}).
 */
interface SignInLocks {

    /** Runs {@code count} while no other attempt on the same account is being counted, on any node. */
    boolean oneAtATime(String accountKey, BooleanSupplier count);

    /** Deletes up to a batch of rows older than {@code :cutoff}. */
    String deleteBatch();
}
