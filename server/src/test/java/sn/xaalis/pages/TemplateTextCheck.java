package sn.xaalis.pages;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.attoparser.ParseException;
import org.unbescape.html.HtmlEscape;
import sn.xaalis.pages.TemplateTree.Element;
import sn.xaalis.pages.TemplateTree.Node;
import sn.xaalis.pages.TemplateTree.Text;

/**
 * Finds user-visible text that a template carries itself instead of taking it from a message bundle,
 * reading each template as Thymeleaf does ({@link TemplateTree}).
 *
 * <p>An offence is: a text node with letters that no enclosing {@code th:text}, {@code th:utext}, {@code
 * th:replace}, {@code th:insert} or {@code th:remove} replaces; a literal {@code alt}, {@code title},
 * {@code placeholder}, {@code aria-label} or submit/button {@code value} without its {@code th:}
 * counterpart; a {@code <title>} without {@code th:text}; a quoted literal with letters in an expression
 * that prints text ({@code th:text="'Total'"}, {@code |Total: ${x}|}); a page whose {@code <html>} has no
 * {@code th:lang}. Allowed: the brand and the language names, numbers, punctuation and symbols, and
 * whatever is inside {@code <code>}, {@code <script>}, {@code <style>} and comments.
 */
final class TemplateTextCheck {

    private static final Pattern ALLOWED_WORDS = Pattern.compile("\\b(Xaalis|Français|English)\\b");
    private static final Pattern LETTER = Pattern.compile("\\p{L}");
    private static final Pattern INLINED = Pattern.compile("\\[\\[.*?]]|\\[\\(.*?\\)]", Pattern.DOTALL);
    private static final Set<String> UNCHECKED_ELEMENTS = Set.of("code", "script", "style");
    private static final List<String> TEXT_ATTRIBUTES = List.of("alt", "title", "placeholder", "aria-label");
    private static final Set<String> BUTTON_INPUTS = Set.of("submit", "button", "reset");
    /**
     * th: attributes whose expression ends up as text a person reads (th:replace and th:insert for the
     * arguments a fragment shows, such as a layout's page title); th:value only on buttons, below.
     */
    private static final Set<String> PRINTING = Set.of(
            "th:text", "th:utext", "th:replace", "th:insert", "th:alt", "th:title", "th:placeholder", "th:aria-label");

    private static final Pattern LITERAL = Pattern.compile("'((?:[^'\\\\]|\\\\.)*)'|\\|([^|]*)\\|");
    /** A literal right after or before a comparison is compared, not shown. */
    private static final Pattern COMPARED_BEFORE = Pattern.compile("(==|!=|<=|>=|<|>|\\beq|\\bne)\\s*$");

    private static final Pattern COMPARED_AFTER = Pattern.compile("^\\s*(==|!=|<=|>=|<|>|eq\\b|ne\\b)");

    private final String file;
    private final List<String> offences;

    private TemplateTextCheck(String file, List<String> offences) {
        this.file = file;
        this.offences = offences;
    }

    /** Every offence of the templates under {@code root}, skipping the folders named in {@code skipped}. */
    static List<String> offences(Path root, Set<String> skipped) {
        List<String> offences = new ArrayList<>();
        for (Path template : PageSources.files(root, ".html")) {
            String name = root.relativize(template).toString().replace('\\', '/');
            if (skipped.stream().anyMatch(folder -> name.startsWith(folder + "/"))) {
                continue;
            }
            Element document;
            try {
                document = TemplateTree.parse(PageSources.text(template));
            } catch (ParseException e) {
                offences.add(name + ": cannot be parsed (" + e.getMessage() + ")");
                continue;
            }
            TemplateTextCheck check = new TemplateTextCheck(name, offences);
            check.language(document);
            for (Node node : document.children()) {
                check.visit(node, false);
            }
        }
        return offences;
    }

    /**
     * A page's {@code <html>} carries {@code th:lang}. Not a page's: an {@code <html>} that a layout replaces
     * (the layout's own is checked), and the wrapper of a fragment file, whose fragments are all below it.
     */
    private void language(Element document) {
        for (Element html : document.elements()) {
            boolean replaced = html.has("th:replace") || html.has("th:insert");
            boolean fragmentFile = !html.has("th:fragment") && hasFragmentBelow(html);
            boolean lang = html.has("th:lang")
                    || html.attributes().getOrDefault("th:attr", "").matches("(?s).*\\blang\\s*=.*");
            if (html.name().equals("html") && !replaced && !fragmentFile && !lang) {
                offences.add(file + ":" + html.line() + ": <html> without th:lang");
            }
        }
    }

    private static boolean hasFragmentBelow(Element element) {
        return element.elements().stream().anyMatch(child -> child.has("th:fragment") || hasFragmentBelow(child));
    }

    private void visit(Node node, boolean inSvg) {
        if (node instanceof Text text) {
            text(text);
        } else if (node instanceof Element element) {
            element(element, inSvg || element.name().equals("svg"));
        }
    }

