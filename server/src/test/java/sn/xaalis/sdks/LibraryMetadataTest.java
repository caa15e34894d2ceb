package sn.xaalis.sdks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 29, without any other language's toolchain: the repository's Apache-2.0 licence is what every
 * library declares and ships (the folders that Composer, npm and setuptools package hold a copy of it),
 * and each library's metadata, README and the table of {@code sdks/README.md} give the same oldest
 * runtime, a maintained one. The ITs check the same with the ecosystems' own tools.
 */
class LibraryMetadataTest {

    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyLibraryShipsTheRepositorysApacheLicence() throws IOException {
        String licence = read("LICENSE");
        assertThat(licence)
                .startsWith("\n                                 Apache License\n")
                .contains("Version 2.0, January 2004", "END OF TERMS AND CONDITIONS");
        for (String copy : new String[] {"sdks/php/LICENSE", "sdks/node/LICENSE", "sdks/python/LICENSE"}) {
            assertThat(read(copy)).as(copy).isEqualTo(licence);
        }
        assertThat(read("sdks/java/pom.xml"))
                .contains("<name>Apache-2.0</name>")
                .contains("<include>LICENSE</include>");
        assertThat(read("sdks/php/composer.json")).contains("\"license\": \"Apache-2.0\"");
        assertThat(read("sdks/node/package.json"))
                .contains("\"license\": \"Apache-2.0\"")
                .doesNotContain("\"private\"");
        assertThat(read("sdks/python/pyproject.toml")).contains("license = {text = \"Apache-2.0\"}");
    }

    @Test
    void eachLibrarySaysTheSameMaintainedMinimumInItsMetadataAndReadmes() throws IOException {
        String java = find("sdks/java/pom.xml", "<maven.compiler.release>(\\d+)</maven.compiler.release>");
        String php = find("sdks/php/composer.json", "\"php\": \">=(\\d+\\.\\d+)\"");
        String node = find("sdks/node/package.json", "\"node\": \">=(\\d+)\"");
        String python = find("sdks/python/pyproject.toml", "requires-python = \">=(\\d+\\.\\d+)\"");
        // Maintained on 2026-11-27: Java 17 LTS, PHP 8.2 (8.1 ended 2025-12), Node.js 22 and 24 (20
        // ended 2026-04), Python 3.11 (3.10 ended 2026-10).
        assertThat(Integer.parseInt(java)).isGreaterThanOrEqualTo(17);
        assertThat(Double.parseDouble(php)).isGreaterThanOrEqualTo(8.2);
        assertThat(Integer.parseInt(node)).isGreaterThanOrEqualTo(22);
        assertThat(Integer.parseInt(python.split("\\.")[0]) * 100 + Integer.parseInt(python.split("\\.")[1]))
                .isGreaterThanOrEqualTo(311);

        // @types/node describes the oldest Node.js the library runs on.
        assertThat(find("sdks/node/package.json", "\"@types/node\": \"\\^(\\d+)\\."))
                .isEqualTo(node);

        assertThat(read("sdks/java/README.md")).contains("Java " + java + " or later");
        assertThat(read("sdks/php/README.md")).contains("PHP ≥ " + php);
        assertThat(read("sdks/node/README.md")).contains("Node.js " + node + " or later");
        assertThat(read("sdks/python/README.md")).contains("Python " + python + " or later");
        assertThat(read("sdks/README.md"))
                .contains(
                        "Java " + java + " or later",
                        "PHP " + php + " or later",
                        "Node.js " + node + " or later",
                        "Python " + python + " or later");
        assertThat(read("README.md"))
                .contains(
                        "| Java " + java + "+ |",
                        "| PHP " + php + "+ |",
                        "| Node.js " + node + "+",
                        "| Python " + python + "+ |");
    }

    private static String find(String file, String regex) throws IOException {
        Matcher m = Pattern.compile(regex).matcher(read(file));
        assertThat(m.find()).as(file + " has " + regex).isTrue();
        return m.group(1);
    }

    private static String read(String file) throws IOException {
        return Files.readString(REPOSITORY.resolve(file), StandardCharsets.UTF_8);
    }
}
