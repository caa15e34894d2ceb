package sn.xaalis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Fails when a package of the main code is not {@code @NullMarked}: NullAway checks only marked packages, so
 * a new package without the mark would silently go unchecked.
 */
class NullMarkedPackagesTest {

    private static final Path MAIN = Path.of("src/main/java");

    @Test
    void everyPackageOfTheMainCodeIsNullMarked() throws IOException {
        List<String> unmarked;
        try (Stream<Path> dirs = Files.walk(MAIN)) {
            unmarked = dirs.filter(Files::isDirectory)
                    .filter(NullMarkedPackagesTest::holdsJava)
                    .filter(dir -> !marked(dir.resolve("package-info.java")))
                    .map(dir -> MAIN.relativize(dir).toString().replace('/', '.'))
                    .sorted()
                    .toList();
        }
        assertThat(unmarked)
                .as("packages without @NullMarked in their package-info.java")
                .isEmpty();
    }

    private static boolean holdsJava(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(file -> file.toString().endsWith(".java"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean marked(Path packageInfo) {
        try {
            return Files.exists(packageInfo) && Files.readString(packageInfo).contains("@NullMarked");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
