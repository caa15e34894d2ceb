package sn.xaalis.support;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A highly available PostgreSQL of the test's own, run by <a href="https://pg-auto-failover.readthedocs.io">
 * pg_auto_failover</a>: a monitor, a primary and a synchronous standby, each a {@code pg_autoctl}
 * service on a free loopback port, all in one temporary directory (data, configuration, state and
 * runtime files: {@code HOME} and the {@code XDG_*} directories point into it). As root, everything
 * runs as the {@code postgres} user, as {@link PrivatePostgres} does. The shared PostgreSQL is never
 * touched.
 *
 * <p>The monitor's health checks are tuned down (a check a second, a node unhealthy after 3 s, a
 * dead primary given 3 s to demote) so that a failover takes seconds, not the default half minute.
 * The nodes have {@code replication-quorum} on (the default): with one standby, the primary's
 * {@code synchronous_standby_names} is {@code ANY 1 (…)}, so a commit returns once the standby has it.
 */
public final class AutoFailoverCluster implements AutoCloseable {

    private static final String DATABASE = "xaalis";
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(90);

    /** The monitor's settings (milliseconds), applied with ALTER SYSTEM and a reload. */
    private static final Map<String, Integer> MONITOR_SETTINGS = new LinkedHashMap<>();

    static {
        MONITOR_SETTINGS.put("pgautofailover.health_check_period", 1000);
        MONITOR_SETTINGS.put("pgautofailover.health_check_timeout", 1000);
        MONITOR_SETTINGS.put("pgautofailover.health_check_max_retries", 1);
        MONITOR_SETTINGS.put("pgautofailover.health_check_retry_delay", 500);
        MONITOR_SETTINGS.put("pgautofailover.node_considered_unhealthy_timeout", 3000);
        MONITOR_SETTINGS.put("pgautofailover.primary_demote_timeout", 3000);
        MONITOR_SETTINGS.put("pgautofailover.startup_grace_period", 1000);
    }

    /** A data node: its name at the monitor, its port, and its running {@code pg_autoctl} service. */
    public static final class Node {
        private final String name;
        private final int port;
        private final Path pgdata;
        private volatile Process service;

        private Node(String name, int port, Path pgdata) {
            this.name = name;
            this.port = port;
            this.pgdata = pgdata;
        }

        public String name() {
            return name;
        }

        public int port() {
            return port;
        }

        /** Its Xaalis database, on this node only (whatever its role). */
        public String jdbcUrl() {
            return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE;
        }

        @Override
        public String toString() {
            return name + "@" + port;
        }
    }

    private final Path bin;
    private final Path autoctl;
    private final Path directory;
    private final File log;
    private final int monitorPort;
    private final List<Node> nodes = new ArrayList<>();
    private volatile Process monitor;

    private AutoFailoverCluster(Path bin, Path autoctl, Path directory, File log) {
        this.bin = bin;
        this.autoctl = autoctl;
        this.directory = directory;
        this.log = log;
        this.monitorPort = PrivatePostgres.freePort();
    }

    /** {@code pg_autoctl}: next to the server binaries, else on the PATH (Debian puts it in /usr/bin). */
    public static Optional<Path> pgAutoctl() {
        List<Path> candidates = new ArrayList<>();
        binaries().ifPresent(b -> candidates.add(b.resolve("pg_autoctl")));
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            candidates.add(Path.of(dir, "pg_autoctl"));
        }
        candidates.add(Path.of("/usr/bin/pg_autoctl"));
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    /**
     * The server binaries of a PostgreSQL that has the {@code pgautofailover} extension: {@code
     * -Dxaalis.test.postgres-bin}, else the newest Debian install that has it.
     */
    public static Optional<Path> binaries() {
        return PrivatePostgres.binaries(version -> Files.exists(Path.of(
                "/usr/share/postgresql", version.getFileName().toString(), "extension", "pgautofailover.control")));
    }

    /** Why no cluster can be built here, or empty when it can. */
    public static Optional<String> unavailable() {
        if (binaries().isEmpty()) {
            return Optional.of("no PostgreSQL server binaries with the pgautofailover extension"
                    + " (Debian: postgresql-<major>-auto-failover)");
        }
        if (pgAutoctl().isEmpty()) {
            return Optional.of("no pg_autoctl (Debian: pg-auto-failover-cli)");
        }
        return Optional.empty();
    }

