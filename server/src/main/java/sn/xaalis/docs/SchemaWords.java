package sn.xaalis.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * How the docs page words a JSON schema: its type ("array of Payment", "string or null"), its rules
 * ("one of ...; at most 64 characters") and the anchor of the schema it refers to.
 */
final class SchemaWords {

    private SchemaWords() {}

    static String typeOf(JsonNode schema) {
        if (schema == null || schema.isMissingNode()) {
            return "";
        }
        if (schema.has("$ref")) {
            return refName(schema.path("$ref").asString(""));
        }
        if (schema.has("const")) {
            return "\"" + schema.path("const").asString() + "\"";
        }
        if (schema.has("oneOf")) {
            List<String> kinds = new ArrayList<>();
            schema.path("oneOf").forEach(s -> kinds.add(typeOf(s)));
            return String.join(" or ", kinds);
        }
        if (schema.has("allOf") && !schema.has("properties")) {
            List<String> kinds = new ArrayList<>();
            schema.path("allOf").forEach(s -> kinds.add(typeOf(s)));
            return String.join(" and ", kinds);
        }
        return primitive(schema);
    }

    /** A schema by its {@code type} keyword: one kind, or several joined by "or". */
    private static String primitive(JsonNode schema) {
        JsonNode type = schema.path("type");
        List<String> kinds = new ArrayList<>();
        if (type.isArray()) {
            type.forEach(t -> kinds.add(t.asString("")));
        } else if (!type.isMissingNode()) {
            kinds.add(type.asString(""));
        }
        List<String> named = new ArrayList<>();
        for (String kind : kinds) {
            if (kind.equals("array")) {
                named.add("array of " + typeOf(schema.path("items")));
            } else if (kind.equals("object")
                    && schema.has("additionalProperties")
                    && schema.path("additionalProperties").isObject()) {
                named.add("map of " + typeOf(schema.path("additionalProperties")));
            } else {
                named.add(kind);
            }
        }
        return String.join(" or ", named);
    }

    static String rules(JsonNode schema) {
        if (schema == null || schema.isMissingNode() || schema.has("$ref")) {
            return "";
        }
        List<String> rules = new ArrayList<>();
        if (schema.has("enum")) {
            List<String> values = new ArrayList<>();
            schema.path("enum").forEach(v -> values.add(v.asString("")));
            rules.add("one of " + String.join(", ", values));
        }
        if (schema.has("propertyNames")) {
            List<String> values = new ArrayList<>();
            schema.path("propertyNames").path("enum").forEach(v -> values.add(v.asString("")));
            rules.add("keys: " + String.join(", ", values));
        }
        for (Rule rule : RULES) {
            if (schema.has(rule.keyword())) {
                rules.add(rule.words().apply(schema.path(rule.keyword())));
            }
        }
        for (JsonNode variant : schema.path("oneOf")) {
            String inner = rules(variant);
            if (!inner.isEmpty()) {
                rules.add(typeOf(variant) + ": " + inner);
            }
        }
        return String.join("; ", rules);
    }

    /** A keyword with a value, and how the page words it. */
    private record Rule(String keyword, Function<JsonNode, String> words) {}

    // In the order the page lists them.
    private static final List<Rule> RULES = List.of(
            new Rule("format", value -> "format " + value.asString("")),
            new Rule("pattern", value -> "pattern " + value.asString("")),
            new Rule("minLength", value -> "at least " + value.asString() + " characters"),
            new Rule("maxLength", value -> "at most " + value.asString() + " characters"),
            new Rule("minimum", value -> "minimum " + value.asString("")),
            new Rule("maximum", value -> "maximum " + value.asString("")),
            new Rule("maxItems", value -> "at most " + value.asString() + " items"),
            new Rule("default", value -> "default " + value.asString("")));

    static @Nullable String anchorOf(JsonNode schema) {
        if (schema != null && schema.has("$ref")) {
            return ApiDescription.anchor(refName(schema.path("$ref").asString("")));
        }
        if (schema != null && schema.path("items").has("$ref")) {
            return ApiDescription.anchor(
                    refName(schema.path("items").path("$ref").asString("")));
        }
        return null;
    }

    static String refName(String ref) {
        return ref.substring(ref.lastIndexOf('/') + 1);
    }
}
