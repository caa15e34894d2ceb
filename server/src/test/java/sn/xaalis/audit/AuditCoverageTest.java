package sn.xaalis.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every kind of change the service writes to the audit trail is checked by an integration test that makes
 * that change and reads its entry: an action recorded in the code and named by no test fails here, so a
 * new one comes with its test.
 */
class AuditCoverageTest {

    private static final Path MAIN = Path.of("src/main/java");
    private static final Path TESTS = Path.of("src/test/java");

    // A call to the trail, then its first dotted literal (the action; the actor's kind has no dot).
    private static final Pattern CALL = Pattern.compile("audit\\.record(?:As)?\\(([^;]*)");
    private static final Pattern ACTION = Pattern.compile("\"([a-z_]+(?:\\.[a-z_]+)+)\"");

    @Test
    void everyRecordedActionIsCheckedByAnIntegrationTest() {
        Set<String> actions = recordedActions();
        assertThat(actions)
                .as("actions found in the code")
                .hasSizeGreaterThan(30)
                .contains("merchant.created");
        String tests = integrationTests();
        Set<String> unchecked = new TreeSet<>();
        for (String action : actions) {
            if (!Pattern.compile("[\"']" + Pattern.quote(action) + "[\\s\"']")
                    .matcher(tests)
                    .find()) {
                unchecked.add(action);
            }
        }
        assertThat(unchecked)
                .as("recorded in the trail, read by no integration test")
                .isEmpty();
    }

    private static Set<String> recordedActions() {
        Set<String> actions = new TreeSet<>();
        for (String source : sources(MAIN, ".java")) {
            Matcher call = CALL.matcher(source);
            while (call.find()) {
                Matcher action = ACTION.matcher(call.group(1));
                if (action.find()) {
                    actions.add(action.group(1));
                }
            }
        }
        return actions;
    }

    private static String integrationTests() {
        return String.join("\n", sources(TESTS, "IT.java"));
    }

    private static List<String> sources(Path root, String suffix) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(file -> file.toString().endsWith(suffix))
                    .map(AuditCoverageTest::read)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
