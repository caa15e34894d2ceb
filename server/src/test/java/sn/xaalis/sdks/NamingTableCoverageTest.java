package sn.xaalis.sdks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import sn.xaalis.sdks.NamingTableTest.Kind;
import sn.xaalis.sdks.NamingTableTest.Language;
import sn.xaalis.sdks.NamingTableTest.Row;
import sn.xaalis.sdks.NamingTableTest.Sources;
import sn.xaalis.sdks.NamingTableTest.Symbol;

/**
 * Issue 53: the other direction of {@link NamingTableTest}. Every public name of the four libraries is a
 * cell of the naming table of {@code sdks/README.md}, so a method added to one library without the table
 * (or without its siblings, since a row needs a cell in every language) fails here.
 *
 * <p>What counts as public, per language (read from the sources, as {@link NamingTableTest} does):
 *
 * <ul>
 *   <li>the exported types: Java's public top-level types of {@code sn.xaalis.sdk}; PHP's classes and
 *       enums in {@code namespace Xaalis} (not {@code Xaalis\Internal}, nor a class marked {@code @internal}); what Node's {@code src/index.ts}
 *       exports (classes, constant objects, interfaces, types, functions, constants); the names in
 *       Python's {@code xaalis.__all__};
 *   <li>their methods: Java's {@code public} methods at the type's own level (not a nested builder's);
 *       PHP's {@code public} methods; Node's class methods and getters, static or not, not starting with
 *       {@code _} or {@code #}; Python's methods and properties not starting with {@code _}, a private base
 *       class's ({@code _ListQuery}) included;
 *   <li>their constants and enum cases;
 *   <li>and the values of the types with behaviour (the client, the exception, the webhook verifier, its
 *       event and its exception): Java's record components (read with accessors), PHP's public
 *       properties, Node's {@code readonly} fields, Python's annotated fields and {@code self.x}.
 * </ul>
 *
 * <p>The fields of the API's value types ({@code Payment}, {@code Payout}…: Java records, PHP read-only
 * properties, Node interfaces, Python dataclasses) are not cells: they are the API's JSON fields, named
 * by the API reference in each language's case, and the type's row lists them.
 *
 * <p>{@link #IDIOMS} lists, each with its reason, the few names one language has for its own idiom.
 */
class NamingTableCoverageTest {

    /** Names outside the table on purpose: language:Type.member (or language:Type.* for a type), reason. */
    static final Map<String, String> IDIOMS = idioms();

