package sn.xaalis.docs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The OpenAPI description of the merchant API, read once from its one source file, and the views of
 * it the service publishes: the YAML as written, the same document as JSON, and a page model for
 * the human docs (rendered on the server, so the page needs no script and no CDN).
 */
@Component
class ApiDescription {

    static final String LOCATION = "api/openapi.yaml";
    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch");

    private final byte[] yaml;
    private final byte[] json;
    private final String yamlTag;
    private final String jsonTag;
    private final Page page;

    ApiDescription() {
        this.yaml = read(LOCATION);
        JsonNode document = YAMLMapper.builder().build().readTree(yaml);
        this.json = JsonMapper.builder().build().writeValueAsBytes(document);
        this.yamlTag = tag(yaml);
        this.jsonTag = tag(json);
        this.page = new PageBuilder(document).build();
    }

    byte[] yaml() {
        return yaml.clone();
    }

    byte[] json() {
        return json.clone();
    }

    /** Strong validators for conditional requests: the content never changes while the service runs. */
    String yamlTag() {
        return yamlTag;
    }

    String jsonTag() {
        return jsonTag;
    }

    Page page() {
        return page;
    }

    /** What the docs page shows. */
    record Page(
            String title,
            String version,
            String summary,
            List<String> description,
            List<Operation> operations,
            List<Operation> webhooks,
            List<Scheme> security,
            List<Schema> schemas) {}

    record Scheme(String name, String header, String description) {}

    record Operation(
            String id,
            String method,
            String path,
            String summary,
            List<String> description,
            List<Field> parameters,
            Body requestBody,
            List<Response> responses) {}

    record Body(String description, String type, String schemaAnchor, String example) {}

    record Response(String status, String description, List<Field> headers, String type, String schemaAnchor) {}

    /** A parameter, header or schema property. */
    record Field(
            String name,
            String where,
            boolean required,
            String type,
            String schemaAnchor,
            String rules,
            List<String> description) {}

    record Schema(
            String name, String anchor, String type, String rules, List<String> description, List<Field> fields) {}

    private static final class PageBuilder {

        private final JsonNode document;

        PageBuilder(JsonNode document) {
            this.document = document;
        }

        Page build() {
            JsonNode info = document.path("info");
            List<Operation> operations = new ArrayList<>();
            document.path("paths")
                    .properties()
                    .forEach(path -> operations.addAll(operations(path.getKey(), path.getValue())));
            List<Operation> webhooks = new ArrayList<>();
            document.path("webhooks")
                    .properties()
                    .forEach(hook -> webhooks.addAll(operations("POST {webhook_url}", hook.getValue())));
            List<Scheme> security = new ArrayList<>();
            document.path("components")
                    .path("securitySchemes")
                    .properties()
                    .forEach(scheme -> security.add(new Scheme(
                            scheme.getKey(),
                            scheme.getValue().path("name").asString(""),
                            scheme.getValue().path("description").asString(""))));
            List<Schema> schemas = new ArrayList<>();
            document.path("components").path("schemas").properties().forEach(entry -> {
                JsonNode schema = entry.getValue();
                schemas.add(new Schema(
                        entry.getKey(),
                        anchor(entry.getKey()),
                        typeOf(schema),
                        rules(schema),
                        paragraphs(schema.path("description").asString("")),
                        fields(schema)));
            });
            return new Page(
                    info.path("title").asString(""),
                    info.path("version").asString(""),
                    info.path("summary").asString(""),
                    paragraphs(info.path("description").asString("")),
                    operations,
                    webhooks,
                    security,
                    schemas);
        }

        private List<Operation> operations(String path, JsonNode item) {
            List<Operation> found = new ArrayList<>();
            for (String method : METHODS) {
                JsonNode operation = item.get(method);
                if (operation == null) {
                    continue;
                }
                List<Field> parameters = new ArrayList<>();
                for (JsonNode parameter : concat(item.path("parameters"), operation.path("parameters"))) {
                    JsonNode p = resolve(parameter);
                    parameters.add(field(
                            p.path("name").asString(""),
                            p.path("in").asString(""),
                            p.path("required").asBoolean(false),
                            p.path("schema"),
                            p.path("description").asString("")));
                }
                Body body = null;
                JsonNode requestBody = resolve(operation.path("requestBody"));
                if (!requestBody.isMissingNode()) {
                    JsonNode media = requestBody.path("content").path("application/json");
                    JsonNode example = media.path("example");
                    body = new Body(
                            requestBody.path("description").asString(""),
                            typeOf(media.path("schema")),
                            anchorOf(media.path("schema")),
                            example.isMissingNode() ? null : example.toPrettyString());
                }
                List<Response> responses = new ArrayList<>();
                operation.path("responses").properties().forEach(entry -> {
                    JsonNode response = resolve(entry.getValue());
                    List<Field> headers = new ArrayList<>();
                    response.path("headers").properties().forEach(header -> {
                        JsonNode h = resolve(header.getValue());
                        headers.add(field(
                                header.getKey(),
                                "header",
                                h.path("required").asBoolean(false),
                                h.path("schema"),
                                h.path("description").asString("")));
                    });
                    JsonNode schema =
                            response.path("content").path("application/json").path("schema");
                    responses.add(new Response(
                            entry.getKey(),
                            response.path("description").asString(""),
                            headers,
                            schema.isMissingNode() ? null : typeOf(schema),
                            anchorOf(schema)));
                });
                String id = operation.path("operationId").asString(method + path);
                found.add(new Operation(
                        id,
                        method.toUpperCase(Locale.ROOT),
                        path,
                        operation.path("summary").asString(""),
                        paragraphs(operation.path("description").asString("")),
                        parameters,
                        body,
                        responses));
            }
            return found;
        }

