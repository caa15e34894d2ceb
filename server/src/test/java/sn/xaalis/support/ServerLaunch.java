package sn.xaalis.support;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How {@link ServerProcess} runs the packaged server: as the operator guide starts a node, with the launcher
 * the build lays out in target/xaalis/ (src/dist/build.sh: the extracted application, the JVM settings) and
 * the AOT cache its training run makes ({@code xaalis train}: a short workload of initiations, status reads,
 * webhooks and pages, once per build). The fault tests' nodes thus run with the cache, and the other tests'
 * in-process servers without one: the suite passes both ways. Should the training fail, the run fails: the
 * cache is part of what is shipped.
 */
public final class ServerLaunch {

    /** The node's layout, as {@code ./mvnw package} leaves it. */
    public static final Path NODE = Path.of("target", "xaalis").toAbsolutePath();

    private static final String TRAINING = "20s";
    private static final long TRAINING_MINUTES = 4;

    private static volatile boolean trained;

    private ServerLaunch() {}

    /** The launcher, its cache made on first use; nodes get at most 512 MB of heap, as before. */
    public static List<String> command() {
        if (!trained) {
            synchronized (ServerLaunch.class) {
                if (!trained) {
                    train();
                    trained = true;
                }
            }
        }
        return List.of(NODE.resolve("xaalis").toString());
    }

    /** The environment every node gets from the launch: its heap cap. */
    static void environment(Map<String, String> environment) {
        environment.putIfAbsent("XAALIS_JAVA_OPTS", "-Xmx512m");
    }

    private static void train() {
        Path launcher = NODE.resolve("xaalis");
        if (!Files.isExecutable(launcher)) {
            throw new IllegalStateException("No node layout at " + NODE + "; run the package phase");
        }
        Path cache = NODE.resolve("xaalis.aot");
        Path stamp = NODE.resolve("trained-for.txt");
        String source = source();
        try {
            if (Files.exists(cache)
                    && Files.exists(stamp)
                    && Files.readString(stamp).equals(source)) {
                return;
            }
            ProcessBuilder builder = new ProcessBuilder(launcher.toString(), "train");
            builder.environment().put("XAALIS_TRAINING_DURATION", TRAINING);
            File log = Path.of("target", "processes", "training.log").toFile();
            log.getParentFile().mkdirs();
            builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log));
            Process process = builder.start();
            if (!process.waitFor(TRAINING_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException("The training run did not finish (see " + log + ")");
            }
            if (process.exitValue() != 0 || !Files.exists(cache)) {
                throw new IllegalStateException("The training run failed (see " + NODE.resolve("training.log") + ")");
            }
            Files.writeString(stamp, source);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot train " + launcher, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The application jar the cache is for (a new build lays out a new one). */
    private static String source() {
        Path jar = NODE.resolve("xaalis.jar");
        try {
            return jar + " " + Files.size(jar) + " "
                    + Files.getLastModifiedTime(jar).toMillis();
        } catch (IOException e) {
            throw new IllegalStateException("No application jar at " + jar, e);
        }
    }
}
