package sn.xaalis.faults;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import sn.xaalis.support.ServerProcess;

/**
 * Server processes for the fault tests, on one database (a fresh schema of the shared PostgreSQL,
 * or a private cluster), with short delays so a run takes seconds: a 2 s receiver timeout, retries
 * 0.5 s apart, magic phones resolved after 1 s.
 */
final class FaultNodes implements AutoCloseable {

    // Booting takes 10 s on an idle machine and much more when other builds share the cores.
    private static final Duration BOOT = Duration.ofSeconds(120);

    private final String jdbcUrl;
    private final String schema;
    private final Map<String, String> overrides;
    private final List<ServerProcess> started = new ArrayList<>();

    /** @param schema created here and dropped at close; null for the database's default schema */
    FaultNodes(String jdbcUrl, String schema, Map<String, String> overrides) {
        this.jdbcUrl = jdbcUrl;
        this.schema = schema;
        this.overrides = overrides;
        if (schema != null) {
            sql(jdbcUrl, "CREATE SCHEMA " + schema);
        }
    }

    static String freshSchema() {
        return "it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    /** The JDBC URL of the nodes' tables, for checks. */
    String tablesUrl() {
        return schema == null ? jdbcUrl : jdbcUrl + "?currentSchema=" + schema;
    }

    ServerProcess start(String name) {
        return start(name, Map.of());
    }

    /** A node with settings of its own on top of the shared ones (e.g. its own JDBC URL). */
    ServerProcess start(String name, Map<String, String> own) {
        Map<String, String> env = ServerProcess.nodeOn(jdbcUrl, schema);
        env.put("XAALIS_WEBHOOKS_POLL_INTERVAL", "PT0.5S");
        env.put("XAALIS_PAYMENTS_SANDBOX_MAGIC_DELAY", "PT1S");
        env.put("XAALIS_PAYMENTS_JOB_INTERVAL", "PT0.5S");
        env.put("XAALIS_DEMO_ENABLED", "false");
        env.put("XAALIS_RATE_LIMIT_REQUESTS_PER_SECOND", "5000");
        // C1 only and one GC thread: a much quicker boot on a busy machine, plenty for these loads.
        // The pool is small (nodeOn): a request that finds none free in 2 s gets a 503, which clients retry.
        env.put("JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
        env.putAll(overrides);
        env.putAll(own);
        ServerProcess node = ServerProcess.start(name, env, BOOT);
        synchronized (started) {
            started.add(node);
        }
        return node;
    }

    /** Starts several nodes at once (each takes seconds to boot). */
    List<ServerProcess> startAll(String... names) throws Exception {
        List<java.util.concurrent.Future<ServerProcess>> futures = new ArrayList<>();
        try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (String name : names) {
                futures.add(pool.submit(() -> start(name)));
            }
            List<ServerProcess> nodes = new ArrayList<>();
            for (var future : futures) {
                nodes.add(future.get());
            }
            return nodes;
        }
    }

    @Override
    public void close() {
        synchronized (started) {
            started.forEach(ServerProcess::kill);
        }
        if (schema != null) {
            sql(jdbcUrl, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    static void sql(String url, String statement) {
        try (Connection connection = DriverManager.getConnection(url, "postgres", "");
                Statement s = connection.createStatement()) {
            s.execute(statement);
        } catch (SQLException e) {
            throw new IllegalStateException(statement, e);
        }
    }
}