        /** Properties of an object schema, those of its allOf parts first. */
        private List<Field> fields(JsonNode schema) {
            Map<String, JsonNode> properties = new LinkedHashMap<>();
            Set<String> required = new LinkedHashSet<>();
            collect(schema, properties, required);
            List<Field> fields = new ArrayList<>();
            properties.forEach((name, property) ->
                    fields.add(field(name, null, required.contains(name), property, description(property))));
            return fields;
        }

        private void collect(JsonNode schema, Map<String, JsonNode> properties, Set<String> required) {
            JsonNode resolved = resolve(schema);
            for (JsonNode part : resolved.path("allOf")) {
                collect(part, properties, required);
            }
            resolved.path("properties").properties().forEach(p -> properties.put(p.getKey(), p.getValue()));
            resolved.path("required").forEach(r -> required.add(r.asString("")));
        }

        private Field field(String name, String where, boolean required, JsonNode schema, String description) {
            return new Field(
                    name, where, required, typeOf(schema), anchorOf(schema), rules(schema), paragraphs(description));
        }

        /** A property's own description, else the one of the schema it refers to. */
        private String description(JsonNode schema) {
            if (schema.has("description")) {
                return schema.path("description").asString("");
            }
            return resolve(schema).path("description").asString("");
        }

        private String typeOf(JsonNode schema) {
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

        private String rules(JsonNode schema) {
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
            if (schema.has("format")) {
                rules.add("format " + schema.path("format").asString(""));
            }
            if (schema.has("pattern")) {
                rules.add("pattern " + schema.path("pattern").asString(""));
            }
            if (schema.has("minLength")) {
                rules.add("at least " + schema.path("minLength").asString() + " characters");
            }
            if (schema.has("maxLength")) {
                rules.add("at most " + schema.path("maxLength").asString() + " characters");
            }
            if (schema.has("minimum")) {
                rules.add("minimum " + schema.path("minimum").asString(""));
            }
            if (schema.has("maximum")) {
                rules.add("maximum " + schema.path("maximum").asString(""));
            }
            if (schema.has("maxItems")) {
                rules.add("at most " + schema.path("maxItems").asString() + " items");
            }
            if (schema.has("default")) {
                rules.add("default " + schema.path("default").asString(""));
            }
            for (JsonNode variant : schema.path("oneOf")) {
                String inner = rules(variant);
                if (!inner.isEmpty()) {
                    rules.add(typeOf(variant) + ": " + inner);
                }
            }
            return String.join("; ", rules);
        }

        private String anchorOf(JsonNode schema) {
            if (schema != null && schema.has("$ref")) {
                return anchor(refName(schema.path("$ref").asString("")));
            }
            if (schema != null && schema.path("items").has("$ref")) {
                return anchor(refName(schema.path("items").path("$ref").asString("")));
            }
            return null;
        }

        private JsonNode resolve(JsonNode node) {
            JsonNode current = node;
            for (int hops = 0; current != null && current.has("$ref") && hops < 10; hops++) {
                current = document.at(current.path("$ref").asString().substring(1));
            }
            return current;
        }

        private static String refName(String ref) {
            return ref.substring(ref.lastIndexOf('/') + 1);
        }

        private static List<JsonNode> concat(JsonNode first, JsonNode second) {
            List<JsonNode> all = new ArrayList<>();
            first.forEach(all::add);
            second.forEach(all::add);
            return all;
        }
    }

    static String anchor(String schemaName) {
        return "schema-" + schemaName;
    }

    /**
     * Descriptions are plain text: blank lines separate paragraphs, lines starting with "- " or "1. "
     * are list items (the page keeps their line breaks), and other lines are wrapping, joined up.
     */
    static List<String> paragraphs(String text) {
        List<String> paragraphs = new ArrayList<>();
        for (String paragraph : text.strip().split("\\n\\s*\\n")) {
            if (paragraph.isBlank()) {
                continue;
            }
            StringBuilder joined = new StringBuilder();
            for (String line : paragraph.strip().split("\\n")) {
                String trimmed = line.strip();
                if (joined.isEmpty()) {
                    joined.append(trimmed);
                } else if (LIST_ITEM.matcher(trimmed).lookingAt()) {
                    joined.append('\n').append(trimmed);
                } else {
                    joined.append(' ').append(trimmed);
                }
            }
            paragraphs.add(joined.toString());
        }
        return paragraphs;
    }

    private static final Pattern LIST_ITEM = Pattern.compile("(- |[0-9]+\\. )");

    private static byte[] read(String location) {
        try (InputStream in = new ClassPathResource(location).getInputStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("The API description " + location + " is missing", e);
        }
    }

    private static String tag(byte[] content) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(content);
            return "\"" + HexFormat.of().formatHex(digest, 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
