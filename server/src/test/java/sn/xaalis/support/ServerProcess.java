package sn.xaalis.support;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The packaged server as a separate operating-system process, so tests can kill it with SIGKILL and
 * run several nodes on one database.
 */
public final class ServerProcess implements AutoCloseable {

    private final Process process;
    private final int port;

    private ServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts a node on a free port and waits until it answers HTTP. */
    public static ServerProcess start(String name, Map<String, String> environment) {
        return start(name, environment, Duration.ofSeconds(60));
    }

    /** The same, with more time to boot (several processes starting at once on a busy machine). */
    public static ServerProcess start(String name, Map<String, String> environment, Duration startTimeout) {
        return start(name, environment, startTimeout, ServerLaunch.command());
    }

    /** A node started with {@code command} (a launcher of a node's layout) instead of the build's own. */
    public static ServerProcess start(
            String name, Map<String, String> environment, Duration startTimeout, List<String> command) {
        // The free port is only free when we look: another process on the machine may take it before
        // the server binds it, so a start that lost its port is tried again on another one.
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce(name, environment, startTimeout, command);
            } catch (PortTaken e) {
                if (attempt == 3) {
                    throw new IllegalStateException("No free port for " + name + " after 3 attempts", e);
                }
            }
        }
    }

    private static ServerProcess startOnce(
            String name, Map<String, String> environment, Duration startTimeout, List<String> command) {
        int port = freePort();
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        ServerLaunch.environment(builder.environment());
        builder.environment().put("SERVER_PORT", Integer.toString(port));
        File log = Path.of("target", "processes", name + ".log").toFile();
        log.getParentFile().mkdirs();
        builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log));
        long logStart = log.length();
        try {
            ServerProcess server = new ServerProcess(builder.start(), port);
            try {
                server.awaitReady(startTimeout);
            } catch (RuntimeException notReady) {
                server.kill(); // never leave a half-started process behind
                if (portTaken(log, logStart, port)) {
                    throw new PortTaken(notReady);
                }
                throw notReady;
            }
            return server;
        } catch (IOException e) {
            throw new IllegalStateException("Cannot start " + command, e);
        }
    }

    private static final class PortTaken extends RuntimeException {
        PortTaken(Throwable cause) {
            super(cause);
        }
    }

    private static boolean portTaken(File log, long from, int port) {
        try (var in = new java.io.RandomAccessFile(log, "r")) {
            in.seek(from);
            byte[] tail = new byte[(int) Math.min(in.length() - from, 1_000_000)];
            in.readFully(tail);
            return new String(tail, java.nio.charset.StandardCharsets.UTF_8)
                    .contains("Port " + port + " was already in use");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The environment of a node on one schema of a PostgreSQL database, as the cluster tests run it:
     * the operator API on, loopback receivers allowed, a 2 s receiver timeout and retries 0.5 s
     * apart, no demo merchant. Callers add or override what their test is about.
     */
    public static Map<String, String> nodeOn(String jdbcUrl, String schema) {
        Map<String, String> env = new HashMap<>();
        String separator = jdbcUrl.contains("?") ? "&" : "?";
        env.put("SPRING_DATASOURCE_URL", schema == null ? jdbcUrl : jdbcUrl + separator + "currentSchema=" + schema);
        env.put("SPRING_DATASOURCE_USERNAME", "postgres");
        env.put("SPRING_DATASOURCE_PASSWORD", "");
        if (schema != null) {
            env.put("SPRING_FLYWAY_SCHEMAS", schema);
        }
        return withNodeSettings(env);
    }

    /** The same for a node on an embedded database of its own, in {@code dataDirectory}. */
    public static Map<String, String> nodeOnEmbedded(Path dataDirectory) {
        Map<String, String> env = new HashMap<>();
        env.put("XAALIS_DATA_DIR", dataDirectory.toString());
        return withNodeSettings(env);
    }

    private static Map<String, String> withNodeSettings(Map<String, String> env) {
        env.put("XAALIS_SECRETS_MASTER_KEY", "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");
        env.put("XAALIS_ADMIN_TOKEN", Api.ADMIN_TOKEN);
        env.put("XAALIS_WEBHOOKS_ALLOWED_PRIVATE_CIDRS", "127.0.0.0/8");
        env.put("XAALIS_WEBHOOKS_TIMEOUT", "PT2S");
        env.put("XAALIS_WEBHOOKS_RETRY_DELAY", "PT0.5S");
        env.put("XAALIS_DEMO_ENABLED", "false");
        // Several builds and test nodes share one PostgreSQL (max_connections 100): small pools.
        env.put("SPRING_DATASOURCE_HIKARI_MAXIMUM_POOL_SIZE", "6");
        env.put("SPRING_DATASOURCE_HIKARI_MINIMUM_IDLE", "1");
        return env;
    }

    public int port() {
        return port;
    }

    public Api api() {
        return new Api(port);
    }

    /** SIGKILL: no shutdown hook, no graceful stop, in-flight work simply vanishes. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(
                        java.util.concurrent.TimeUnit.SECONDS.toMillis(20),
                        java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Api api = new Api(port);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Server process exited with " + process.exitValue());
            }
            try {
                // Only our own answer counts (the §7 body of a refused admin call): another program
                // may have taken the port between our look and the server's bind.
                Api.Response answer =
                        api.send("GET", "/admin/v1/applications/00000000-0000-0000-0000-000000000000", Map.of(), null);
                if (answer.body().startsWith("{\"status\":" + answer.status())) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // connection refused while starting
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new IllegalStateException("Server did not start within " + timeout);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
