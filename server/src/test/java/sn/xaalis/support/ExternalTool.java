package sn.xaalis.support;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Another language's toolchain (php, phpunit, composer, node, npm, python3, pyproject-build) run from a test, as the merchant
 * libraries under {@code sdks/} are tested. Without the tool the test is skipped with a message, except
 * on CI, where {@code .ci/run} installs it and its absence is a failure.
 */
public final class ExternalTool {

    /** The repository's root (tests run in {@code server/}). */
    public static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

    private ExternalTool() {}

    /** What a finished command printed (stdout and stderr together) and how it exited. */
    public record Result(int exitCode, String output) {}

    /** Skips the test (fails it on CI) unless every command is on the PATH. */
    public static void require(String... commands) {
        for (String command : commands) {
            if (!onPath(command)) {
                String why = "SKIPPED: " + command + " is not installed (.ci/run installs it)";
                if (TestDatabase.postgresRequired()) {
                    fail(why);
                }
                assumeTrue(false, why);
            }
        }
    }

    /**
     * Skips the test (fails it on CI) unless the runtime's {@code version} is at least {@code minimum},
     * the oldest release the library supports: an older one (Node.js 20 on a machine, say) does not test
     * what merchants run.
     */
    public static void requireAtLeast(String runtime, String version, String minimum) {
        if (compareVersions(version, minimum) < 0) {
            String why = "SKIPPED: " + runtime + " " + version + " is older than " + minimum
                    + ", the oldest release the library supports (.ci/run installs a maintained one)";
            // Printed too: an assumption that fails in @BeforeAll leaves no trace in the reports.
            System.out.println(why);
            if (TestDatabase.postgresRequired()) {
                fail(why);
            }
            assumeTrue(false, why);
        }
    }

    /** The version a command prints as its last line (such as {@code node -p process.versions.node}). */
    public static String version(String name, String... command) {
        Result result = run(name, REPOSITORY, Map.of(), Duration.ofMinutes(1), command);
        String[] lines = result.output().strip().split("\\R");
        String last = lines[lines.length - 1].strip();
        if (result.exitCode() != 0 || !last.matches("\\d+(\\.\\d+)*.*")) {
            fail(String.join(" ", command) + " printed no version: " + result.output());
        }
        return last;
    }

    /** Compares dotted version numbers numerically ({@code 22.23.3} after {@code 22.9}). */
    public static int compareVersions(String a, String b) {
        String[] x = a.replaceFirst("[^\\d.].*$", "").split("\\.");
        String[] y = b.replaceFirst("[^\\d.].*$", "").split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int p = i < x.length && !x[i].isEmpty() ? Integer.parseInt(x[i]) : 0;
            int q = i < y.length && !y[i].isEmpty() ? Integer.parseInt(y[i]) : 0;
            if (p != q) {
                return Integer.compare(p, q);
            }
        }
        return 0;
    }

    public static boolean onPath(String command) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    /** Runs a command to its end in {@code directory}; output goes to target/processes/{name}.log too. */
    public static Result run(
            String name, Path directory, Map<String, String> env, Duration timeout, String... command) {
        Path log = Path.of("target", "processes", name + ".log");
        try {
            Files.createDirectories(log.getParent());
            Process process = builder(directory, env, command)
                    .redirectOutput(log.toFile())
                    .start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                fail(String.join(" ", command) + " did not finish within " + timeout + "; see " + log);
            }
            return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Starts a long-running command (a receiver); the caller stops it with {@link #stop(Process)}. */
    public static Process start(String name, Path directory, Map<String, String> env, String... command) {
        Path log = Path.of("target", "processes", name + ".log");
        try {
            Files.createDirectories(log.getParent());
            return builder(directory, env, command).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void stop(Process process) {
        if (process == null) {
            return;
        }
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ProcessBuilder builder(Path directory, Map<String, String> env, String... command) {
        ProcessBuilder builder = new ProcessBuilder(List.of(command))
                .directory(directory.toFile())
                .redirectErrorStream(true);
        builder.environment().putAll(env);
        return builder;
    }
}
