package sn.xaalis.pages;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.attoparser.AbstractMarkupHandler;
import org.attoparser.MarkupParser;
import org.attoparser.ParseException;
import org.attoparser.config.ParseConfiguration;

/**
 * A template as Thymeleaf reads it: AttoParser (Thymeleaf's parser) without element balancing, so nothing
 * is moved or added (no HTML tree repair taking table rows out of a fragment), and every node keeps its
 * line. AttoParser's own DOM is not used: it records the column where the line belongs.
 */
final class TemplateTree {

    sealed interface Node permits Element, Text {}

    /** An element; attribute names in lower case, {@code data-th-text} written {@code th:text}. */
    record Element(String name, Map<String, String> attributes, int line, List<Node> children) implements Node {
        String attribute(String attribute) {
            return attributes.get(attribute);
        }

        boolean has(String attribute) {
            return attributes.containsKey(attribute);
        }

        List<Element> elements() {
            return children.stream()
                    .filter(Element.class::isInstance)
                    .map(Element.class::cast)
                    .toList();
        }
    }

    record Text(String content, int line) implements Node {}

    private TemplateTree() {}

    /** The template's top-level nodes, under an element named {@code #document}. */
    static Element parse(String template) throws ParseException {
        ParseConfiguration configuration = ParseConfiguration.htmlConfiguration();
        configuration.setElementBalancing(ParseConfiguration.ElementBalancing.NO_BALANCING);
        configuration.setNoUnmatchedCloseElementsRequired(false);
        Builder builder = new Builder();
        new MarkupParser(configuration).parse(template, builder);
        return builder.document;
    }

    private static final class Builder extends AbstractMarkupHandler {
        final Element document = new Element("#document", Map.of(), 1, new ArrayList<>());
        private final Deque<Element> open = new ArrayDeque<>(List.of(document));
        private Element current;

        @Override
        public void handleOpenElementStart(char[] buffer, int offset, int length, int line, int col) {
            start(new String(buffer, offset, length), line);
        }

        @Override
        public void handleOpenElementEnd(char[] buffer, int offset, int length, int line, int col) {
            open.push(current);
        }

        @Override
        public void handleStandaloneElementStart(
                char[] buffer, int offset, int length, boolean minimized, int line, int col) {
            start(new String(buffer, offset, length), line);
        }

        @Override
        public void handleCloseElementStart(char[] buffer, int offset, int length, int line, int col) {
            String name = new String(buffer, offset, length).toLowerCase(Locale.ROOT);
            if (open.stream().anyMatch(e -> e.name().equals(name))) {
                while (!open.pop().name().equals(name)) {
                    // elements left open (such as an unclosed <p>) end with their parent
                }
            }
        }

        @Override
        public void handleAttribute(
                char[] buffer,
                int nameOffset,
                int nameLen,
                int nameLine,
                int nameCol,
                int operatorOffset,
                int operatorLen,
                int operatorLine,
                int operatorCol,
                int valueContentOffset,
                int valueContentLen,
                int valueOuterOffset,
                int valueOuterLen,
                int valueLine,
                int valueCol) {
            String name = new String(buffer, nameOffset, nameLen).toLowerCase(Locale.ROOT);
            current.attributes()
                    .put(
                            name.replaceFirst("^data-th-", "th:"),
                            new String(buffer, valueContentOffset, valueContentLen));
        }

        @Override
        public void handleText(char[] buffer, int offset, int length, int line, int col) {
            open.peek().children().add(new Text(new String(buffer, offset, length), line));
        }

        private void start(String name, int line) {
            current = new Element(name.toLowerCase(Locale.ROOT), new TreeMap<>(), line, new ArrayList<>());
            open.peek().children().add(current);
        }
    }
}
