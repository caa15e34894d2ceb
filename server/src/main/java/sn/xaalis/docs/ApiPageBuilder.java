package sn.xaalis.docs;

import static sn.xaalis.docs.ApiDescription.anchor;
import static sn.xaalis.docs.ApiDescription.paragraphs;
import static sn.xaalis.docs.SchemaWords.anchorOf;
import static sn.xaalis.docs.SchemaWords.rules;
import static sn.xaalis.docs.SchemaWords.typeOf;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import sn.xaalis.docs.ApiDescription.Body;
import sn.xaalis.docs.ApiDescription.Field;
import sn.xaalis.docs.ApiDescription.Operation;
import sn.xaalis.docs.ApiDescription.Page;
import sn.xaalis.docs.ApiDescription.Response;
import sn.xaalis.docs.ApiDescription.Schema;
import sn.xaalis.docs.ApiDescription.Scheme;
import tools.jackson.databind.JsonNode;

/** Reads the OpenAPI document into the docs page's model, following its {@code $ref}s. */
final class ApiPageBuilder {

    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch");

    private final JsonNode document;

    ApiPageBuilder(JsonNode document) {
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
        return new Page(
                info.path("title").asString(""),
                info.path("version").asString(""),
                info.path("summary").asString(""),
                paragraphs(info.path("description").asString("")),
                operations,
                webhooks,
                security(),
                schemas());
    }

    private List<Scheme> security() {
        List<Scheme> security = new ArrayList<>();
        document.path("components")
                .path("securitySchemes")
                .properties()
                .forEach(scheme -> security.add(new Scheme(
                        scheme.getKey(),
                        scheme.getValue().path("name").asString(""),
                        scheme.getValue().path("description").asString(""))));
        return security;
    }

    private List<Schema> schemas() {
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
        return schemas;
    }

    /** The operations of one path item, in the order of {@link #METHODS}. */
    private List<Operation> operations(String path, JsonNode item) {
        List<Operation> found = new ArrayList<>();
        for (String method : METHODS) {
            JsonNode operation = item.get(method);
            if (operation != null) {
                found.add(operation(path, item, method, operation));
            }
        }
        return found;
    }

    private Operation operation(String path, JsonNode item, String method, JsonNode operation) {
        String id = operation.path("operationId").asString(method + path);
        return new Operation(
                id,
                method.toUpperCase(Locale.ROOT),
                path,
                operation.path("summary").asString(""),
                paragraphs(operation.path("description").asString("")),
                parameters(item, operation),
                body(operation),
                responses(operation));
    }

    /** The path item's parameters, then the operation's own. */
    private List<Field> parameters(JsonNode item, JsonNode operation) {
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
        return parameters;
    }

    private @Nullable Body body(JsonNode operation) {
        JsonNode requestBody = resolve(operation.path("requestBody"));
        if (requestBody.isMissingNode()) {
            return null;
        }
        JsonNode media = requestBody.path("content").path("application/json");
        JsonNode example = media.path("example");
        return new Body(
                requestBody.path("description").asString(""),
                typeOf(media.path("schema")),
                anchorOf(media.path("schema")),
                example.isMissingNode() ? null : example.toPrettyString());
    }

    private List<Response> responses(JsonNode operation) {
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
            JsonNode schema = response.path("content").path("application/json").path("schema");
            responses.add(new Response(
                    entry.getKey(),
                    response.path("description").asString(""),
                    headers,
                    schema.isMissingNode() ? null : typeOf(schema),
                    anchorOf(schema)));
        });
        return responses;
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

    private static Field field(
            String name, @Nullable String where, boolean required, JsonNode schema, String description) {
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

    private JsonNode resolve(JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; current != null && current.has("$ref") && hops < 10; hops++) {
            current = document.at(current.path("$ref").asString().substring(1));
        }
        return current;
    }

    private static List<JsonNode> concat(JsonNode first, JsonNode second) {
        List<JsonNode> all = new ArrayList<>();
        first.forEach(all::add);
        second.forEach(all::add);
        return all;
    }
}
