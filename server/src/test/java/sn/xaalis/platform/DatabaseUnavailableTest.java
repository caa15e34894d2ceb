package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

/**
 * Which failures become a 503 (the database is out of reach: retry) rather than a 500 (a bug). The
 * shapes are the ones a real PostgreSQL outage produced in {@code DatabaseOutageIT}.
 */
class DatabaseUnavailableTest {

    @Test
    void noConnectionFromThePoolInTime() {
        var pool = new SQLTransientConnectionException("HikariPool-1 - Connection is not available");
        assertThat(ErrorResponses.databaseUnavailable(new CannotGetJdbcConnectionException("no connection", pool)))
                .isTrue();
        assertThat(ErrorResponses.databaseUnavailable(new CannotCreateTransactionException("no connection", pool)))
                .isTrue();
    }

    @Test
    void aConnectionBrokenMidQueryOrAServerShuttingDown() {
        assertThat(ErrorResponses.databaseUnavailable(new DataAccessResourceFailureException(
                        "I/O error", new SQLException("An I/O error occurred while sending to the backend", "08006"))))
                .isTrue();
        assertThat(ErrorResponses.databaseUnavailable(new RuntimeException(
                        new SQLException("terminating connection due to administrator command", "57P01"))))
                .isTrue();
    }

    @Test
    void aRollbackThatFailsOnTheClosedConnectionAfterAFailedCommit() {
        var rollback = new TransactionSystemException("JDBC rollback failed", new SQLException("Connection is closed"));
        assertThat(ErrorResponses.databaseUnavailable(rollback)).isTrue();
    }

    @Test
    void bugsAndBadDataStayWhatTheyAre() {
        assertThat(ErrorResponses.databaseUnavailable(
                        new BadSqlGrammarException("select", "SELEC 1", new SQLException("syntax error", "42601"))))
                .isFalse();
        assertThat(ErrorResponses.databaseUnavailable(
                        new DataIntegrityViolationException("duplicate", new SQLException("duplicate key", "23505"))))
                .isFalse();
        assertThat(ErrorResponses.databaseUnavailable(new IllegalStateException("bug")))
                .isFalse();
        assertThat(ErrorResponses.databaseUnavailable(new TransactionSystemException("no transaction")))
                .isFalse();
    }
}
