package sn.xaalis.platform;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.MeterRegistry;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Database connections of their own for background work that no request waits on (the webhook
 * dispatcher): under a backlog that work would otherwise hold the requests' pooled connections, and a
 * request waiting for one is a slow request. The same database, URL and settings as the requests'
 * pool, only smaller; on the embedded database, which serves one node for trying Xaalis, that one
 * pool is shared.
 */
public final class SeparatePool implements AutoCloseable {

    private final HikariDataSource own;
    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;

    private SeparatePool(HikariDataSource own, DataSource dataSource) {
        this.own = own;
        this.jdbc = JdbcClient.create(dataSource);
        this.transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    }

    /**
     * @param name the pool's name in logs and in the {@code hikaricp.*} metrics
     * @param size its connections, counted on top of the requests' pool against the server's limit
     */
    public static SeparatePool of(
            DataSource requests, Database database, String name, int size, MeterRegistry registry) {
        if (size < 1) {
            throw new IllegalArgumentException(name + ": a pool needs at least one connection");
        }
        if (database.embedded() || !(requests instanceof HikariDataSource template)) {
            return new SeparatePool(null, requests);
        }
        // Started by its first connection, like the requests' pool, not while the context is built.
        HikariDataSource own = new HikariDataSource();
        template.copyStateTo(own);
        own.setPoolName(name);
        own.setMaximumPoolSize(size);
        // As idle as the requests' pool may be (tests keep one, production all; -1 means all).
        own.setMinimumIdle(Math.min(size, template.getMinimumIdle()));
        own.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(registry));
        return new SeparatePool(own, own);
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
