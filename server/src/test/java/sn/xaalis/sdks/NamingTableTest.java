package sn.xaalis.sdks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: the naming table of {@code sdks/README.md} is what the four merchant libraries declare. The
 * table is read as the README shows it (one row per concept, one column per language), each cell is
 * looked up in its library's sources with a precise pattern of that language (a type, a method with its
 * parameters in order, a property, an enum case whose value is its name, a constant), and each row must
 * name one thing: the same name in every language's style, the same parameters in the same order. A
 * rename in one library without the table, or in the table without the library, fails here.
 */
class NamingTableTest {

    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
    static final Path TABLE = REPOSITORY.resolve("sdks/README.md");

    /** The table's language columns, in order, and where each library's sources are. */
    enum Language {
        JAVA("Java", "sdks/java/src/main/java/sn/xaalis/sdk"),
        PHP("PHP", "sdks/php/src"),
        NODE("Node.js", "sdks/node/src"),
        PYTHON("Python", "sdks/python/xaalis");

        final String column;
        final Path sources;

        Language(String column, String sources) {
            this.column = column;
            this.sources = REPOSITORY.resolve(sources);
        }
    }

    enum Kind {
        TYPE,
        METHOD,
        PROPERTY,
        CONSTANT
    }

    record Param(String name, boolean variadic, boolean optional) {}

    /** One cell: a type, or a member of it; {@code params} for a method only. */
    record Symbol(String cell, Kind kind, String type, String member, List<Param> params) {}

    record Row(String concept, Map<Language, String> cells) {}

    // --- the table ---------------------------------------------------------------------------------

    @Test
    void theReadmeHasOneNamingTableCoveringTheSharedConcepts() {
        List<Row> rows = table(read(TABLE));
        assertThat(rows).hasSizeGreaterThanOrEqualTo(30);
        List<String> java =
                rows.stream().map(row -> row.cells().get(Language.JAVA)).toList();
        assertThat(java)
                .contains(
                        "XaalisClient",
                        "XaalisClient.fromEnvironment()",
                        "XaalisException.error()",
                        "XaalisException.status()",
                        "WebhookVerifier",
                        "WebhookVerifier.verify(rawBody, signatureHeader)",
                        "WebhookVerifier.sign(rawBody, timestamp, secrets...)",
                        "WebhookVerificationException",
                        "WebhookVerificationException.reason()",
                        "WebhookVerificationReason",
                        "WebhookVerificationReason.MISSING_HEADER",
                        "WebhookVerificationReason.MALFORMED_HEADER",
                        "WebhookVerificationReason.STALE_TIMESTAMP",
                        "WebhookVerificationReason.NO_MATCHING_SIGNATURE",
                        "WebhookVerificationReason.INVALID_BODY",
                        "WebhookEvent",
                        "WebhookEvent.id()",
                        "WebhookEvent.reference()",
                        "WebhookEvent.metadata()");
    }

    @Test
    void eachRowNamesOneThingInEveryLanguagesStyle() {
        List<String> problems = new ArrayList<>();
        for (Row row : table(read(TABLE))) {
            Map<Language, Symbol> symbols = new EnumMap<>(Language.class);
            for (Language language : Language.values()) {
                try {
                    symbols.put(language, symbol(language, row.cells().get(language)));
                } catch (IllegalArgumentException e) {
                    problems.add(row.concept() + " / " + language.column + ": " + e.getMessage());
                }
            }
            if (symbols.size() < Language.values().length) {
                continue;
            }
            Set<String> shapes = symbols.values().stream()
                    .map(NamingTableTest::shape)
                    .collect(Collectors.toCollection(LinkedHashSet::new));
            if (shapes.size() > 1) {
                problems.add(row.concept() + ": not one name and one argument order: " + shapes);
            }
        }
        assertThat(problems).as(String.join("\n", problems)).isEmpty();
    }

