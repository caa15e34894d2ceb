package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

/** Single-statement writes on PostgreSQL rely on autocommit: a pool without it is refused at start. */
class AutoCommitRequiredTest {

    @Test
    void aPostgresPoolWithoutAutocommitIsRefused() {
        try (HikariDataSource pool = new HikariDataSource()) {
            pool.setAutoCommit(false);

            assertThatThrownBy(() -> PlatformConfiguration.requireAutoCommit(new Database(false), pool))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("auto-commit");
        }
    }

    @Test
    void theDefaultPoolAndTheEmbeddedDatabaseAreAccepted() {
        try (HikariDataSource pool = new HikariDataSource()) {
            assertThatCode(() -> PlatformConfiguration.requireAutoCommit(new Database(false), pool))
                    .doesNotThrowAnyException();
            pool.setAutoCommit(false);
            assertThatCode(() -> PlatformConfiguration.requireAutoCommit(new Database(true), pool))
                    .doesNotThrowAnyException();
        }
    }
}