    /**
     * Builds and starts the monitor, then a primary, then a standby, and waits until the standby is
     * a synchronous {@code secondary}; creates the {@code xaalis} database on the primary.
     */
    public static AutoFailoverCluster start(String name) {
        Path bin = binaries()
                .orElseThrow(() -> new IllegalStateException(unavailable().orElseThrow()));
        Path autoctl = pgAutoctl()
                .orElseThrow(() -> new IllegalStateException(unavailable().orElseThrow()));
        AutoFailoverCluster cluster;
        try {
            Path directory = Files.createTempDirectory("xaalis-autofailover-");
            for (String sub : List.of("config", "share", "run")) {
                Files.createDirectories(directory.resolve(sub));
            }
            File log = Path.of("target", "processes", name + "-autofailover.log")
                    .toAbsolutePath()
                    .toFile();
            log.getParentFile().mkdirs();
            cluster = new AutoFailoverCluster(bin, autoctl, directory, log);
            if (PrivatePostgres.asRoot()) {
                PrivatePostgres.run(
                        List.of("chown", "-R", "postgres", directory.toString()),
                        false,
                        Map.of(),
                        log,
                        COMMAND_TIMEOUT);
            }
            PrivatePostgres.run(
                    List.of("chmod", "700", directory.resolve("run").toString()), true, Map.of(), log, COMMAND_TIMEOUT);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        try {
            cluster.startMonitor();
            Node first = cluster.addNode("node1");
            cluster.awaitStates(Duration.ofSeconds(60), Map.of(first.name, "single"));
            Node second = cluster.addNode("node2");
            cluster.awaitHealthy(Duration.ofSeconds(90));
            cluster.sql(first.port, "postgres", "CREATE DATABASE " + DATABASE);
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /**
     * The multi-host URL a client uses: both nodes, and the driver keeps to the one that is primary
     * ({@code targetServerType=primary}).
     */
    public String jdbcUrl() {
        StringBuilder hosts = new StringBuilder();
        for (Node node : nodes) {
            hosts.append(hosts.isEmpty() ? "" : ",").append("127.0.0.1:").append(node.port);
        }
        return "jdbc:postgresql://" + hosts + "/" + DATABASE + "?targetServerType=primary";
    }

    public List<Node> nodes() {
        return List.copyOf(nodes);
    }

    /** The node the monitor has as primary now (reported and assigned). */
    public Node primary() {
        return nodeInState("primary");
    }

    /** The node the monitor has as secondary now (reported and assigned). */
    public Node secondary() {
        return nodeInState("secondary");
    }

    private Node nodeInState(String state) {
        Map<String, String[]> states = states();
        return nodes.stream()
                .filter(n -> {
                    String[] s = states.get(n.name);
                    return s != null && state.equals(s[0]) && state.equals(s[1]);
                })
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + state + " now: " + describe(states)));
    }

    /** Node name → {reported state, assigned state, health}, as the monitor has them. */
    public Map<String, String[]> states() {
        Map<String, String[]> states = new LinkedHashMap<>();
        query(
                monitorPort,
                "pg_auto_failover",
                "SELECT nodename, reportedstate::text, goalstate::text, health::text FROM pgautofailover.node"
                        + " ORDER BY nodeid",
                rs -> states.put(rs.getString(1), new String[] {rs.getString(2), rs.getString(3), rs.getString(4)}));
        return states;
    }

    public static String describe(Map<String, String[]> states) {
        StringBuilder out = new StringBuilder();
        states.forEach((name, s) -> out.append(out.isEmpty() ? "" : ", ")
                .append(name)
                .append(' ')
                .append(s[0])
                .append('/')
                .append(s[1])
                .append(" health ")
                .append(s[2]));
        return out.toString();
    }

    /**
     * Waits until one node is {@code primary} and the other {@code secondary} (both reported and
     * assigned), the standby streaming and counted by the primary as synchronous.
     */
    public void awaitHealthy(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            try {
                Map<String, String[]> states = states();
                last = describe(states);
                long primaries = states.values().stream()
                        .filter(s -> s[0].equals("primary") && s[1].equals("primary"))
                        .count();
                long secondaries = states.values().stream()
                        .filter(s -> s[0].equals("secondary") && s[1].equals("secondary"))
                        .count();
                if (primaries == 1 && secondaries == nodes.size() - 1 && synchronous(primary())) {
                    return;
                }
            } catch (RuntimeException notYet) {
                last = notYet.toString();
            }
            sleep(200);
        }
        throw new IllegalStateException("the cluster was not primary + synchronous secondary within " + timeout + ": "
                + last + " (see " + log + ")");
    }

