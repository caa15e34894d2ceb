package sn.xaalis.pages;

import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks the message bundles under {@code <resources>/i18n/} ({@code <name>_fr.properties} and {@code
 * <name>_en.properties}) and the keys the templates and the Java code look up. Returns every offence.
 *
 * <p>Java names a message key as a string literal passed straight to {@code getMessage("key", ...)} or
 * {@code new DefaultMessageSourceResolvable("key")}, or as a constant named {@code ..._MESSAGE_KEY = "key"}
 * ({@code ..._MESSAGE_KEY_PREFIX = "status."} for keys completed at run time), so that this check finds it.
 */
final class MessageBundleCheck {

    static final List<String> LANGUAGES = List.of("fr", "en");

    private static final Pattern BUNDLE = Pattern.compile("(.+)_(fr|en)\\.properties");
    /** UTF-8 read as Latin-1 once too often: "Ã©" for "é", "â€™" for "’", "Â " for a no-break space. */
    private static final Pattern MOJIBAKE = Pattern.compile("[ÃÂ][\\u0080-\\u00BF]|â€|\\uFFFD");

    private static final Pattern MESSAGES_UTILITY = Pattern.compile(
            "#messages\\.(?:msg|msgWithParams|msgOrNull|msgOrNullWithParams)\\(\\s*'([^']*)'\\s*(\\+)?");
    private static final Pattern JAVA_KEY = Pattern.compile(
            "(?:getMessage|DefaultMessageSourceResolvable)\\(\\s*\"([^\"]+)\"|\\b[A-Z0-9_]*MESSAGE_KEY\\s*=\\s*\"([^\"]+)\"");
    private static final Pattern JAVA_PREFIX = Pattern.compile("\\b[A-Z0-9_]*MESSAGE_KEY_PREFIX\\s*=\\s*\"([^\"]+)\"");
    private static final Pattern BASENAME = Pattern.compile("(?m)^\\s*basename:\\s*(\\S+)\\s*$");

    private final Path resources;
    private final Path javaSources;
    private final List<String> offences = new ArrayList<>();
    /** Every key of every bundle, per language. */
    private final Map<String, Set<String>> keys = new TreeMap<>();

    private MessageBundleCheck(Path resources, Path javaSources) {
        this.resources = resources;
        this.javaSources = javaSources;
        LANGUAGES.forEach(language -> keys.put(language, new TreeSet<>()));
    }

    /** The offences of the bundles in {@code resources/i18n} and the keys used by templates and Java. */
    static List<String> offences(Path resources, Path javaSources) {
        MessageBundleCheck check = new MessageBundleCheck(resources, javaSources);
        check.bundles();
        check.templates();
        check.java();
        return check.offences;
    }

    private void bundles() {
        Set<String> names = new TreeSet<>();
        for (Path file : PageSources.files(resources.resolve("i18n"), "")) {
            Matcher name = BUNDLE.matcher(file.getFileName().toString());
            if (name.matches()) {
                names.add(name.group(1));
            } else if (file.getFileName().toString().endsWith(".properties")
                    && read(file).isEmpty()) {
                // An empty base (comments only) is what makes Spring Boot register the bundle.
                continue;
            } else {
                offences.add(
                        where(file) + ": not a <name>_fr.properties or <name>_en.properties bundle, nor an empty base");
            }
        }
        Map<String, String> owner = new TreeMap<>();
        for (String name : names) {
            Map<String, Properties> bundle = new TreeMap<>();
            for (String language : LANGUAGES) {
                Path file = resources.resolve("i18n").resolve(name + "_" + language + ".properties");
                if (Files.exists(file)) {
                    bundle.put(language, read(file));
                } else {
                    offences.add(where(file) + ": missing (every bundle exists in " + LANGUAGES + ")");
                }
            }
            bundle.forEach((language, properties) -> {
                for (String key : properties.stringPropertyNames()) {
                    keys.get(language).add(key);
                    String other = owner.putIfAbsent(language + ":" + key, name);
                    if (other != null && !other.equals(name)) {
                        offences.add("i18n: " + key + " is in both " + other + "_" + language + " and " + name + "_"
                                + language + " (only the first bundle listed is read)");
                    }
                }
            });
            if (bundle.size() == LANGUAGES.size()) {
                sameKeys(name, bundle);
            }
        }
        listedInConfiguration(names);
    }

    private void sameKeys(String name, Map<String, Properties> bundle) {
        for (String language : LANGUAGES) {
            for (String other : LANGUAGES) {
                Set<String> missing = new TreeSet<>(bundle.get(language).stringPropertyNames());
                missing.removeAll(bundle.get(other).stringPropertyNames());
                for (String key : missing) {
                    offences.add("i18n/" + name + "_" + other + ".properties: " + key + " is missing (it is in " + name
                            + "_" + language + ")");
                }
            }
        }
    }