    @Test
    void everyLibraryDeclaresWhatTheTableNames() {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Row row : table(read(TABLE))) {
            for (Language language : Language.values()) {
                String cell = row.cells().get(language);
                try {
                    Symbol symbol = symbol(language, cell);
                    String missing = Sources.of(language).find(symbol);
                    if (missing != null) {
                        problems.add(language.column + " `" + cell + "` (" + row.concept() + "): " + missing);
                    }
                    checked++;
                } catch (IllegalArgumentException e) {
                    problems.add(language.column + " `" + cell + "`: " + e.getMessage());
                }
            }
        }
        assertThat(problems)
                .as("names in sdks/README.md that a library does not declare as the table says:\n"
                        + String.join("\n", problems))
                .isEmpty();
        assertThat(checked).isGreaterThanOrEqualTo(120);
    }

    /** The checks themselves: a renamed method, a swapped argument order or a missing case is caught. */
    @Test
    void theLookUpsCatchARenameAnArgumentOrderAndAWrongKind() {
        Sources node = Sources.of(Language.NODE);
        assertThat(node.find(symbol(Language.NODE, "WebhookVerifier.sign(rawBody, timestamp, ...secrets)")))
                .isNull();
        assertThat(node.find(symbol(Language.NODE, "WebhookVerifier.sign(rawBody, ...secrets, timestamp)")))
                .contains("parameters");
        assertThat(node.find(symbol(Language.NODE, "XaalisClient.fromEnv()"))).contains("no method");
        assertThat(node.find(symbol(Language.NODE, "XaalisError.apiError"))).contains("no property");
        assertThat(node.find(symbol(Language.NODE, "XaalisClient.initiate(request, options)")))
                .contains("parameters");
        Sources php = Sources.of(Language.PHP);
        assertThat(php.find(symbol(Language.PHP, "WebhookEvent::$reference"))).isNull();
        assertThat(php.find(symbol(Language.PHP, "WebhookEvent::reference()"))).contains("no method");
        assertThat(php.find(symbol(Language.PHP, "WebhookVerificationReason::EXPIRED")))
                .contains("no case");
        Sources python = Sources.of(Language.PYTHON);
        assertThat(python.find(symbol(Language.PYTHON, "XaalisClient.from_env()")))
                .contains("no method");
        assertThat(python.find(symbol(Language.PYTHON, "WebhookVerifier.sign(raw_body, *secrets)")))
                .contains("parameters");
        assertThat(python.find(symbol(Language.PYTHON, "Reason"))).contains("no class");
        Sources java = Sources.of(Language.JAVA);
        assertThat(java.find(symbol(Language.JAVA, "WebhookVerifier.sign(rawBody, timestamp, secrets...)")))
                .isNull();
        assertThat(java.find(symbol(Language.JAVA, "WebhookVerifier.sign(rawBody, timestamp, secrets)")))
                .contains("parameters");
        assertThat(java.find(symbol(Language.JAVA, "WebhookEvent.rawBody()"))).isNull();
        assertThat(java.find(symbol(Language.JAVA, "WebhookEvent.raw()"))).contains("no method");
        // initiate(request) stands for the table's optional key; a third parameter is declared nowhere.
        assertThat(java.find(symbol(Language.JAVA, "XaalisClient.initiate(request, idempotencyKey)")))
                .isNull();
        assertThat(java.find(symbol(Language.JAVA, "XaalisClient.initiate(request, idempotencyKey, signal)")))
                .contains("only shorter overloads");
        assertThat(java.find(symbol(Language.JAVA, "XaalisClient.initiate(idempotencyKey, request)")))
                .contains("parameters");
        assertThat(shape(symbol(Language.PHP, "XaalisException::getError()")))
                .isEqualTo(shape(symbol(Language.NODE, "XaalisError.error")));
        assertThat(shape(symbol(Language.PYTHON, "XaalisClient.from_env()")))
                .isNotEqualTo(shape(symbol(Language.JAVA, "XaalisClient.fromEnvironment()")));
    }

    /** The one Markdown table whose header is Concept, Java, PHP, Node.js, Python. */
    static List<Row> table(String markdown) {
        List<String> header = List.of("Concept", "Java", "PHP", "Node.js", "Python");
        List<Row> rows = new ArrayList<>();
        int tables = 0;
        boolean inTable = false;
        for (String line : markdown.split("\n", -1)) {
            if (!line.startsWith("|")) {
                inTable = false;
                continue;
            }
            List<String> cells = cells(line);
            if (cells.equals(header)) {
                tables++;
                inTable = true;
            } else if (inTable && !cells.stream().allMatch(cell -> cell.matches(":?-+:?"))) {
                assertThat(cells).as(line).hasSize(header.size());
                Map<Language, String> byLanguage = new EnumMap<>(Language.class);
                for (Language language : Language.values()) {
                    String cell = cells.get(language.ordinal() + 1);
                    assertThat(cell).as("a cell is one `code` span: " + line).matches("`[^`]+`");
                    byLanguage.put(language, cell.substring(1, cell.length() - 1));
                }
                rows.add(new Row(cells.get(0), byLanguage));
            }
        }
        assertThat(tables).as("naming tables in sdks/README.md").isEqualTo(1);
        return rows;
    }

    private static List<String> cells(String line) {
        String inner = line.strip();
        inner = inner.substring(1, inner.endsWith("|") ? inner.length() - 1 : inner.length());
        return Stream.of(inner.split("\\|", -1)).map(String::strip).toList();
    }

    // --- a cell ------------------------------------------------------------------------------------

    private static final Pattern DOTTED = Pattern.compile("([A-Z]\\w*)(?:\\.(\\w+)(\\(([^()]*)\\))?)?");
    private static final Pattern PHP_CELL = Pattern.compile("([A-Z]\\w*)(?:::(\\$?\\w+)(\\(([^()]*)\\))?)?");
    private static final Pattern CONSTANT_NAME = Pattern.compile("[A-Z][A-Z0-9_]*");

    static Symbol symbol(Language language, String cell) {
        Matcher m = (language == Language.PHP ? PHP_CELL : DOTTED).matcher(cell);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a type, Type.member or Type.member(params)");
        }
        String type = m.group(1);
        String member = m.group(2);
        if (member == null) {
            return new Symbol(cell, Kind.TYPE, type, null, List.of());
        }
        if (m.group(3) != null) {
            if (member.startsWith("$")) {
                throw new IllegalArgumentException("a method has no $");
            }
            List<Param> params = new ArrayList<>();
            for (String part : split(m.group(4))) {
                boolean variadic = part.startsWith("...") || part.startsWith("*") || part.endsWith("...");
                String name =
                        part.replaceAll("^(\\.\\.\\.|\\*+)|\\.\\.\\.$", "").replaceFirst("^\\$", "");
                if (!name.matches("\\w+")) {
                    throw new IllegalArgumentException("a parameter is a name: " + part);
                }
                params.add(new Param(name, variadic, false));
            }
            return new Symbol(cell, Kind.METHOD, type, member, params);
        }
        if (language == Language.PHP) {
            if (member.startsWith("$")) {
                return new Symbol(cell, Kind.PROPERTY, type, member.substring(1), List.of());
            }
            if (CONSTANT_NAME.matcher(member).matches()) {
                return new Symbol(cell, Kind.CONSTANT, type, member, List.of());
            }
            throw new IllegalArgumentException("a PHP property is written Type::$name");
        }
        if (CONSTANT_NAME.matcher(member).matches()) {
            return new Symbol(cell, Kind.CONSTANT, type, member, List.of());
        }
        if (language == Language.JAVA) {
            throw new IllegalArgumentException("Java reads values with accessor methods: Type.name()");
        }
        return new Symbol(cell, Kind.PROPERTY, type, member, List.of());
    }

    /**
     * What must be equal across a row: the type and member names without their language's style
     * (camelCase or snake_case, get/is getters, Python's is_, Exception or Error), the kind (an accessor method
     * without parameters counts as a property), and the parameters in order.
     */
    static String shape(Symbol symbol) {
        String type = plain(symbol.type().replaceFirst("(Exception|Error)$", ""));
        if (symbol.kind() == Kind.TYPE) {
            return "type " + type;
        }
        if (symbol.kind() == Kind.CONSTANT) {
            return "constant " + type + "." + symbol.member();
        }
        String member = plain(symbol.member().replaceFirst("^(get|is)(?=[A-Z])|^is_", ""));
        if (symbol.kind() == Kind.PROPERTY || symbol.params().isEmpty()) {
            return "value " + type + "." + member;
        }
        return "method " + type + "." + member
                + symbol.params().stream()
                        .map(p -> (p.variadic() ? "..." : "") + plain(p.name()))
                        .collect(Collectors.joining(", ", "(", ")"));
    }

    private static String plain(String name) {
        return name.replace("_", "").toLowerCase(Locale.ROOT);
    }

    // --- the sources -------------------------------------------------------------------------------

    /** One library's sources, and how its language declares each kind of name. */
    abstract static class Sources {

        static Sources of(Language language) {
            return switch (language) {
                case JAVA -> new JavaSources();
                case PHP -> new PhpSources();
                case NODE -> new NodeSources();
                case PYTHON -> new PythonSources();
            };
        }

        /** Null when the library declares {@code symbol} as the table says, else what is wrong. */
        final String find(Symbol symbol) {
            String body = body(symbol.type());
            if (body == null) {
                return "no " + typeWord() + " " + symbol.type() + " exported";
            }
            return switch (symbol.kind()) {
                case TYPE -> null;
                case METHOD -> method(symbol, body);
                case PROPERTY -> property(symbol.member(), body) ? null : "no property " + symbol.member();
                case CONSTANT -> constant(symbol.member(), body, isEnum(symbol.type()));
            };
        }

        abstract String typeWord();

        /** The declaration of an exported type, up to its end; null when there is none. */
        abstract String body(String type);

        abstract boolean isEnum(String type);

        /** The parameter lists of the methods named {@code name} declared in {@code body}. */
        abstract List<String> methods(String name, String body);

        abstract Param param(String declared);

        abstract boolean property(String name, String body);

        /** An enum case whose value is its own name, or else a constant. */
        abstract String constant(String name, String body, boolean inEnum);

        String method(Symbol symbol, String body) {
            List<String> declarations = methods(symbol.member(), body);
            if (declarations.isEmpty()) {
                return "no method " + symbol.member();
            }
            boolean full = false;
            for (String declaration : declarations) {
                List<Param> declared = new ArrayList<>();
                for (String part : split(declaration)) {
                    Param param = param(part);
                    if (param != null) {
                        declared.add(param);
                    }
                }
                if (matches(symbol.params(), declared)) {
                    full = true;
                } else if (!shorterOverload(symbol.params(), declared)) {
                    return "parameters (" + declaration.strip().replaceAll("\\s+", " ") + ") instead of "
                            + symbol.params().stream()
                                    .map(p -> (p.variadic() ? "..." : "") + p.name())
                                    .collect(Collectors.joining(", ", "(", ")"));
                }
            }
            return full ? null : "only shorter overloads of " + symbol.member();
        }

        /** Java has no optional parameters: an overload that leaves out the table's last ones stands for them. */
        boolean shorterOverload(List<Param> wanted, List<Param> declared) {
            return false;
        }

        /** The table's parameters first, in order, then only optional ones. */
        static boolean matches(List<Param> wanted, List<Param> declared) {
            if (declared.size() < wanted.size()) {
                return false;
            }
            for (int i = 0; i < declared.size(); i++) {
                Param d = declared.get(i);
                if (i < wanted.size()) {
                    Param w = wanted.get(i);
                    if (!d.name().equals(w.name()) || d.variadic() != w.variadic()) {
                        return false;
                    }
                } else if (!d.optional()) {
                    return false;
                }
            }
            return true;
        }

        static String source(Path file) {
            return Files.isRegularFile(file) ? read(file) : null;
        }

        static List<Path> files(Path folder, String extension) {
            try (Stream<Path> files = Files.list(folder)) {
                return files.filter(f -> f.toString().endsWith(extension))
                        .sorted()
                        .toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The parameter list that starts at the opening parenthesis {@code open}. */
        static String parenthesized(String text, int open) {
            int depth = 0;
            for (int i = open; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '(') {
                    depth++;
                } else if (c == ')' && --depth == 0) {
                    return text.substring(open + 1, i);
                }
            }
            throw new IllegalStateException("unbalanced parentheses after " + text.substring(open));
        }

        static List<String> all(Pattern declaration, String body) {
            List<String> lists = new ArrayList<>();
            Matcher m = declaration.matcher(body);
            while (m.find()) {
                lists.add(parenthesized(body, m.end() - 1));
            }
            return lists;
        }

        static boolean found(String regex, String body) {
            return Pattern.compile(regex, Pattern.MULTILINE).matcher(body).find();
        }
    }

    /** Public top-level types, one per file; members at the formatter's first indentation (4). */
    static final class JavaSources extends Sources {
        private final Path folder = Language.JAVA.sources;

        @Override
        String typeWord() {
            return "public type";
        }

        @Override
        String body(String type) {
            String source = source(folder.resolve(type + ".java"));
            return source != null
                            && found(
                                    "^public (?:final |abstract |sealed )*(?:class|record|enum|interface) " + type
                                            + "\\b",
                                    source)
                    ? source
                    : null;
        }

        @Override
        boolean isEnum(String type) {
            return found("^public enum " + type + "\\b", body(type));
        }

        @Override
        List<String> methods(String name, String body) {
            List<String> lists = all(
                    Pattern.compile(
                            "^    public (?:static )?(?:final )?(?:<[^>]+> )?[\\w.<>\\[\\], ?]+ " + name + "\\(",
                            Pattern.MULTILINE),
                    body);
            if (lists.isEmpty()) {
                // A record's component is read with the accessor of the same name.
                Matcher record = Pattern.compile("^public record \\w+\\(", Pattern.MULTILINE)
                        .matcher(body);
                if (record.find()) {
                    for (String component : split(parenthesized(body, record.end() - 1))) {
                        if (param(component).name().equals(name)) {
                            return List.of("");
                        }
                    }
                }
            }
            return lists;
        }

        @Override
        boolean shorterOverload(List<Param> wanted, List<Param> declared) {
            return declared.size() < wanted.size()
                    && declared.stream().noneMatch(Param::variadic)
                    && declared.equals(wanted.subList(0, declared.size()));
        }

        @Override
        Param param(String declared) {
            Matcher name = Pattern.compile("(\\w+)$").matcher(declared.strip());
            if (!name.find()) {
                throw new IllegalStateException("a Java parameter without a name: " + declared);
            }
            return new Param(name.group(1), declared.contains("..."), false);
        }

        @Override
        boolean property(String name, String body) {
            return false;
        }

        @Override
        String constant(String name, String body, boolean inEnum) {
            String regex = inEnum ? "^    " + name + "\\s*[,;]?\\s*$" : "^    public static final \\S+ " + name + " =";
            return found(regex, body) ? null : (inEnum ? "no case " : "no constant ") + name;
        }
    }

    /** PSR-4: one type per file under src/; members at the first indentation (4), promoted ones at 8. */
    static final class PhpSources extends Sources {
        private final Path folder = Language.PHP.sources;

        @Override
        String typeWord() {
            return "class or enum";
        }

        @Override
        String body(String type) {
            String source = source(folder.resolve(type + ".php"));
            return source != null
                            && found("^namespace Xaalis;", source)
                            && found("^(?:final |abstract |readonly )*(?:class|enum|interface) " + type + "\\b", source)
                    ? source
                    : null;
        }

        @Override
        boolean isEnum(String type) {
            return found("^enum " + type + "\\b", body(type));
        }

        @Override
        List<String> methods(String name, String body) {
            return all(Pattern.compile("^    public (?:static )?function " + name + "\\(", Pattern.MULTILINE), body);
        }

        @Override
        Param param(String declared) {
            Matcher m = Pattern.compile("(\\.\\.\\.)?\\$(\\w+)(\\s*=)?").matcher(declared);
            if (!m.find()) {
                throw new IllegalStateException("a PHP parameter without a name: " + declared);
            }
            boolean variadic = m.group(1) != null;
            return new Param(m.group(2), variadic, variadic || m.group(3) != null);
        }

        @Override
        boolean property(String name, String body) {
            return found("^\\s+public (?:readonly )?[?\\w\\\\|]+ \\$" + name + "\\b", body);
        }

        @Override
        String constant(String name, String body, boolean inEnum) {
            String regex = inEnum ? "^    case " + name + " = '" + name + "';" : "^    public const " + name + " =";
            return found(regex, body)
                    ? null
                    : (inEnum ? "no case " + name + " = '" + name + "'" : "no constant " + name);
        }
    }

    /**
     * Exported from src/index.ts and declared in src/: a class (members at the first indentation, 2), a
     * constant object with its type of the same name (an enum), an interface or a type.
     */
    static final class NodeSources extends Sources {
        private final List<Path> files = files(Language.NODE.sources, ".ts");
        private final String index = read(Language.NODE.sources.resolve("index.ts"));

        @Override
        String typeWord() {
            return "class, constant or type";
        }

        @Override
        String body(String type) {
            if (!found("^\\s+(?:type )?" + type + ",?$", index)) {
                return null;
            }
            for (Path file : files) {
                String source = read(file);
                Matcher m = Pattern.compile(
                                "^export (?:abstract )?(?:class|const|interface|type) " + type + "\\b",
                                Pattern.MULTILINE)
                        .matcher(source);
                if (m.find()) {
                    int end = source.indexOf("\n}", m.start());
                    return source.substring(m.start(), end < 0 ? source.length() : end + 2);
                }
            }
            return null;
        }

        @Override
        boolean isEnum(String type) {
            return body(type).startsWith("export const " + type + " = {");
        }

        @Override
        List<String> methods(String name, String body) {
            return all(Pattern.compile("^  (?:static )?(?:async )?" + name + "\\(", Pattern.MULTILINE), body);
        }

        @Override
        Param param(String declared) {
            Matcher m = Pattern.compile("^(\\.\\.\\.)?(\\w+)(\\?)?").matcher(declared.strip());
            if (!m.find()) {
                throw new IllegalStateException("a TypeScript parameter without a name: " + declared);
            }
            boolean variadic = m.group(1) != null;
            boolean defaulted =
                    Pattern.compile("[^=!<>]=[^=>]").matcher(declared).find();
            return new Param(m.group(2), variadic, variadic || m.group(3) != null || defaulted);
        }

        @Override
        boolean property(String name, String body) {
            // A class's field or getter, or a field of an interface the library returns (a value type).
            return (body.startsWith("export class ") || body.startsWith("export interface "))
                    && found("^  (?:readonly " + name + "[?!]?:|get " + name + "\\(\\))", body);
        }

        @Override
        String constant(String name, String body, boolean inEnum) {
            String regex = inEnum ? "^  " + name + ": \"" + name + "\",?$" : "^  static readonly " + name + "\\b";
            return found(regex, body)
                    ? null
                    : (inEnum ? "no case " + name + ": \"" + name + "\"" : "no constant " + name);
        }
    }

    /** Exported in xaalis/__init__.py's __all__ and declared in xaalis/; members at the first indentation (4). */
    static final class PythonSources extends Sources {
        private final List<Path> files = files(Language.PYTHON.sources, ".py");
        private final String init = read(Language.PYTHON.sources.resolve("__init__.py"));

        @Override
        String typeWord() {
            return "class";
        }

        @Override
        String body(String type) {
            Matcher all = Pattern.compile("__all__ = \\[(.*?)]", Pattern.DOTALL).matcher(init);
            if (!all.find() || !all.group(1).contains("\"" + type + "\"")) {
                return null;
            }
            for (Path file : files) {
                String source = read(file);
                Matcher m = Pattern.compile("^class " + type + "\\b.*:$", Pattern.MULTILINE)
                        .matcher(source);
                if (m.find()) {
                    Matcher next =
                            Pattern.compile("^[^\\s#]", Pattern.MULTILINE).matcher(source);
                    int end = next.find(m.end()) ? next.start() : source.length();
                    return source.substring(m.start(), end);
                }
            }
            return null;
        }

        @Override
        boolean isEnum(String type) {
            return found("^class " + type + "\\(.*Enum\\):", body(type));
        }

        @Override
        List<String> methods(String name, String body) {
            return all(Pattern.compile("^    def " + name + "\\(", Pattern.MULTILINE), body);
        }

        @Override
        Param param(String declared) {
            String text = declared.strip();
            if (text.equals("self") || text.equals("cls") || text.equals("*") || text.equals("/")) {
                return null;
            }
            Matcher m = Pattern.compile("^(\\*{1,2})?(\\w+)").matcher(text);
            if (!m.find()) {
                throw new IllegalStateException("a Python parameter without a name: " + declared);
            }
            boolean variadic = m.group(1) != null;
            return new Param(m.group(2), variadic && m.group(1).length() == 1, variadic || text.contains("="));
        }

        @Override
        boolean property(String name, String body) {
            return found("^    " + name + ":", body)
                    || found("^    @property\\s+def " + name + "\\(self\\)", body)
                    || found("^        self\\." + name + " = ", body);
        }

        @Override
        String constant(String name, String body, boolean inEnum) {
            String regex = inEnum ? "^    " + name + " = \"" + name + "\"$" : "^    " + name + " = ";
            return found(regex, body)
                    ? null
                    : (inEnum ? "no case " + name + " = \"" + name + "\"" : "no constant " + name);
        }
    }

    /** Splits a parameter list at its top-level commas (not inside brackets, generics or defaults). */
    static List<String> split(String list) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < list.length(); i++) {
            char c = list.charAt(i);
            if (c == '(' || c == '[' || c == '{' || c == '<') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}' || (c == '>' && (i == 0 || list.charAt(i - 1) != '='))) {
                depth--;
            }
            if (c == ',' && depth == 0) {
                parts.add(part.toString().strip());
                part.setLength(0);
            } else {
                part.append(c);
            }
        }
        if (!part.toString().isBlank()) {
            parts.add(part.toString().strip());
        }
        return parts;
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