    private static Map<String, String> idioms() {
        Map<String, String> idioms = new LinkedHashMap<>();
        String builder = "a request or query built with copy-on-change methods, Java and PHP's idiom;"
                + " Node passes an object literal, Python keyword arguments of the dataclass";
        idioms.put("Java:PaymentRequest.*", builder);
        idioms.put("Java:PaymentLinkRequest.*", builder);
        idioms.put("Java:PayoutRequest.*", builder);
        idioms.put("Java:PaymentQuery.*", builder);
        idioms.put("Java:PayoutQuery.*", builder);
        idioms.put("Java:SettlementQuery.*", builder);
        idioms.put("Java:BalanceTransactionQuery.*", builder);
        idioms.put("Java:SettlementRequest.*", builder);
        idioms.put("PHP:PaymentRequest.*", builder);
        idioms.put("PHP:PaymentLinkRequest.*", builder);
        idioms.put("PHP:PayoutRequest.*", builder);
        idioms.put("PHP:SettlementRequest.*", builder);
        idioms.put("PHP:PaymentQuery.*", builder);
        idioms.put("PHP:PayoutQuery.*", builder);
        idioms.put("PHP:SettlementQuery.*", builder);
        idioms.put("PHP:BalanceTransactionQuery.*", builder);
        idioms.put("Python:PaymentQuery.after", builder + " (Python's own copy for the next page)");
        idioms.put("Python:PayoutQuery.after", builder + " (Python's own copy for the next page)");
        idioms.put("Python:SettlementQuery.after", builder + " (Python's own copy for the next page)");
        idioms.put("Python:BalanceTransactionQuery.after", builder + " (Python's own copy for the next page)");
        String fromJson = "PHP builds its value objects from the decoded JSON array with a static factory;"
                + " the other libraries do it inside the client";
        for (String type : List.of("Balance", "BalanceTransaction", "Payment", "PaymentLink", "Payout", "Settlement")) {
            idioms.put("PHP:" + type + ".fromArray", fromJson);
        }
        idioms.put("PHP:XaalisException.fromError", "PHP's named constructors of its exception, used by the client");
        idioms.put("PHP:XaalisException.unreachable", "PHP's named constructors of its exception, used by the client");
        idioms.put("PHP:WebhookVerifier.SIGNATURE_SERVER_KEY", "the header's key in PHP's $_SERVER");
        idioms.put("Java:XaalisClient.builder", "Java's builder for the client's options; the others take options");
        idioms.put("Java:XaalisClient.toString", "Java's Object method, overridden to hide the secret");
        idioms.put("PHP:XaalisClient.__toString", "PHP's magic method, overridden to hide the secret");
        idioms.put("PHP:XaalisClient.__debugInfo", "PHP's magic method, overridden to hide the secret");
        idioms.put("PHP:WebhookVerifier.__debugInfo", "PHP's magic method, overridden to hide the secrets");
        idioms.put("Node.js:XaalisClient.toString", "JavaScript's conversion, overridden to hide the secret");
        idioms.put("Node.js:XaalisClient.toJSON", "JavaScript's conversion, overridden to hide the secret");
        idioms.put("Node.js:WebhookVerifier.toString", "JavaScript's conversion, overridden to hide the secrets");
        idioms.put("Node.js:WebhookVerifier.toJSON", "JavaScript's conversion, overridden to hide the secrets");
        String options = "Node's options objects (an interface of optional fields): the other libraries take"
                + " these as builder methods or keyword arguments";
        for (String type : List.of(
                "XaalisClientOptions",
                "CallOptions",
                "InitiateOptions",
                "WebhookVerifierOptions",
                "PaymentLinkQuery")) {
            idioms.put("Node.js:" + type + ".*", options);
        }
        String types = "a TypeScript type alias for what the other languages spell with their own types";
        for (String type : List.of("JsonObject", "JsonValue", "RawBody", "Amount")) {
            idioms.put("Node.js:" + type + ".*", types);
        }
        String amounts = "Node's amounts are strings (JavaScript has no decimal): these compare and write"
                + " them as BigDecimal, Decimal and PHP's strings do";
        idioms.put("Node.js:plainAmount.*", amounts);
        idioms.put("Node.js:sameAmount.*", amounts);
        String moduleConstant = "the module-level copy of the WebhookVerifier constant of the same name,"
                + " for JavaScript's and Python's imports";
        idioms.put("Node.js:SIGNATURE_HEADER.*", moduleConstant);
        idioms.put("Node.js:DEFAULT_TOLERANCE_SECONDS.*", moduleConstant);
        idioms.put("Python:SIGNATURE_HEADER.*", moduleConstant);
        idioms.put("Python:DEFAULT_TOLERANCE.*", moduleConstant);
        return idioms;
    }

