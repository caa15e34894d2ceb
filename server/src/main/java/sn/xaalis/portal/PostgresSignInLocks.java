package sn.xaalis.portal;

import java.util.function.BooleanSupplier;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * On PostgreSQL an account's attempts are counted under a transaction-scoped advisory lock, which
 * holds across nodes; nodes sweeping at once skip each other's rows instead of waiting for them.
 */
record PostgresSignInLocks(JdbcClient jdbc, TransactionTemplate transactions) implements SignInLocks {

    // Distinguishes these advisory locks from any other use of pg_advisory_xact_lock.
    private static final long LOCK_NAMESPACE = 0x5349_474EL << 32; // "SIGN"

    @Override
    public boolean oneAtATime(String accountKey, BooleanSupplier count) {
        return Boolean.TRUE.equals(transactions.execute(status -> {
            jdbc.sql("SELECT pg_advisory_xact_lock(:lock)")
                    .param("lock", LOCK_NAMESPACE | (accountKey.hashCode() & 0xFFFF_FFFFL))
                    .query((rs, row) -> 1)
                    .list();
            return count.getAsBoolean();
        }));
    }

    @Override
    public String deleteBatch() {
        return "DELETE FROM sign_in_failures WHERE id IN (SELECT id FROM sign_in_failures"
                + " WHERE failed_at < :cutoff ORDER BY failed_at LIMIT " + LoginThrottle.CLEANUP_BATCH
                + " FOR UPDATE SKIP LOCKED)";
    }
}
