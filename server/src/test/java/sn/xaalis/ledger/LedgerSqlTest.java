package sn.xaalis.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Journal transactions and their entries are only ever inserted: no statement of the service or its
 * migrations after V51 updates or deletes them (the retention job included). Read from the sources, so
 * a change that adds one fails here before it reaches a database.
 */
class LedgerSqlTest {

    private static final Pattern CHANGE = Pattern.compile(
            "(UPDATE\\s+ledger_(entries|transactions)\\b|DELETE\\s+FROM\\s+ledger_(entries|transactions)\\b"
                    + "|TRUNCATE\\s+(TABLE\\s+)?ledger_(entries|transactions)\\b)");

    @Test
    void noCodeUpdatesOrDeletesTheJournal() {
        assertThat(offenders(Path.of("src/main/java"))).isEmpty();
        assertThat(offenders(Path.of("src/main/resources/db/migration"))).isEmpty();
    }

    @Test
    void theCheckFindsAStatementThatWould() {
        assertThat(CHANGE.matcher("jdbc.sql(\"DELETE FROM ledger_entries WHERE id = :id\")")
                        .find())
                .isTrue();
        assertThat(CHANGE.matcher("UPDATE ledger_transactions SET amount = 0").find())
                .isTrue();
        assertThat(CHANGE.matcher("UPDATE ledger_balances SET balance = balance + :amount")
                        .find())
                .isFalse();
    }

    private static List<Path> offenders(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> CHANGE.matcher(read(f).replaceAll("\"\\s*\\+\\s*\"", ""))
                            .find())
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
