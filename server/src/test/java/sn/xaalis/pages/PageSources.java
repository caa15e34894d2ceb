package sn.xaalis.pages;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Reading templates, bundles and sources for the page checks, and reporting what they find. */
final class PageSources {

    private PageSources() {}

    /** Fails with every offence, one a line, so that one run shows all there is to fix. */
    static void assertNone(String what, List<String> offences) {
        if (!offences.isEmpty()) {
            throw new AssertionError(offences.size() + " " + what + ":\n  " + String.join("\n  ", offences));
        }
    }

    /** The index of the brace closing the one at {@code open}, counting nested braces; -1 if none. */
    static int closingBrace(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** The line, counted from 1, of the character at {@code offset}. */
    static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /** The files under {@code root} whose name ends with {@code suffix}, sorted; none if it is absent. */
    static List<Path> files(Path root, String suffix) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(suffix))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(Path file) {
        return new String(bytes(file), StandardCharsets.UTF_8);
    }

    static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
