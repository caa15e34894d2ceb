package sn.xaalis.support;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl in a temporary directory, trust auth, a
 * free port), so a test can stop it for real without touching the shared server other runs use.
 * PostgreSQL refuses to run as root: as root, every command runs as the {@code postgres} user.
 */
public final class PrivatePostgres implements AutoCloseable {

    private static final String BIN_PROPERTY = "xaalis.test.postgres-bin";

    private final Path bin;
    private final Path directory;
    private final int port;
    private final File log;

    private PrivatePostgres(Path bin, Path directory, int port, File log) {
        this.bin = bin;
        this.directory = directory;
        this.port = port;
        this.log = log;
    }

    /** The server binaries: {@code -Dxaalis.test.postgres-bin}, else the newest Debian install. */
    public static Optional<Path> binaries() {
        return binaries(version -> true);
    }

    /**
     * The same, among the Debian installs whose version directory ({@code /usr/lib/postgresql/15})
     * passes {@code wanted}; a configured directory is taken as it is.
     */
    static Optional<Path> binaries(java.util.function.Predicate<Path> wanted) {
        String configured = System.getProperty(BIN_PROPERTY);
        if (configured != null) {
            return Optional.of(Path.of(configured)).filter(p -> Files.isExecutable(p.resolve("pg_ctl")));
        }
        Path debian = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(debian)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(debian)) {
            return versions.filter(v -> Files.isExecutable(v.resolve("bin/pg_ctl"))
                            && Files.isExecutable(v.resolve("bin/initdb"))
                            && wanted.test(v))
                    .max(Comparator.comparing(v -> versionNumber(v.getFileName().toString())))
                    .map(v -> v.resolve("bin"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Creates and starts a cluster; the caller closes it (stop, then delete the directory). */
    public static PrivatePostgres start(String name) {
        Path bin = binaries()
                .orElseThrow(() -> new IllegalStateException(
                        "No PostgreSQL server binaries (initdb, pg_ctl) found; set -D" + BIN_PROPERTY));
        try {
            Path directory = Files.createTempDirectory("xaalis-pg-");
            File log = Path.of("target", "processes", name + "-postgres.log")
                    .toAbsolutePath()
                    .toFile();
            log.getParentFile().mkdirs();
            PrivatePostgres postgres = new PrivatePostgres(bin, directory, freePort(), log);
            if (asRoot()) {
                postgres.run(List.of("chown", "postgres", directory.toString()), false);
            }
            postgres.run(
                    List.of(
                            bin.resolve("initdb").toString(),
                            "-D",
                            directory.resolve("data").toString(),
                            "-A",
                            "trust",
                            "-U",
                            "postgres",
                            "-E",
                            "UTF8",
                            "--no-sync"),
                    true);
            postgres.start();
            return postgres;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public int port() {
        return port;
    }

    /** The JDBC URL of its {@code postgres} database (user postgres, no password). */
    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    /** Starts the server and waits until it accepts connections. */
    public void start() {
        run(
                List.of(
                        bin.resolve("pg_ctl").toString(),
                        "-D",
                        directory.resolve("data").toString(),
                        "-l",
                        directory.resolve("server.log").toString(),
                        "-o",
                        "-p " + port + " -k " + directory + " -c listen_addresses=127.0.0.1",
                        "-w",
                        "-t",
                        "30",
                        "start"),
                true);
    }

    /**
     * A real outage: {@code immediate} mode kills every backend without a checkpoint, as a crash
     * would; the next start runs crash recovery from the WAL.
     */
    public void stopImmediately() {
        run(
                List.of(
                        bin.resolve("pg_ctl").toString(),
                        "-D",
                        directory.resolve("data").toString(),
                        "-m",
                        "immediate",
                        "-w",
                        "-t",
                        "30",
                        "stop"),
                true);
    }

    @Override
    public void close() {
        try {
            stopImmediately();
        } catch (RuntimeException alreadyStopped) {
            // nothing to stop
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is harmless
        }
    }

    private void run(List<String> command, boolean asPostgres) {
        run(command, asPostgres, Map.of(), log, Duration.ofSeconds(60));
    }

    /**
     * Runs a command to its end, its output appended to {@code log}; as root and with {@code asPostgres},
     * as the {@code postgres} user (PostgreSQL refuses root), with {@code environment} set for it.
     */
    static void run(
            List<String> command, boolean asPostgres, Map<String, String> environment, File log, Duration timeout) {
        List<String> full = asCommand(command, asPostgres, environment);
        try {
            Process process = new ProcessBuilder(full)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log))
                    .start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("Timed out: " + full + " (see " + log + ")");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(
                        "Failed with " + process.exitValue() + ": " + full + " (see " + log + ")");
            }
        } catch (IOException e) {
            throw new IllegalStateException("Cannot run " + full, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The command line: {@code runuser -u postgres -- env K=V… command} as root, else as it is. */
    static List<String> asCommand(List<String> command, boolean asPostgres, Map<String, String> environment) {
        List<String> full = new ArrayList<>();
        if (asPostgres && asRoot()) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        if (!environment.isEmpty()) {
            full.add("env");
            environment.forEach((name, value) -> full.add(name + "=" + value));
        }
        full.addAll(command);
        return full;
    }

    static boolean asRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    static int versionNumber(String name) {
        try {
            return Integer.parseInt(name.replaceAll("[^0-9].*", ""));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
