package sn.xaalis.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.MapPropertySource;

/**
 * Gives every Spring test context a database of its own: a fresh in-memory H2 database, or a fresh
 * schema in the PostgreSQL {@code test} database, dropped when the context closes.
 */
public class TestDatabaseInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        String name = "it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        Map<String, Object> properties;
        if (TestDatabase.postgres()) {
            createSchema(name);
            properties = Map.of(
                    "spring.datasource.url",
                    TestDatabase.POSTGRES_URL + "?currentSchema=" + name,
                    "spring.datasource.username",
                    TestDatabase.POSTGRES_USER,
                    "spring.datasource.password",
                    "",
                    "spring.flyway.schemas",
                    name);
            context.addApplicationListener(event -> {
                if (event instanceof ContextClosedEvent) {
                    dropSchema(name);
                }
            });
        } else {
            properties = Map.of(
                    "spring.datasource.url",
                    "jdbc:h2:mem:" + name
                            + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1",
                    "spring.datasource.username",
                    "sa",
                    "spring.datasource.password",
                    "");
        }
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("test-database", properties));
    }

    private static void createSchema(String name) {
        execute("CREATE SCHEMA " + name);
    }

    private static void dropSchema(String name) {
        try {
            execute("DROP SCHEMA IF EXISTS " + name + " CASCADE");
        } catch (IllegalStateException e) {
            // Best effort: a leftover schema is harmless and dropped by the next .ci/run.
        }
    }

    private static void execute(String sql) {
        try (Connection connection =
                        DriverManager.getConnection(TestDatabase.POSTGRES_URL, TestDatabase.POSTGRES_USER, "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL is required for this run: " + e.getMessage(), e);
        }
    }
}
