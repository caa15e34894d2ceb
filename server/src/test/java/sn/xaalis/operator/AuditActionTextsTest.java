package sn.xaalis.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every action the code writes to the audit trail ({@code audit.record("…")}, {@code audit.recordAs(…,
 * "…")}) has its sentence in French and English: the console's trail never shows an action as its code.
 * The actions are read from the sources, so a new one without its text fails here.
 */
class AuditActionTextsTest {

    private static final Pattern CALL = Pattern.compile("\\baudit\\.record(?:As)?\\(");
    private static final Pattern ACTION = Pattern.compile("\"([a-z_]+(?:\\.[a-z_]+)+)\"");

    static Set<String> actions(Path sources) throws IOException {
        Set<String> actions = new TreeSet<>();
        List<String> unread = new ArrayList<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String text = Files.readString(file);
                Matcher call = CALL.matcher(text);
                while (call.find()) {
                    // The action is the first dotted string of the call (after the actor, for recordAs).
                    Matcher action =
                            ACTION.matcher(text.substring(call.end(), Math.min(text.length(), call.end() + 300)));
                    if (action.find()) {
                        actions.add(action.group(1));
                    } else {
                        unread.add(file.getFileName() + ": a call whose action is not a string literal");
                    }
                }
            }
        }
        assertThat(unread)
                .as("every audited action is written as a literal, so that it can be listed")
                .isEmpty();
        return actions;
    }

    private static Properties bundle(String language) throws IOException {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(
                Path.of("src/main/resources/i18n/operator_" + language + ".properties"), StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        return properties;
    }

    @Test
    void everyAuditedActionIsSaidInFrenchAndEnglish() throws IOException {
        Set<String> actions = actions(Path.of("src/main/java"));
        assertThat(actions)
                .as("the scan finds the actions (it cannot pass by finding none)")
                .contains("merchant.approval.changed", "payout.requested", "operator.set_up", "team.member.joined")
                .hasSizeGreaterThan(35);
        for (String language : List.of("fr", "en")) {
            Properties bundle = bundle(language);
            List<String> missing = actions.stream()
                    .filter(a -> bundle.getProperty(AuditTexts.ACTION_MESSAGE_KEY_PREFIX + a, "")
                            .isBlank())
                    .toList();
            assertThat(missing)
                    .as("actions without a sentence in operator_" + language)
                    .isEmpty();
        }
    }

    @Test
    void theScanFailsOnAnActionWithoutText(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Files.writeString(
                dir.resolve("Shop.java"),
                "class Shop { void f() { audit.record(\n \"shop.window.broken\", null, null, null, null); } }");
        Set<String> found = actions(dir);
        assertThat(found).containsExactly("shop.window.broken");
        assertThat(bundle("fr").getProperty(AuditTexts.ACTION_MESSAGE_KEY_PREFIX + "shop.window.broken"))
                .isNull();
    }
}
