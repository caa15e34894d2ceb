package sn.xaalis.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import sn.xaalis.support.Api;
import sn.xaalis.support.ServerLaunch;
import sn.xaalis.support.ServerProcess;
import sn.xaalis.support.TestDatabase;

/**
 * The node as the operator guide starts it (target/xaalis/xaalis): its training run makes a cache the JVM
 * really uses ({@code -XX:AOTMode=on} refuses to start without a usable one), and a cache that is stale
 * (made for another build), damaged or missing only costs speed: the node starts and takes payments. Each
 * case is checked both ways, so that a stale cache is known to be stale. Embedded database's run only: the
 * launcher and the cache do not depend on the database.
 */
class NodeLaunchIT {

    @TempDir
    Path work;

    @BeforeEach
    void embeddedRunOnly() {
        assumeFalse(TestDatabase.postgres(), "the embedded database's run checks the launcher");
    }

    @Test
    void theTrainedCacheIsUsed() throws Exception {
        List<String> launcher = ServerLaunch.command();
        Map<String, String> environment = environment("trained");
        environment.put("XAALIS_JAVA_OPTS", "-Xmx512m -XX:AOTMode=on");
        try (var node = ServerProcess.start("launch-trained", environment, Duration.ofSeconds(90), launcher)) {
            takesAPayment(node.api());
        }
    }

    enum Cache {
        FOR_ANOTHER_BUILD,
        DAMAGED,
        MISSING
    }

    @ParameterizedTest
    @EnumSource(Cache.class)
    void aStaleDamagedOrMissingCacheOnlyCostsSpeed(Cache cache) throws Exception {
        ServerLaunch.command();
        Path node = copyOfTheNode(cache);
        List<String> launcher = List.of(node.resolve("xaalis").toString());
        if (cache != Cache.MISSING) {
            Map<String, String> strict = environment("strict-" + cache);
            strict.put("XAALIS_JAVA_OPTS", "-Xmx512m -XX:AOTMode=on");
            assertThat(exitCode(launcher, strict))
                    .as("a JVM that must use this cache refuses it")
                    .isNotZero();
        }
        try (var server = ServerProcess.start(
                "launch-" + cache.name().toLowerCase(), environment(cache.name()), Duration.ofSeconds(90), launcher)) {
            takesAPayment(server.api());
        }
    }

    private static void takesAPayment(Api api) {
        var merchant = api.onboard("WALLET_SN");
        var initiated = api.initiate(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");
        assertThat(initiated.status()).isEqualTo(201);
        assertThat(api.status(merchant, initiated.json().get("reference").asString())
                        .status())
                .isEqualTo(200);
    }

    /**
     * The build's node in a directory of its own: the libraries linked (or copied), the application jar
     * copied, and the cache as the case wants it (the build's cache names the build's files and times: in a
     * copy, with an application jar of another time, it is a cache made for another build).
     */
    private Path copyOfTheNode(Cache cache) throws IOException {
        Path from = ServerLaunch.NODE;
        Path to = work.resolve("node-" + cache);
        Files.createDirectories(to.resolve("lib"));
        try (Stream<Path> libraries = Files.list(from.resolve("lib"))) {
            for (Path library : libraries.toList()) {
                Path target = to.resolve("lib").resolve(library.getFileName());
                try {
                    Files.createLink(target, library);
                } catch (IOException | UnsupportedOperationException notHere) {
                    // Another file system (a temporary directory elsewhere): a copy with its times.
                    Files.copy(library, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        for (String file : List.of("xaalis", "xaalis.jar", "java-path")) {
            Files.copy(from.resolve(file), to.resolve(file));
        }
        to.resolve("xaalis").toFile().setExecutable(true);
        Files.setLastModifiedTime(to.resolve("xaalis.jar"), FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
        switch (cache) {
            case FOR_ANOTHER_BUILD -> Files.copy(from.resolve("xaalis.aot"), to.resolve("xaalis.aot"));
            case DAMAGED ->
                Files.write(to.resolve("xaalis.aot"), "not a cache".repeat(1000).getBytes());
            case MISSING -> {}
        }
        return to;
    }

    private Map<String, String> environment(String name) {
        return ServerProcess.nodeOnEmbedded(work.resolve("data-" + name));
    }

    /** How a node started with {@code launcher} ends on its own (killed after a minute if it does not). */
    private int exitCode(List<String> launcher, Map<String, String> environment) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(launcher);
        builder.environment().putAll(environment);
        builder.environment().put("SERVER_PORT", "0");
        builder.redirectErrorStream(true)
                .redirectOutput(work.resolve("strict.log").toFile());
        Process process = builder.start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            return 0;
        }
        return process.exitValue();
    }
}
