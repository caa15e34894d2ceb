package sn.xaalis.portal;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/** The embedded database serves one node: a lock in the node serialises an account's attempts. */
final class H2SignInLocks implements SignInLocks {

    private static final int STRIPES = 64;

    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

    H2SignInLocks() {
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new ReentrantLock();
        }
    }

    @Override
    public boolean oneAtATime(String accountKey, BooleanSupplier count) {
        ReentrantLock lock = locks[Math.floorMod(accountKey.hashCode(), STRIPES)];
        lock.lock();
        try {
            return count.getAsBoolean();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String deleteBatch() {
        return "DELETE FROM sign_in_failures WHERE id IN (SELECT id FROM sign_in_failures"
                + " WHERE failed_at < :cutoff ORDER BY failed_at LIMIT " + LoginThrottle.CLEANUP_BATCH + ")";
    }
}