    private void element(Element element, boolean inSvg) {
        String name = element.name();
        Map<String, String> attributes = element.attributes();
        String remove = attributes.getOrDefault("th:remove", "none").trim();
        if (UNCHECKED_ELEMENTS.contains(name) || remove.equals("all") || replacedWhole(attributes)) {
            return;
        }
        attributes(element, name, attributes);
        boolean bodyReplaced = attributes.containsKey("th:text")
                || attributes.containsKey("th:utext")
                || remove.equals("body")
                || replacedBody(attributes);
        if (name.equals("title") && !inSvg && !bodyReplaced) {
            offences.add(file + ":" + element.line() + ": <title> without th:text");
        }
        if (bodyReplaced) {
            return;
        }
        List<? extends Node> children = remove.equals("all-but-first")
                ? element.elements().stream().limit(1).toList()
                : element.children();
        for (Node child : children) {
            visit(child, inSvg);
        }
    }

    private void attributes(Element element, String name, Map<String, String> attributes) {
        String line = file + ":" + element.line() + ": <" + name + "> ";
        String thAttr = attributes.getOrDefault("th:attr", "");
        for (String attribute : TEXT_ATTRIBUTES) {
            literalAttribute(line, attributes, attribute, thAttr);
        }
        boolean button = name.equals("input")
                && BUTTON_INPUTS.contains(attributes.getOrDefault("type", "").toLowerCase(Locale.ROOT));
        if (button) {
            literalAttribute(line, attributes, "value", thAttr);
        }
        attributes.forEach((attribute, expression) -> {
            if (PRINTING.contains(attribute) || (button && attribute.equals("th:value"))) {
                for (String literal : literals(expression)) {
                    offences.add(line + attribute + " prints the literal \"" + literal + "\"");
                }
            }
        });
    }

    private void literalAttribute(String line, Map<String, String> attributes, String attribute, String thAttr) {
        String value = attributes.get(attribute);
        boolean counterpart = attributes.containsKey("th:" + attribute)
                || (attribute.matches("alt|title") && attributes.containsKey("th:alt-title"))
                || thAttr.matches("(?s).*(^|[\\s,])" + Pattern.quote(attribute) + "\\s*=.*");
        if (value != null && !counterpart && hasText(value)) {
            offences.add(line + attribute + "=\"" + value + "\" without th:" + attribute);
        }
    }

    private void text(Text node) {
        String content = node.content();
        if (!hasText(INLINED.matcher(content).replaceAll(""))) {
            return;
        }
        int leading = 0;
        while (Character.isWhitespace(content.charAt(leading))) {
            leading++;
        }
        int line = node.line()
                + (int) content.substring(0, leading)
                        .chars()
                        .filter(c -> c == '\n')
                        .count();
        String shown = content.strip().replaceAll("\\s+", " ");
        offences.add(file + ":" + line + ": text \"" + (shown.length() > 60 ? shown.substring(0, 57) + "..." : shown)
                + "\"");
    }

    /**
     * Quoted literals and {@code |...|} substitutions with letters, outside {@code ${...}}, {@code *{...}},
     * {@code #{...}} and {@code @{...}} (variables, messages and links) and outside comparisons.
     */
    static List<String> literals(String expression) {
        StringBuilder outside = new StringBuilder();
        for (int i = 0; i < expression.length(); i++) {
            char c = expression.charAt(i);
            if ("$*#@".indexOf(c) >= 0 && i + 1 < expression.length() && expression.charAt(i + 1) == '{') {
                int end = PageSources.closingBrace(expression, i + 1);
                i = end < 0 ? expression.length() : end;
                outside.append('…');
            } else {
                outside.append(c);
            }
        }
        List<String> found = new ArrayList<>();
        Matcher literal = LITERAL.matcher(outside);
        while (literal.find()) {
            String text = literal.group(1) != null ? literal.group(1) : literal.group(2);
            boolean compared = COMPARED_BEFORE
                            .matcher(outside.substring(0, literal.start()))
                            .find()
                    || COMPARED_AFTER.matcher(outside.substring(literal.end())).find();
            if (!compared && hasText(text)) {
                found.add(text.strip());
            }
        }
        return found;
    }

    /** True when {@code text} has letters other than the allowed words, once entities are decoded. */
    static boolean hasText(String text) {
        String decoded = HtmlEscape.unescapeHtml(text);
        return LETTER.matcher(ALLOWED_WORDS.matcher(decoded).replaceAll("")).find();
    }

    /** th:replace swaps the whole element, unless it hands parts of this very template to a layout. */
    private static boolean replacedWhole(Map<String, String> attributes) {
        String fragment = attributes.get("th:replace");
        return fragment != null && !selfReferencing(fragment);
    }

    /** th:insert fills the element's body, unless it hands parts of this very template to a layout. */
    private static boolean replacedBody(Map<String, String> attributes) {
        String fragment = attributes.get("th:insert");
        return fragment != null && !selfReferencing(fragment);
    }

    /** {@code ~{layout :: page(~{::main})}}: this template's {@code <main>} is shown inside the layout. */
    private static boolean selfReferencing(String fragment) {
        return fragment.matches("(?s).*~\\{\\s*(this\\s*)?::.*");
    }
}
