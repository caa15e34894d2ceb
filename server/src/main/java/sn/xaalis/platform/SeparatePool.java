package sn.xaalis.platform;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.MeterRegistry;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Database connections of their own for work that must not queue with the requests for theirs (the
 * webhook dispatcher, the rate limiter's grants): under a backlog that work would otherwise hold the
 * requests' pooled connections, and a request waiting for one is a slow request. The same database, URL
 * and settings as the requests' pool, only smaller; on the embedded database, which serves one node for
 * trying Xaalis, that one pool is shared. Opened through {@link SeparatePools}, chosen once by database kind.
 */
public final class SeparatePool implements AutoCloseable {

    private final @Nullable HikariDataSource own;
    private final DataSource dataSource;
    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;

    private SeparatePool(@Nullable HikariDataSource own, DataSource dataSource) {
        this.own = own;
        this.dataSource = dataSource;
        this.jdbc = JdbcClient.create(dataSource);
        this.transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    }

    /**
     * Pools of their own, copied from the requests' pool (PostgreSQL).
     *
     * @param registry where their {@code hikaricp.*} metrics go
     */
    static SeparatePools copying(HikariDataSource requests, MeterRegistry registry) {
        return new SeparatePools() {
            @Override
            public SeparatePool open(String name, int size) {
                // As idle as the requests' pool may be (tests keep one, production all; -1 means all).
                return copy(requests, registry, name, size, Math.min(size, requests.getMinimumIdle()));
            }

            @Override
            public SeparatePool openOnDemand(String name, int size) {
                return copy(requests, registry, name, size, 0);
            }
        };
    }

    private static SeparatePool copy(
            HikariDataSource requests, MeterRegistry registry, String name, int size, int minimumIdle) {
        requirePositive(name, size);
        // Started by its first connection, like the requests' pool, not while the context is built.
        HikariDataSource own = new HikariDataSource();
        requests.copyStateTo(own);
        own.setPoolName(name);
        own.setMaximumPoolSize(size);
        own.setMinimumIdle(minimumIdle);
        own.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(registry));
        return new SeparatePool(own, own);
    }

    /** The requests' pool itself, shared (the embedded database, a single node for trying Xaalis). */
    static SeparatePools sharing(DataSource requests) {
        return new SeparatePools() {
            @Override
            public SeparatePool open(String name, int size) {
                requirePositive(name, size);
                return new SeparatePool(null, requests);
            }

            @Override
            public SeparatePool openOnDemand(String name, int size) {
                return open(name, size);
            }
        };
    }

    private static void requirePositive(String name, int size) {
        if (size < 1) {
            throw new IllegalArgumentException(name + ": a pool needs at least one connection");
        }
    }

    /** For a library that takes its connections itself (Bucket4j). */
    public DataSource dataSource() {
        return dataSource;
    }

    public JdbcClient jdbc() {
        return jdbc;
    }

    public TransactionTemplate transactions() {
        return transactions;
    }

    @Override
    public void close() {
        if (own != null) {
            own.close();
        }
    }
}
