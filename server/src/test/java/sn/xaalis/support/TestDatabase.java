package sn.xaalis.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Which database the integration tests run on: {@code -Dxaalis.test.database=h2|postgres}. The build
 * runs every integration test once on each. PostgreSQL is {@code 127.0.0.1:5432/test}, user postgres.
 */
public final class TestDatabase {

    public static final String POSTGRES_URL =
            System.getProperty("xaalis.test.postgres-url", "jdbc:postgresql://127.0.0.1:5432/test");
    public static final String POSTGRES_USER = "postgres";

    private static volatile Boolean postgresReachable;

    private TestDatabase() {}

    public static boolean postgres() {
        return "postgres".equals(System.getProperty("xaalis.test.database", "h2"));
    }

    /** On CI a missing PostgreSQL is a failure, elsewhere a clear skip. */
    public static boolean postgresRequired() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** Runs one statement on the shared PostgreSQL (creating or dropping a test's own schema). */
    public static void execute(String statement) {
        try (Connection connection = DriverManager.getConnection(POSTGRES_URL, POSTGRES_USER, "");
                java.sql.Statement s = connection.createStatement()) {
            s.execute(statement);
        } catch (SQLException e) {
            throw new IllegalStateException(statement, e);
        }
    }

    public static boolean postgresReachable() {
        if (postgresReachable == null) {
            try (Connection ignored = DriverManager.getConnection(POSTGRES_URL, POSTGRES_USER, "")) {
                postgresReachable = true;
            } catch (SQLException e) {
                postgresReachable = false;
            }
        }
        return postgresReachable;
    }
}