    @Test
    void everyPublicNameOfEveryLibraryIsInTheTable() {
        List<Row> rows = NamingTableTest.table(NamingTableTest.read(NamingTableTest.TABLE));
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Language language : Language.values()) {
            Set<String> named = new LinkedHashSet<>();
            for (Row row : rows) {
                Symbol symbol = NamingTableTest.symbol(language, row.cells().get(language));
                named.add(symbol.kind() == Kind.TYPE ? symbol.type() : symbol.type() + "." + symbol.member());
            }
            for (Map.Entry<String, Set<String>> type : exported(language).entrySet()) {
                checked++;
                String idiom = IDIOMS.get(language.column + ":" + type.getKey() + ".*");
                if (idiom != null) {
                    continue;
                }
                if (!named.contains(type.getKey())) {
                    problems.add(language.column + " `" + type.getKey() + "`: an exported type without a row");
                }
                for (String member : type.getValue()) {
                    checked++;
                    String name = type.getKey() + "." + member;
                    if (!named.contains(name) && !IDIOMS.containsKey(language.column + ":" + name)) {
                        problems.add(language.column + " `" + name + "`: public, but in no row");
                    }
                }
            }
        }
        assertThat(problems)
                .as("public names of the libraries that sdks/README.md's naming table does not list:\n"
                        + String.join("\n", problems))
                .isEmpty();
        assertThat(checked).isGreaterThanOrEqualTo(150);
    }

    /** Every allowed idiom is still there: an idiom removed from a library leaves the list. */
    @Test
    void everyIdiomNamesSomethingALibraryExports() {
        List<String> stale = new ArrayList<>();
        for (String idiom : IDIOMS.keySet()) {
            String[] parts = idiom.split(":", 2);
            Language language = Language.valueOf(
                    switch (parts[0]) {
                        case "Node.js" -> "NODE";
                        default -> parts[0].toUpperCase(java.util.Locale.ROOT);
                    });
            String type = parts[1].substring(0, parts[1].indexOf('.'));
            String member = parts[1].substring(parts[1].indexOf('.') + 1);
            Set<String> members = exported(language).get(type);
            if (members == null || (!member.equals("*") && !members.contains(member))) {
                stale.add(idiom);
            }
        }
        assertThat(stale).as("idioms a library no longer has").isEmpty();
    }

    /** The look-ups find what a new public method would be. */
    @Test
    void theLookUpsFindMethodsGettersFieldsAndConstants() {
        assertThat(exported(Language.JAVA).get("XaalisClient")).contains("initiate", "fromEnvironment", "balance");
        assertThat(exported(Language.JAVA).get("WebhookEvent")).contains("id", "rawBody", "dataString");
        assertThat(exported(Language.JAVA).get("WebhookVerifier")).contains("SIGNATURE_HEADER", "verify");
        assertThat(exported(Language.PHP).get("WebhookEvent")).contains("id", "reference", "dataString");
        assertThat(exported(Language.PHP).get("Outcome")).contains("SUCCESS");
        assertThat(exported(Language.NODE).get("XaalisError")).contains("status", "retryable");
        assertThat(exported(Language.NODE).get("XaalisClient")).contains("initiate", "fromEnvironment");
        assertThat(exported(Language.NODE)).containsKey("plainAmount");
        assertThat(exported(Language.PYTHON).get("WebhookEvent")).contains("raw_body", "data_string", "reference");
        assertThat(exported(Language.PYTHON).get("XaalisError")).contains("retryable");
        assertThat(exported(Language.PYTHON).get("PaymentQuery")).contains("after");
        assertThat(exported(Language.PYTHON).get("XaalisClient"))
                .contains("initiate", "from_environment")
                .doesNotContain("_send", "__repr__");
    }

    // --- the public names of each library ----------------------------------------------------------

    /** The types with behaviour, whose values (fields, components) count too. */
    private static final Set<String> BEHAVIOUR = Set.of(
            "XaalisClient",
            "XaalisException",
            "XaalisError",
            "WebhookVerifier",
            "WebhookEvent",
            "WebhookVerificationException",
            "WebhookVerificationError");

    /** Exported type (or function, constant) → its public members, as the Javadoc says. */
    static Map<String, Set<String>> exported(Language language) {
        return switch (language) {
            case JAVA -> java();
            case PHP -> php();
            case NODE -> node();
            case PYTHON -> python();
        };
    }

    private static Map<String, Set<String>> java() {
        Map<String, Set<String>> types = new LinkedHashMap<>();
        Pattern header = Pattern.compile(
                "^public (?:final |abstract |sealed )*(class|record|enum|interface) (\\w+)", Pattern.MULTILINE);
        for (Path file : Sources.files(Language.JAVA.sources, ".java")) {
            String source = NamingTableTest.read(file);
            Matcher type = header.matcher(source);
            if (!type.find()) {
                continue;
            }
            Set<String> members = new LinkedHashSet<>();
            members.addAll(
                    names("^    public (?:static )?(?:final )?(?:<[^>]+> )?[\\w.<>\\[\\], ?]+ (\\w+)\\(", source));
            members.addAll(names("^    public static final \\S+ (\\w+) =", source));
            if (type.group(1).equals("enum")) {
                members.addAll(names("^    ([A-Z][A-Z0-9_]*)\\s*[,;]?\\s*$", source));
            }
            if (type.group(1).equals("record") && BEHAVIOUR.contains(type.group(2))) {
                Matcher record = Pattern.compile("^public record \\w+\\(", Pattern.MULTILINE)
                        .matcher(source);
                record.find();
                for (String component : NamingTableTest.split(Sources.parenthesized(source, record.end() - 1))) {
                    members.add(component.replaceFirst("^.*?(\\w+)$", "$1"));
                }
            }
            types.put(type.group(2), members);
        }
        return types;
    }

    /** A PHP class whose own docblock ends with {@code @internal}. */
    private static final Pattern INTERNAL =
            Pattern.compile("@internal\\s*\\*/\\s*(?:final |abstract |readonly )*(?:class|enum|interface) ");

    private static Map<String, Set<String>> php() {
        Map<String, Set<String>> types = new LinkedHashMap<>();
        Pattern header =
                Pattern.compile("^(?:final |abstract |readonly )*(?:class|enum|interface) (\\w+)", Pattern.MULTILINE);
        for (Path file : Sources.files(Language.PHP.sources, ".php")) {
            String source = NamingTableTest.read(file);
            Matcher type = header.matcher(source);
            if (!source.contains("\nnamespace Xaalis;")
                    || INTERNAL.matcher(source).find()
                    || !type.find()) {
                continue;
            }
            Set<String> members = new LinkedHashSet<>();
            for (String method : names("^    public (?:static )?function (\\w+)\\(", source)) {
                if (!method.equals("__construct")) {
                    members.add(method);
                }
            }
            members.addAll(names("^    public const (\\w+) =", source));
            members.addAll(names("^    case (\\w+)\\b", source));
            if (BEHAVIOUR.contains(type.group(1))) {
                members.addAll(names("^\\s+public (?:readonly )?[?\\w\\\\|]+ \\$(\\w+)", source));
            }
            types.put(type.group(1), members);
        }
        return types;
    }

    private static Map<String, Set<String>> node() {
        Map<String, Set<String>> types = new LinkedHashMap<>();
        String index = NamingTableTest.read(Language.NODE.sources.resolve("index.ts"));
        Set<String> exports = new LinkedHashSet<>();
        Matcher block = Pattern.compile("export \\{([^}]*)}", Pattern.DOTALL).matcher(index);
        while (block.find()) {
            for (String name : block.group(1).split(",")) {
                String plain = name.strip().replaceFirst("^type ", "");
                if (!plain.isEmpty()) {
                    exports.add(plain);
                }
            }
        }
        Sources node = Sources.of(Language.NODE);
        for (String name : exports) {
            String body = node.body(name);
            Set<String> members = new LinkedHashSet<>();
            if (body != null && body.startsWith("export class ")) {
                for (String method : names("^  (?:static )?(?:async )?(?:get )?(\\w+)\\(", body)) {
                    if (!method.equals("constructor") && !method.startsWith("_")) {
                        members.add(method);
                    }
                }
                members.addAll(names("^  static readonly ([A-Z][A-Z0-9_]*)\\b", body));
                if (BEHAVIOUR.contains(name)) {
                    members.addAll(names("^  readonly (\\w+)[?!]?:", body));
                }
            } else if (body != null && body.startsWith("export const " + name + " = {")) {
                members.addAll(names("^  ([A-Z][A-Z0-9_]*): ", body));
            }
            types.put(name, members);
        }
        return types;
    }

    private static Map<String, Set<String>> python() {
        Map<String, Set<String>> types = new LinkedHashMap<>();
        String init = NamingTableTest.read(Language.PYTHON.sources.resolve("__init__.py"));
        Matcher all = Pattern.compile("__all__ = \\[(.*?)]", Pattern.DOTALL).matcher(init);
        assertThat(all.find()).as("xaalis.__all__").isTrue();
        Sources python = Sources.of(Language.PYTHON);
        for (String name : names("\"(\\w+)\"", all.group(1))) {
            String body = python.body(name);
            Set<String> members = new LinkedHashSet<>();
            if (body != null) {
                // A private base class's public methods are the exported class's (PaymentQuery(_ListQuery)).
                for (String base : names("^class \\w+\\((_\\w+)\\)", body)) {
                    body += privateClass(base);
                }
                for (String method : names("^    def (\\w+)\\(", body)) {
                    if (!method.startsWith("_")) {
                        members.add(method);
                    }
                }
                members.addAll(names("^    ([A-Z][A-Z0-9_]*) = ", body));
                if (BEHAVIOUR.contains(name)) {
                    members.addAll(names("^    ([a-z]\\w*): ", body));
                    members.addAll(names("^        self\\.([a-z]\\w*) = ", body));
                }
            }
            types.put(name, members);
        }
        return types;
    }

    private static String privateClass(String name) {
        for (Path file : Sources.files(Language.PYTHON.sources, ".py")) {
            String source = NamingTableTest.read(file);
            Matcher m = Pattern.compile("^class " + name + "\\b.*:$", Pattern.MULTILINE)
                    .matcher(source);
            if (m.find()) {
                Matcher next = Pattern.compile("^[^\\s#]", Pattern.MULTILINE).matcher(source);
                return "\n" + source.substring(m.end(), next.find(m.end()) ? next.start() : source.length());
            }
        }
        throw new IllegalStateException("no class " + name + " in xaalis/");
    }

    private static List<String> names(String regex, String text) {
        List<String> names = new ArrayList<>();
        Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }
}
