package sn.xaalis.support;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * How {@link ServerProcess} runs the packaged server: the executable jar extracted once ({@code
 * -Djarmode=tools extract}, as Spring Boot advises for production) with an AOT cache of the classes
 * a start loads ({@code -XX:AOTCache}, JDK 25), made by one training start that exits once the context
 * is refreshed. The PostgreSQL run starts dozens of nodes; each then boots in much less time. The
 * code run is the same: only class loading and linking are done ahead. Kept in target/ for the next
 * run while the jar is the same; should anything fail, nodes start from the jar as before.
 */
final class ServerLaunch {

    private static final Path DIRECTORY = Path.of("target", "server-launch").toAbsolutePath();
    private static final long TRAINING_MINUTES = 4;

    private static volatile List<String> command;

    private ServerLaunch() {}

    /** {@code java [-XX:AOTCache=…] -Xmx512m -jar <the server>}, prepared on first use. */
    static List<String> command() {
        List<String> prepared = command;
        if (prepared == null) {
            synchronized (ServerLaunch.class) {
                if (command == null) {
                    command = prepare();
                }
                prepared = command;
            }
        }
        return prepared;
    }

    private static List<String> prepare() {
        String java = ProcessHandle.current().info().command().orElse("java");
        Path jar = executableJar();
        try {
            String source = jar.toAbsolutePath() + " " + Files.size(jar) + " "
                    + Files.getLastModifiedTime(jar).toMillis();
            Path stamp = DIRECTORY.resolve("source.txt");
            Path cache = DIRECTORY.resolve("server.aot");
            if (!Files.exists(stamp) || !Files.readString(stamp).equals(source)) {
                delete(DIRECTORY);
                Files.createDirectories(DIRECTORY);
                Path extracted = DIRECTORY.resolve("app");
                run(List.of(
                        java,
                        "-Djarmode=tools",
                        "-jar",
                        jar.toAbsolutePath().toString(),
                        "extract",
                        "--destination",
                        extracted.toString()));
                Path app = application(extracted);
                train(java, app, cache);
                Files.writeString(stamp, source);
            }
            Path app = application(DIRECTORY.resolve("app"));
            List<String> launch = new ArrayList<>(List.of(java));
            if (Files.exists(cache)) {
                launch.add("-XX:AOTCache=" + cache);
            }
            launch.addAll(List.of("-Xmx512m", "-jar", app.toString()));
            return List.copyOf(launch);
        } catch (IOException | RuntimeException e) {
            System.err.println("Nodes start from the executable jar (" + e + ")");
            return List.of(java, "-Xmx512m", "-jar", jar.toString());
        }
    }

    /**
     * One start on an in-memory database that exits once the context is refreshed ({@code
     * spring.context.exit=onRefresh}); the JVM writes the cache as it exits.
     */
    private static void train(String java, Path app, Path cache) {
        List<String> training = List.of(
                java,
                "-XX:AOTCacheOutput=" + cache,
                "-Xmx512m",
                "-Dspring.context.exit=onRefresh",
                "-jar",
                app.toString());
        ProcessBuilder builder = new ProcessBuilder(training);
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        builder.environment()
                .put(
                        "SPRING_DATASOURCE_URL",
                        "jdbc:h2:mem:training;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH");
        builder.environment().put("XAALIS_DATA_DIR", DIRECTORY.resolve("data").toString());
        builder.environment().put("XAALIS_SECRETS_MASTER_KEY", "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");
        builder.environment().put("XAALIS_ADMIN_TOKEN", Api.ADMIN_TOKEN);
        builder.environment().put("XAALIS_DEMO_ENABLED", "false");
        run(builder);
    }

    private static void run(List<String> command) {
        run(new ProcessBuilder(command));
    }

    private static void run(ProcessBuilder builder) {
        File log = DIRECTORY.resolve("prepare.log").toFile();
        builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log));
        try {
            Process process = builder.start();
            if (!process.waitFor(TRAINING_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException(builder.command() + " did not finish (see " + log + ")");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(
                        builder.command() + " failed with " + process.exitValue() + " (see " + log + ")");
            }
        } catch (IOException e) {
            throw new IllegalStateException("Cannot run " + builder.command(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The extracted application jar: the one jar beside lib/. */
    private static Path application(Path extracted) throws IOException {
        try (Stream<Path> files = Files.list(extracted)) {
            Optional<Path> jar = files.filter(p -> p.getFileName().toString().endsWith(".jar"))
                    .findFirst();
            return jar.orElseThrow(() -> new IllegalStateException("no application jar in " + extracted));
        }
    }

    static Path executableJar() {
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            Optional<Path> jar = files.filter(p -> p.getFileName().toString().endsWith("-exec.jar"))
                    .findFirst();
            return jar.orElseThrow(
                    () -> new IllegalStateException("No executable jar in target/; run the package phase"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void delete(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
