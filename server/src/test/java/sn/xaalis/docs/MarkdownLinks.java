package sn.xaalis.docs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the links of Markdown documents and says which do not resolve inside the repository (D25):
 * a relative target must name a file or folder under the root, never climb out of it, and never be an
 * absolute path; a {@code #fragment} into a Markdown file must name one of its headings, slugged the
 * way GitHub does. Links in code (fenced blocks, code spans) are not links and are left alone.
 */
final class MarkdownLinks {

    /** A link that does not resolve: where it is, what it points to, and what is wrong. */
    record Offence(String file, int line, String target, String problem) {
        @Override
        public String toString() {
            return file + ":" + line + ": " + (target.isBlank() ? "()" : target) + " " + problem;
        }
    }

    /** A link found in a document: its target as written and the line it starts on. */
    record Link(String target, int line) {}

    // Fences may be indented further inside list items.
    private static final Pattern FENCE = Pattern.compile("^[ \\t]*(`{3,}|~{3,})(.*)$");
    private static final Pattern ATX_HEADING = Pattern.compile("^ {0,3}#{1,6}(?:[ \\t]+(.*?))?(?:[ \\t]+#+)?[ \\t]*$");
    private static final Pattern SETEXT_UNDERLINE = Pattern.compile("^ {0,3}(?:=+|-+)[ \\t]*$");
    private static final Pattern NOT_A_PARAGRAPH = Pattern.compile("^ {0,3}(?:[-*+>#|]|[0-9]+[.)]\\s)");
    private static final Pattern DEFINITION = Pattern.compile("^ {0,3}\\[([^\\]]+)\\]:[ \\t]*(<[^>\\n]*>|\\S+)");
    private static final Pattern HTML_LINK = Pattern.compile(
            "<(?:a|img|source|link)\\b[^>]*?\\s(?:href|src)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)')",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern HTML_ANCHOR =
            Pattern.compile("<[a-z][^>]*?\\s(?:id|name)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)')", Pattern.CASE_INSENSITIVE);
    private static final Pattern SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*):");
    // github-slugger drops every character that is not a letter, a mark, a digit, '_', '-' or a space.
    private static final Pattern NOT_IN_SLUG = Pattern.compile("[^\\p{L}\\p{M}\\p{Nd}\\p{Nl}\\p{No}\\p{Pc} -]");

    private MarkdownLinks() {}

    /**
     * The documents the repository keeps its links in: the Markdown files at the root, everything
     * under {@code docs/}, and the Markdown files at the top of {@code bench/} and of each folder of
     * {@code sdks/} and {@code examples/} (not deeper: dependencies of the libraries may be installed
     * there, with documents that are none of ours).
     */
    static List<Path> documents(Path root) {
        List<Path> found = new ArrayList<>(markdownIn(root));
        Path docs = root.resolve("docs");
        if (Files.isDirectory(docs)) {
            try (Stream<Path> all = Files.walk(docs)) {
                all.filter(MarkdownLinks::isMarkdown).forEach(found::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        found.addAll(markdownIn(root.resolve("bench")));
        for (String parent : List.of("sdks", "examples")) {
            for (Path folder : children(root.resolve(parent))) {
                if (Files.isDirectory(folder)) {
                    found.addAll(markdownIn(folder));
                }
            }
        }
        return found.stream().sorted().toList();
    }

    /** Every offence of every document, in document order. */
    static List<Offence> check(Path root, List<Path> documents) {
        Path base = root.toAbsolutePath().normalize();
        Map<Path, Set<String>> anchors = new HashMap<>();
        List<Offence> offences = new ArrayList<>();
        for (Path document : documents) {
            Path file = document.toAbsolutePath().normalize();
            String name = base.relativize(file).toString().replace('\\', '/');
            Parsed parsed = parse(read(file));
            for (Link link : parsed.links()) {
                String problem = problem(base, file, link.target(), anchors);
                if (problem != null) {
                    offences.add(new Offence(name, link.line(), link.target(), problem));
                }
            }
            for (Link use : parsed.undefinedReferences()) {
                offences.add(new Offence(name, use.line(), use.target(), "is a reference that is never defined"));
            }
        }
        return offences;
    }

    /** What is wrong with one target, or null when it resolves. */
    private static String problem(Path root, Path file, String target, Map<Path, Set<String>> anchors) {
        if (target.isBlank()) {
            return "is an empty link";
        }
        if (target.startsWith("#")) {
            return fragmentProblem(file, target.substring(1), anchors);
        }
        Matcher scheme = SCHEME.matcher(target);
        if (scheme.find()) {
            String name = scheme.group(1).toLowerCase(Locale.ROOT);
            if (name.equals("file") || name.length() == 1) {
                return "is an absolute path, outside the repository";
            }
            return null; // http(s), mailto and other addresses outside the repository are not ours to check
        }
        if (target.startsWith("//")) {
            return null; // a host, like http(s)
        }
        if (target.startsWith("/") || target.startsWith("\\") || target.startsWith("~")) {
            return "is an absolute path; link relative to the document instead";
        }
        int hash = target.indexOf('#');
        int query = target.indexOf('?');
        int cut = hash < 0 ? query : query < 0 ? hash : Math.min(hash, query);
        String path = percentDecode(cut < 0 ? target : target.substring(0, cut));
        String fragment = hash < 0 ? null : target.substring(hash + 1);
        Path resolved;
        try {
            resolved = file.getParent().resolve(path).normalize();
        } catch (InvalidPathException e) {
            return "is not a valid path";
        }
        if (!resolved.startsWith(root)) {
            return "escapes the repository";
        }
        if (!Files.exists(resolved)) {
            return "does not exist";
        }
        try {
            if (!resolved.toRealPath().startsWith(root.toRealPath())) {
                return "escapes the repository through a symbolic link";
            }
        } catch (IOException e) {
            return "cannot be read";
        }
        if (fragment != null && !fragment.isEmpty() && Files.isRegularFile(resolved) && isMarkdown(resolved)) {
            return fragmentProblem(resolved, fragment, anchors);
        }
        return null;
    }

    private static String fragmentProblem(Path markdown, String fragment, Map<Path, Set<String>> anchors) {
        if (fragment.isEmpty()) {
            return null; // "#" alone is the top of the page
        }
        Set<String> known =
                anchors.computeIfAbsent(markdown, file -> parse(read(file)).anchors());
        String wanted = percentDecode(fragment).toLowerCase(Locale.ROOT);
        return known.contains(wanted) ? null : "names no heading of " + markdown.getFileName();
    }

    /** The links, reference uses that have no definition, and heading anchors of one document. */
    record Parsed(List<Link> links, List<Link> undefinedReferences, Set<String> anchors) {}

    static Parsed parse(String original) {
        String text = original.replace("\r\n", "\n").replace('\r', '\n');
        String masked = mask(text);
        char[] chars = masked.toCharArray();
        int[] lineStarts = lineStarts(text);
        List<Link> links = new ArrayList<>();
        Set<String> definitions = new HashSet<>();
        List<Link> references = new ArrayList<>();

        // Reference definitions: [label]: target
        String[] maskedLines = masked.split("\n", -1);
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < maskedLines.length; i++) {
            Matcher definition = DEFINITION.matcher(maskedLines[i]);
            if (definition.find()) {
                definitions.add(label(definition.group(1)));
                String target = lines[i].substring(definition.start(2), definition.end(2));
                links.add(new Link(unescape(stripAngles(target)), i + 1));
            }
        }

        // Inline links and images, [text](target) and ![alt](target), and reference uses [text][label].
        for (int i = masked.indexOf('['); i >= 0; i = masked.indexOf('[', i + 1)) {
            int close = closingBracket(chars, i);
            if (close < 0 || isDefinitionStart(masked, i, close)) {
                continue;
            }
            char next = close + 1 < masked.length() ? masked.charAt(close + 1) : '\0';
            if (next == '(') {
                int[] destination = destination(masked, close + 2);
                if (destination != null) {
                    String target = text.substring(destination[0], destination[1]);
                    links.add(new Link(unescape(stripAngles(target)), lineOf(lineStarts, destination[0])));
                }
            } else if (next == '[') {
                int end = closingBracket(chars, close + 1);
                if (end > 0) {
                    String name = masked.substring(close + 2, end);
                    String key = name.isBlank() ? masked.substring(i + 1, close) : name;
                    references.add(new Link("[" + key.strip() + "]", lineOf(lineStarts, i)));
                }
            }
        }

        // Links written as HTML.
        Matcher html = HTML_LINK.matcher(masked);
        while (html.find()) {
            int group = html.group(1) != null ? 1 : 2;
            links.add(new Link(text.substring(html.start(group), html.end(group)), lineOf(lineStarts, html.start())));
        }

        List<Link> undefined = references.stream()
                .filter(use -> !definitions.contains(
                        label(use.target().substring(1, use.target().length() - 1))))
                .toList();
        links.sort(Comparator.comparingInt(Link::line));
        return new Parsed(links, undefined, anchors(lines, maskedLines));
    }

    /** The anchors GitHub gives a document: one per heading (deduplicated with -1, -2…), plus HTML ids. */
    private static Set<String> anchors(String[] lines, String[] maskedLines) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> occurrences = new HashMap<>();
        for (int i = 0; i < maskedLines.length; i++) {
            String heading = null;
            Matcher atx = ATX_HEADING.matcher(maskedLines[i]);
            if (atx.matches()) {
                Matcher inOriginal = ATX_HEADING.matcher(lines[i]);
                heading = inOriginal.matches() && inOriginal.group(1) != null ? inOriginal.group(1) : "";
            } else if (i + 1 < maskedLines.length
                    && SETEXT_UNDERLINE.matcher(maskedLines[i + 1]).matches()
                    && !maskedLines[i].isBlank()
                    && !NOT_A_PARAGRAPH.matcher(maskedLines[i]).find()) {
                heading = lines[i].strip();
            }
            if (heading != null) {
                String base = slug(heading);
                String slug = base;
                while (occurrences.containsKey(slug)) {
                    int n = occurrences.merge(base, 1, Integer::sum);
                    slug = base + "-" + n;
                }
                occurrences.put(slug, 0);
                anchors.add(slug);
            }
            Matcher explicit = HTML_ANCHOR.matcher(maskedLines[i]);
            while (explicit.find()) {
                int group = explicit.group(1) != null ? 1 : 2;
                anchors.add(lines[i].substring(explicit.start(group), explicit.end(group))
                        .toLowerCase(Locale.ROOT));
            }
        }
        return anchors;
    }

    /**
     * The anchor GitHub gives a heading (github-slugger): its text as shown (no Markdown syntax, no
     * HTML tags), in lower case, without punctuation or symbols, spaces turned into hyphens.
     */
    static String slug(String heading) {
        String shown = heading.replaceAll("!\\[([^\\]]*)\\]\\([^)]*\\)", "") // images show no text
                .replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1") // [text](url) shows text
                .replaceAll("\\[([^\\]]*)\\]\\[[^\\]]*\\]", "$1") // [text][label] too
                .replaceAll("<[^>]+>", "") // HTML tags
                .replace("`", "") // code spans keep their content
                .replaceAll("(?<![\\p{L}\\p{N}])_+|_+(?![\\p{L}\\p{N}])", "") // _emphasis_, not snake_case
                .replaceAll("\\\\(\\p{Punct})", "$1")
                .strip();
        return NOT_IN_SLUG
                .matcher(shown.toLowerCase(Locale.ROOT))
                .replaceAll("")
                .replace(' ', '-');
    }

    /**
     * The text with everything that cannot hold a link blanked out, character for character (so offsets
     * and lines stay): fenced code blocks, code spans, HTML comments and backslash-escaped characters.
     */
    static String mask(String text) {
        char[] out = text.toCharArray();
        String[] lines = text.split("\n", -1);
        int offset = 0;
        char fenceChar = 0;
        int fenceLength = 0;
        for (String line : lines) {
            Matcher fence = FENCE.matcher(line);
            if (fenceChar == 0) {
                boolean opens = fence.matches()
                        && !(fence.group(1).charAt(0) == '`' && fence.group(2).contains("`"));
                if (opens) {
                    fenceChar = fence.group(1).charAt(0);
                    fenceLength = fence.group(1).length();
                    blank(out, offset, offset + line.length());
                }
            } else {
                blank(out, offset, offset + line.length());
                String closing = line.strip();
                char open = fenceChar;
                if (closing.length() >= fenceLength && closing.chars().allMatch(c -> c == open)) {
                    fenceChar = 0;
                }
            }
            offset += line.length() + 1;
        }
        String fenced = new String(out);
        for (int start = fenced.indexOf("<!--"); start >= 0; start = fenced.indexOf("<!--", start + 4)) {
            int end = fenced.indexOf("-->", start + 4);
            int stop = end < 0 ? out.length : end + 3;
            blank(out, start, stop);
            if (end < 0) {
                break;
            }
        }
        for (int i = 0; i < out.length; i++) {
            char c = out[i];
            if (c == '\\' && i + 1 < out.length && isAsciiPunctuation(out[i + 1])) {
                blank(out, i, i + 2);
                i++;
            } else if (c == '`') {
                int run = run(out, i, '`');
                int close = closingRun(out, i + run, run);
                if (close >= 0) {
                    blank(out, i, close + run);
                    i = close + run - 1;
                } else {
                    i += run - 1;
                }
            }
        }
        return new String(out);
    }

    private static int run(char[] text, int from, char c) {
        int end = from;
        while (end < text.length && text[end] == c) {
            end++;
        }
        return end - from;
    }

    /** Where a code span opened by {@code length} backticks closes, within its paragraph; -1 if it does not. */
    private static int closingRun(char[] text, int from, int length) {
        for (int i = from; i < text.length; i++) {
            if (text[i] == '\n' && blankLineAfter(text, i)) {
                return -1;
            }
            if (text[i] == '`') {
                int run = run(text, i, '`');
                if (run == length) {
                    return i;
                }
                i += run - 1;
            }
        }
        return -1;
    }

    private static boolean blankLineAfter(char[] text, int newline) {
        for (int i = newline + 1; i < text.length; i++) {
            if (text[i] == '\n') {
                return true;
            }
            if (text[i] != ' ' && text[i] != '\t') {
                return false;
            }
        }
        return true;
    }

    /** The {@code ]} that closes the {@code [} at {@code open}, brackets nested, within its paragraph; -1 if none. */
    private static int closingBracket(char[] text, int open) {
        int depth = 0;
        for (int i = open; i < text.length; i++) {
            char c = text[i];
            if (c == '\n' && blankLineAfter(text, i)) {
                return -1;
            }
            if (c == '[') {
                depth++;
            } else if (c == ']' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isDefinitionStart(String text, int open, int close) {
        if (close + 1 >= text.length() || text.charAt(close + 1) != ':') {
            return false;
        }
        int lineStart = text.lastIndexOf('\n', open) + 1;
        return text.substring(lineStart, open).isBlank() && open - lineStart <= 3;
    }

    /**
     * The span of an inline link's destination, given the offset just after its {@code (}: skips
     * spaces (and one line break), reads {@code <…>} or a run without spaces whose parentheses balance,
     * then allows a title before the closing {@code )}. Null when this is not a link after all.
     */
    private static int[] destination(String text, int from) {
        int i = skipSpaces(text, from, true);
        int start;
        int end;
        if (i < text.length() && text.charAt(i) == '<') {
            int close = text.indexOf('>', i);
            if (close < 0 || text.substring(i, close).contains("\n")) {
                return null;
            }
            start = i;
            end = close + 1;
            i = end;
        } else {
            start = i;
            int depth = 0;
            while (i < text.length()) {
                char c = text.charAt(i);
                if (Character.isWhitespace(c) || Character.isISOControl(c)) {
                    break;
                }
                if (c == '(') {
                    depth++;
                } else if (c == ')') {
                    if (depth == 0) {
                        break;
                    }
                    depth--;
                }
                i++;
            }
            end = i;
        }
        i = skipSpaces(text, i, true);
        if (i < text.length() && (text.charAt(i) == '"' || text.charAt(i) == '\'' || text.charAt(i) == '(')) {
            char closer = text.charAt(i) == '(' ? ')' : text.charAt(i);
            int close = text.indexOf(closer, i + 1);
            if (close < 0) {
                return null;
            }
            i = skipSpaces(text, close + 1, true);
        }
        return i < text.length() && text.charAt(i) == ')' ? new int[] {start, end} : null;
    }

    private static int skipSpaces(String text, int from, boolean oneNewline) {
        int i = from;
        boolean newline = false;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t') {
                i++;
            } else if (c == '\n' && oneNewline && !newline) {
                newline = true;
                i++;
            } else {
                break;
            }
        }
        return i;
    }

    private static String stripAngles(String target) {
        return target.startsWith("<") && target.endsWith(">") ? target.substring(1, target.length() - 1) : target;
    }

    private static String unescape(String target) {
        return target.replaceAll("\\\\(\\p{Punct})", "$1");
    }

    /** Reference labels match case-insensitively, with runs of white space as one space. */
    private static String label(String label) {
        return label.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    private static String percentDecode(String text) {
        if (text.indexOf('%') < 0) {
            return text;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 2 < text.length() && isHex(text.charAt(i + 1)) && isHex(text.charAt(i + 2))) {
                bytes.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                byte[] encoded = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(encoded, 0, encoded.length);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static boolean isHex(char c) {
        return Character.digit(c, 16) >= 0;
    }

    private static boolean isAsciiPunctuation(char c) {
        return c < 128 && "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".indexOf(c) >= 0;
    }

    private static void blank(char[] text, int from, int to) {
        for (int i = from; i < to && i < text.length; i++) {
            if (text[i] != '\n') {
                text[i] = ' ';
            }
        }
    }

    private static int[] lineStarts(String text) {
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                starts.add(i + 1);
            }
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int lineOf(int[] lineStarts, int offset) {
        int index = Arrays.binarySearch(lineStarts, offset);
        return (index >= 0 ? index : -index - 2) + 1;
    }

    private static boolean isMarkdown(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return Files.isRegularFile(file) && (name.endsWith(".md") || name.endsWith(".markdown"));
    }

    private static List<Path> markdownIn(Path folder) {
        return children(folder).stream().filter(MarkdownLinks::isMarkdown).toList();
    }

    private static List<Path> children(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(folder)) {
            return list.sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