    /** A bundle that spring.messages.basename does not list is never read. */
    private void listedInConfiguration(Set<String> names) {
        Path configuration = resources.resolve("application.yml");
        if (!Files.exists(configuration)) {
            return;
        }
        Matcher basename = BASENAME.matcher(PageSources.text(configuration));
        Set<String> listed = new TreeSet<>();
        while (basename.find()) {
            for (String entry : basename.group(1).split(",")) {
                listed.add(entry.trim().replaceFirst("^classpath:", "").replaceFirst("^i18n/", ""));
            }
        }
        for (String name : names) {
            if (!listed.contains(name)) {
                offences.add("application.yml: spring.messages.basename does not list i18n/" + name);
            }
        }
    }

    /** Reads one bundle, reporting bytes that are not UTF-8, mojibake, duplicate keys and empty values. */
    private Properties read(Path file) {
        String where = where(file);
        byte[] bytes = PageSources.bytes(file);
        String text;
        boolean utf8 = true;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            offences.add(where + ": not valid UTF-8");
            utf8 = false;
            text = new String(bytes, StandardCharsets.UTF_8);
        }
        if (text.startsWith("\uFEFF")) {
            offences.add(where + ": starts with a byte order mark (it would become part of the first key)");
        }
        Properties properties = new Properties() {
            @Override
            public synchronized Object put(Object key, Object value) {
                if (containsKey(key)) {
                    offences.add(where + ": " + key + " is defined twice");
                }
                return super.put(key, value);
            }
        };
        try {
            properties.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            offences.add(where + ": unreadable (" + e.getMessage() + ")");
        }
        for (String key : new TreeSet<>(properties.stringPropertyNames())) {
            String value = properties.getProperty(key);
            if (value.isBlank()) {
                offences.add(where + ": " + key + " is empty");
            }
            if (utf8 && MOJIBAKE.matcher(key + value).find()) {
                offences.add(where + ": " + key + " looks mis-encoded (" + value + ")");
            }
        }
        return properties;
    }

    private void templates() {
        Path root = resources.resolve("templates");
        for (Path template : PageSources.files(root, ".html")) {
            String text = PageSources.text(template);
            String where = "templates/" + root.relativize(template).toString().replace('\\', '/');
            for (int at = text.indexOf("#{"); at >= 0; at = text.indexOf("#{", at + 2)) {
                int end = PageSources.closingBrace(text, at + 1);
                String line = where + ":" + PageSources.lineOf(text, at);
                if (end < 0) {
                    offences.add(line + ": unclosed #{");
                    break;
                }
                messageExpression(line, text.substring(at + 2, end).trim());
            }
            Matcher utility = MESSAGES_UTILITY.matcher(text);
            while (utility.find()) {
                String line = where + ":" + PageSources.lineOf(text, utility.start());
                if (utility.group(2) == null) {
                    required(line, utility.group(1));
                } else {
                    prefix(line, utility.group(1));
                }
            }
        }
    }

    /**
     * {@code #{key}} and {@code #{key(args)}} name their key. A key built at run time, {@code #{'status.' +
     * ${p.status}}} or {@code #{|status.${p.status}|}}, cannot be checked statically: its prefix must at least
     * have keys in both languages. {@code #{${key}}} names no key of its own and is not checked.
     */
    private void messageExpression(String line, String expression) {
        if (expression.startsWith("${") || expression.startsWith("*{")) {
            return;
        }
        if (expression.startsWith("'")) {
            int close = expression.indexOf('\'', 1);
            String literal = expression.substring(1, Math.max(close, 1));
            String rest = close < 0 ? "" : expression.substring(close + 1).trim();
            if (rest.startsWith("+")) {
                prefix(line, literal);
            } else {
                required(line, literal);
            }
        } else if (expression.startsWith("|")) {
            String literal = expression.substring(1, Math.max(expression.lastIndexOf('|'), 1));
            int dynamic = literal.indexOf("${");
            if (dynamic >= 0) {
                prefix(line, literal.substring(0, dynamic));
            } else {
                required(line, literal);
            }
        } else {
            required(line, expression.split("[\\s(]", 2)[0]);
        }
    }

    private void java() {
        for (Path source : PageSources.files(javaSources, ".java")) {
            String text = PageSources.text(source);
            String where = javaSources.relativize(source).toString().replace('\\', '/');
            Matcher key = JAVA_KEY.matcher(text);
            while (key.find()) {
                required(
                        where + ":" + PageSources.lineOf(text, key.start()),
                        key.group(1) != null ? key.group(1) : key.group(2));
            }
            Matcher prefix = JAVA_PREFIX.matcher(text);
            while (prefix.find()) {
                prefix(where + ":" + PageSources.lineOf(text, prefix.start()), prefix.group(1));
            }
        }
    }

    private void required(String line, String key) {
        for (String language : LANGUAGES) {
            if (!keys.get(language).contains(key)) {
                offences.add(line + ": " + key + " is in no " + language + " bundle");
            }
        }
    }

    private void prefix(String line, String prefix) {
        if (prefix.isEmpty()) {
            return;
        }
        for (String language : LANGUAGES) {
            if (keys.get(language).stream().noneMatch(k -> k.startsWith(prefix))) {
                offences.add(line + ": no " + language + " key starts with " + prefix + " (a key built at run time)");
            }
        }
    }

    private String where(Path file) {
        return resources.relativize(file).toString().replace('\\', '/');
    }
}