    /** Whether the primary has a synchronous standby streaming (so a commit waits for it). */
    private boolean synchronous(Node primary) {
        List<String> names = new ArrayList<>();
        query(primary.port, "postgres", "SHOW synchronous_standby_names", rs -> names.add(rs.getString(1)));
        List<String> sync = new ArrayList<>();
        query(
                primary.port,
                "postgres",
                "SELECT sync_state FROM pg_stat_replication WHERE state = 'streaming'"
                        + " AND sync_state IN ('sync', 'quorum')",
                rs -> sync.add(rs.getString(1)));
        return !names.isEmpty() && !names.get(0).isBlank() && sync.size() == nodes.size() - 1;
    }

    /**
     * {@code pg_autoctl perform failover}, a planned switch; returns once the monitor reports it done.
     *
     * <p>The primary's {@code pg_autoctl} processes are paused (SIGSTOP) while the monitor records
     * the failover, and resumed (SIGCONT) right after. This works around a race in the monitor of
     * pg_auto_failover 2.0 (upstream issue #774, fixed after 2.1 by pull request #1165): when the
     * primary's keeper calls {@code node_active} while {@code perform_failover} runs, the monitor
     * works on the primary as it read it before the failover (goal {@code primary}) and the standby
     * as it is after (goal {@code prepare_promotion}), finds no healthy standby in the quorum and
     * assigns the primary {@code wait_primary} in place of {@code draining}. The primary then turns
     * synchronous replication off and goes on committing for the seconds until it is demoted, while
     * the standby is promoted: every commit acknowledged in between is lost (seen here: payments
     * answered 201, then unknown). The Postgres server itself is not paused.
     */
    public void performFailover() {
        Node primary = primary();
        long lastEvent = lastEventId();
        List<ProcessHandle> keeper = autoctlProcesses(primary);
        signal("STOP", keeper);
        Process failover;
        try {
            // Any node_active call already running on the monitor finishes meanwhile.
            sleep(1_000);
            failover = background(List.of("perform", "failover", "--monitor", monitorUri(), "--wait", "60"));
            awaitGoalNot(primary, "primary", Duration.ofSeconds(30));
        } finally {
            signal("CONT", keeper);
        }
        try {
            if (!failover.waitFor(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                failover.destroyForcibly();
                throw new IllegalStateException("pg_autoctl perform failover timed out (see " + log + ")");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (failover.exitValue() != 0) {
            throw new IllegalStateException(
                    "pg_autoctl perform failover failed with " + failover.exitValue() + " (see " + log + ")");
        }
        List<String> asynchronous = new ArrayList<>();
        query(
                monitorPort,
                "pg_auto_failover",
                "SELECT description FROM pgautofailover.event WHERE eventid > " + lastEvent
                        + " AND description LIKE '%to wait_primary because none of the standby nodes%'",
                rs -> asynchronous.add(rs.getString(1)));
        if (!asynchronous.isEmpty()) {
            throw new IllegalStateException("pg_auto_failover switched the old primary to asynchronous replication"
                    + " during the planned failover (upstream issue #774): " + asynchronous);
        }
    }

    private long lastEventId() {
        List<Long> ids = new ArrayList<>();
        query(
                monitorPort,
                "pg_auto_failover",
                "SELECT COALESCE(MAX(eventid), 0) FROM pgautofailover.event",
                rs -> ids.add(rs.getLong(1)));
        return ids.get(0);
    }

    private void awaitGoalNot(Node node, String goal, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (goal.equals(states().get(node.name)[1])) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "the monitor kept " + node + " at " + goal + " for " + timeout + " (see " + log + ")");
            }
            sleep(50);
        }
    }

