package sn.xaalis.platform;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

/** Telling an outage of the database (answer 503, retry) from a bug (500), for every kind of answer. */
public final class DatabaseOutages {

    private DatabaseOutages() {}

    /**
     * Whether a failure means "no usable database connection": a pool that could not hand one out in
     * time, a connection refused or broken (SQLState class 08), or a server shutting down (57P).
     */
    public static boolean unavailable(Throwable failure) {
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 16; t = t.getCause(), depth++) {
            if (t instanceof DataAccessResourceFailureException
                    || t instanceof CannotCreateTransactionException
                    || t instanceof SQLTransientConnectionException
                    || t instanceof SQLNonTransientConnectionException) {
                return true;
            }
            // A commit or rollback that fails at the JDBC level (the pool has already closed the
            // broken connection) hides the first failure; either way the connection is gone and the
            // outcome is for a retry (with its Idempotency-Key) to find out.
            if (t instanceof TransactionSystemException jdbc
                    && (jdbc.getCause() instanceof SQLException
                            || (jdbc.getApplicationException() != null
                                    && unavailable(jdbc.getApplicationException())))) {
                return true;
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState();
                if (state.startsWith("08") || state.startsWith("57P")) {
                    return true;
                }
            }
        }
        return false;
    }
}