    /** The node's {@code pg_autoctl} processes (supervisor, keeper, Postgres controller), not Postgres. */
    private static List<ProcessHandle> autoctlProcesses(Node node) {
        return node.service
                .toHandle()
                .descendants()
                .filter(p -> p.info()
                        .command()
                        .map(c -> Path.of(c).getFileName().toString().equals("pg_autoctl"))
                        .orElse(false))
                .toList();
    }

    private void signal(String signal, List<ProcessHandle> processes) {
        if (processes.isEmpty()) {
            throw new IllegalStateException("no pg_autoctl process to signal");
        }
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
        processes.forEach(p -> command.add(Long.toString(p.pid())));
        PrivatePostgres.run(command, false, Map.of(), log, COMMAND_TIMEOUT);
    }

    /**
     * Kills the node's every process with SIGKILL, as a crash of its machine would: its {@code
     * pg_autoctl} service (the supervisor, its keeper, which reports to the monitor, and its Postgres
     * controller, which would otherwise restart Postgres at once, so that there would be no failover
     * at all), then the postmaster and its backends. The monitor then finds the node unhealthy and
     * promotes the standby.
     */
    public void kill(Node node) {
        Process service = node.service;
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(service.toHandle());
        service.toHandle().descendants().forEach(tree::add);
        // pg_autoctl processes first, so that none of them restarts the postmaster meanwhile.
        List<ProcessHandle> postgres = tree.stream()
                .filter(p -> p.info()
                        .command()
                        .map(c -> Path.of(c).getFileName().toString().equals("postgres"))
                        .orElse(false))
                .toList();
        tree.stream().filter(p -> !postgres.contains(p)).forEach(ProcessHandle::destroyForcibly);
        postgres.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : tree) {
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("process " + p.pid() + " of " + node + " did not die", e);
            }
        }
    }

    /** Starts the node's {@code pg_autoctl} service again (after {@link #kill}): it rejoins as standby. */
    public void restart(Node node) {
        node.service = background(List.of("run", "--pgdata", node.pgdata.toString()));
    }

    /** Runs a statement on one node, as postgres. */
    public void sql(int port, String database, String statement) {
        try (Connection connection = DriverManager.getConnection(url(port, database), "postgres", "");
                Statement s = connection.createStatement()) {
            s.execute(statement);
        } catch (SQLException e) {
            throw new IllegalStateException(statement, e);
        }
    }

    /** A row of a query's result, one callback per row. */
    public interface RowReader {
        void read(ResultSet rs) throws SQLException;
    }

    public void query(int port, String database, String query, RowReader reader) {
        try (Connection connection = DriverManager.getConnection(url(port, database), "postgres", "");
                Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery(query)) {
            while (rs.next()) {
                reader.read(rs);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(query + " on port " + port, e);
        }
    }

    private static String url(int port, String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?connectTimeout=2&socketTimeout=10";
    }

    private void startMonitor() {
        Path pgdata = directory.resolve("monitor");
        autoctl(List.of(
                "create",
                "monitor",
                "--pgdata",
                pgdata.toString(),
                "--pgport",
                Integer.toString(monitorPort),
                "--hostname",
                "127.0.0.1",
                "--auth",
                "trust",
                "--no-ssl",
                "--pgctl",
                bin.resolve("pg_ctl").toString()));
        // pg_autoctl starts the monitor's Postgres with listen_addresses = '*' unless told otherwise.
        autoctl(List.of("config", "set", "--pgdata", pgdata.toString(), "postgresql.listen_addresses", "127.0.0.1"));
        monitor = background(List.of("run", "--pgdata", pgdata.toString()));
        long deadline = System.nanoTime() + COMMAND_TIMEOUT.toNanos();
        while (true) {
            try {
                for (var setting : MONITOR_SETTINGS.entrySet()) {
                    sql(
                            monitorPort,
                            "pg_auto_failover",
                            "ALTER SYSTEM SET " + setting.getKey() + " = " + setting.getValue());
                }
                sql(monitorPort, "pg_auto_failover", "SELECT pg_reload_conf()");
                return;
            } catch (IllegalStateException notYet) {
                if (System.nanoTime() > deadline || !monitor.isAlive()) {
                    throw new IllegalStateException("the monitor did not start (see " + log + ")", notYet);
                }
                sleep(200);
            }
        }
    }

    private Node addNode(String name) {
        Node node = new Node(name, PrivatePostgres.freePort(), directory.resolve(name));
        nodes.add(node);
        node.service = background(List.of(
                "create",
                "postgres",
                "--pgdata",
                node.pgdata.toString(),
                "--pgport",
                Integer.toString(node.port),
                "--listen",
                "127.0.0.1",
                "--hostname",
                "127.0.0.1",
                "--name",
                name,
                "--auth",
                "trust",
                "--no-ssl",
                "--pgctl",
                bin.resolve("pg_ctl").toString(),
                "--monitor",
                monitorUri(),
                "--run"));
        return node;
    }

    private void awaitStates(Duration timeout, Map<String, String> wanted) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            try {
                Map<String, String[]> states = states();
                last = describe(states);
                if (wanted.entrySet().stream()
                        .allMatch(w -> states.containsKey(w.getKey())
                                && w.getValue().equals(states.get(w.getKey())[0])
                                && w.getValue().equals(states.get(w.getKey())[1]))) {
                    return;
                }
            } catch (RuntimeException notYet) {
                last = notYet.toString();
            }
            sleep(200);
        }
        throw new IllegalStateException("not " + wanted + " within " + timeout + ": " + last + " (see " + log + ")");
    }

    private String monitorUri() {
        return "postgres://autoctl_node@127.0.0.1:" + monitorPort + "/pg_auto_failover?sslmode=disable";
    }

    /** pg_autoctl's files all go under the temporary directory. */
    private Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HOME", directory.toString());
        env.put("XDG_CONFIG_HOME", directory.resolve("config").toString());
        env.put("XDG_DATA_HOME", directory.resolve("share").toString());
        env.put("XDG_RUNTIME_DIR", directory.resolve("run").toString());
        env.put("PG_CONFIG", bin.resolve("pg_config").toString());
        env.put("PATH", bin + File.pathSeparator + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        return env;
    }

    private void autoctl(List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(autoctl.toString());
        command.addAll(arguments);
        PrivatePostgres.run(command, true, environment(), log, COMMAND_TIMEOUT);
    }

    private Process background(List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(autoctl.toString());
        command.addAll(arguments);
        try {
            return new ProcessBuilder(PrivatePostgres.asCommand(command, true, environment()))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log))
                    .start();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot run " + command, e);
        }
    }

    /**
     * Stops every keeper and the monitor ({@code pg_autoctl stop --immediate}), kills whatever is left
     * of them, stops any Postgres still running in the directory, and deletes it.
     */
    @Override
    public void close() {
        List<Path> pgdatas = new ArrayList<>();
        List<Process> services = new ArrayList<>();
        for (Node node : nodes) {
            pgdatas.add(node.pgdata);
            services.add(node.service);
        }
        pgdatas.add(directory.resolve("monitor"));
        services.add(monitor);
        for (Path pgdata : pgdatas) {
            try {
                autoctl(List.of("stop", "--pgdata", pgdata.toString(), "--immediate"));
            } catch (RuntimeException notRunning) {
                // not created, or already stopped
            }
        }
        for (Process service : services) {
            if (service == null) {
                continue;
            }
            try {
                service.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            service.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            service.destroyForcibly();
        }
        for (Path pgdata : pgdatas) {
            if (Files.exists(pgdata.resolve("postmaster.pid"))) {
                try {
                    PrivatePostgres.run(
                            List.of(
                                    bin.resolve("pg_ctl").toString(),
                                    "-D",
                                    pgdata.toString(),
                                    "-m",
                                    "immediate",
                                    "-w",
                                    "-t",
                                    "20",
                                    "stop"),
                            true,
                            Map.of(),
                            log,
                            COMMAND_TIMEOUT);
                } catch (RuntimeException alreadyStopped) {
                    // nothing to stop
                }
            }
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is harmless
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
