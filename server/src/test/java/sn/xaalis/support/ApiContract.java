package sn.xaalis.support;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialects;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The OpenAPI description (the service's one source, {@code api/openapi.yaml}) as a checker of real
 * exchanges: the status must be declared for the operation, declared headers present and valid, the
 * body valid against the operation's schema (JSON Schema 2020-12 with the OpenAPI 3.1 dialect, formats
 * asserted). {@link Api} checks every answer of the merchant API with it, so the whole integration
 * suite doubles as the conformance test of the description.
 */
public final class ApiContract {

    private static final String BASE = "https://xaalis.invalid/api/openapi.json";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ApiContract INSTANCE = new ApiContract(read("api/openapi.yaml"));

    private final JsonNode document;
    private final SchemaRegistry registry;
    private final Map<String, Schema> compiled = new ConcurrentHashMap<>();

    ApiContract(String yaml) {
        this.document = YAMLMapper.builder().build().readTree(yaml);
        String json = JSON.writeValueAsString(document);
        this.registry = SchemaRegistry.withDefaultDialect(
                Dialects.getOpenApi31(), builder -> builder.schemas(Map.of(BASE, json))
                        .schemaRegistryConfig(SchemaRegistryConfig.builder()
                                .formatAssertionsEnabled(true)
                                .build()));
        warmUp();
    }

    /** Compiles the notification schemas now: receivers check while the service waits for nothing. */
    private void warmUp() {
        Map<String, String> headers = new java.util.HashMap<>();
        document.path("webhooks")
                .path("paymentNotification")
                .path("post")
                .path("parameters")
                .forEach(p -> headers.put(resolve(p).path("name").asString("").toLowerCase(Locale.ROOT), "x"));
        notificationProblems(headers, "{}");
    }

    public static ApiContract description() {
        return INSTANCE;
    }

    /** Whether requests to this path are answers of the described API (the merchant's, the operator's connections). */
    public static boolean covers(String pathAndQuery) {
        return pathAndQuery.startsWith("/api/v1/")
                || (pathAndQuery.startsWith("/admin/v1/applications/")
                        && (pathAndQuery.contains("/connections/") || pathAndQuery.endsWith("/adjustments")));
    }

    /** Throws when the answer departs from the description. */
    public void check(String method, String pathAndQuery, Api.Response response) {
        List<String> problems = problems(method, pathAndQuery, response);
        if (!problems.isEmpty()) {
            throw new AssertionError("The answer to " + method + " " + pathAndQuery
                    + " departs from the OpenAPI description (api/openapi.yaml):\n  - "
                    + String.join("\n  - ", problems) + "\nStatus " + response.status() + ", headers "
                    + response.headers() + ", body: " + response.body());
        }
    }

    /** Every way the answer departs from the description; empty when it conforms. */
    public List<String> problems(String method, String pathAndQuery, Api.Response response) {
        List<String> problems = new ArrayList<>();
        String path = pathAndQuery.split("\\?", 2)[0];
        JsonNode item = pathItem(path);
        if (item == null) {
            // Unknown paths are answered 404 with the error body (described in info.description).
            expectError(response, 404, problems);
            return problems;
        }
        JsonNode operation = item.get(method.toLowerCase(Locale.ROOT));
        if (operation == null) {
            expectError(response, 405, problems);
            if (response.header("Allow") == null) {
                problems.add("a 405 must carry an Allow header");
            }
            return problems;
        }
        String operationId = operation.path("operationId").asString("?");
        JsonNode declared = declaredResponse(operation.path("responses"), response.status());
        if (declared == null) {
            problems.add("status " + response.status() + " is not declared for " + operationId);
            return problems;
        }
        checkHeaders(declared, response, operationId, problems);
        checkBody(declared, response, operationId, problems);
        return problems;
    }

    /**
     * Problems of a webhook notification as the service sent it (the {@code webhooks} entry of its kind:
     * a payout's events are {@code payout.*}, a payment's the others).
     */
    public List<String> notificationProblems(Map<String, String> headers, String body) {
        List<String> problems = new ArrayList<>();
        String event = headers.getOrDefault("x-svc-event", "");
        JsonNode operation = document.path("webhooks")
                .path(
                        event.startsWith("payout.")
                                ? "payoutNotification"
                                : event.startsWith("settlement.") ? "settlementNotification" : "paymentNotification")
                .path("post");
        for (JsonNode parameter : operation.path("parameters")) {
            JsonNode p = resolve(parameter);
            String name = p.path("name").asString("");
            String value = headers.get(name.toLowerCase(Locale.ROOT));
            if (value == null) {
                if (p.path("required").asBoolean(false)) {
                    problems.add("header " + name + " is missing");
                }
                continue;
            }
            validate(p.path("schema"), textOrNumber(p.path("schema"), value), "header " + name, problems);
        }
        String contentType = headers.get("content-type");
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            problems.add("Content-Type is " + contentType + ", not application/json");
        }
        JsonNode schema = resolve(operation.path("requestBody"))
                .path("content")
                .path("application/json")
                .path("schema");
        validateJson(schema, body, "body", problems);
        return problems;
    }

    /** Problems of a JSON value against one of {@code components/schemas}. */
    public List<String> schemaProblems(String schemaName, String json) {
        List<String> problems = new ArrayList<>();
        JsonNode ref = JsonNodeFactory.instance.objectNode().put("$ref", "#/components/schemas/" + schemaName);
        validateJson(ref, json, schemaName, problems);
        return problems;
    }

    private void expectError(Api.Response response, int status, List<String> problems) {
        if (response.status() != status) {
            problems.add("an undescribed path or method must be answered " + status + ", not " + response.status());
        }
        JsonNode schema = JsonNodeFactory.instance.objectNode().put("$ref", "#/components/schemas/Error");
        checkJsonContentType(response, problems);
        validateJson(schema, response.body(), "body", problems);
    }

    private void checkHeaders(JsonNode declared, Api.Response response, String operationId, List<String> problems) {
        declared.path("headers").properties().forEach(entry -> {
            JsonNode header = resolve(entry.getValue());
            String value = response.header(entry.getKey());
            if (value == null) {
                if (header.path("required").asBoolean(false)) {
                    problems.add("header " + entry.getKey() + " is required for " + operationId + " "
                            + response.status() + " but missing");
                }
                return;
            }
            JsonNode schema = header.path("schema");
            validate(schema, textOrNumber(schema, value), "header " + entry.getKey(), problems);
        });
    }

    private void checkBody(JsonNode declared, Api.Response response, String operationId, List<String> problems) {
        JsonNode content = declared.path("content");
        if (content.isMissingNode() || content.isEmpty()) {
            if (response.body() != null && !response.body().isEmpty()) {
                problems.add(operationId + " " + response.status() + " declares no body, but one came");
            }
            return;
        }
        JsonNode media = content.path("application/json");
        if (media.isMissingNode()) {
            problems.add(operationId + " " + response.status() + " declares no application/json content");
            return;
        }
        checkJsonContentType(response, problems);
        validateJson(media.path("schema"), response.body(), "body", problems);
    }

    private static void checkJsonContentType(Api.Response response, List<String> problems) {
        String type = response.header("Content-Type");
        if (type == null || !type.toLowerCase(Locale.ROOT).split(";")[0].strip().equals("application/json")) {
            problems.add("Content-Type is " + type + ", not application/json");
        }
    }

    private void validateJson(JsonNode schema, String text, String what, List<String> problems) {
        JsonNode value;
        try {
            value = JSON.readTree(text == null ? "" : text);
        } catch (JacksonException e) {
            problems.add(what + " is not JSON");
            return;
        }
        if (value == null || value.isMissingNode()) {
            problems.add(what + " is empty");
            return;
        }
        validate(schema, value, what, problems);
    }

    private void validate(JsonNode schema, JsonNode value, String what, List<String> problems) {
        Schema compiledSchema =
                compiled.computeIfAbsent(schema.toString(), key -> registry.getSchema(absoluteRefs(schema.deepCopy())));
        List<Error> errors = compiledSchema.validate(value);
        // A failing allOf part drops its annotations, so every property then also reads as unevaluated:
        // report the root causes, and the unevaluated ones only when they are the only problem.
        List<Error> causes = errors.stream()
                .filter(e -> !"unevaluatedProperties".equals(e.getKeyword()))
                .toList();
        for (Error error : causes.isEmpty() ? errors : causes) {
            problems.add(what + ": " + error.getInstanceLocation() + " " + error.getMessage() + " ("
                    + error.getSchemaLocation() + ")");
        }
    }

    /** Inline schemas refer to the document's components; point their refs at the loaded document. */
    private static JsonNode absoluteRefs(JsonNode node) {
        if (node instanceof ObjectNode object) {
            JsonNode ref = object.get("$ref");
            if (ref != null && ref.isString() && ref.stringValue().startsWith("#")) {
                object.put("$ref", BASE + ref.stringValue());
            }
            object.properties().forEach(entry -> absoluteRefs(entry.getValue()));
        } else if (node.isArray()) {
            node.forEach(ApiContract::absoluteRefs);
        }
        return node;
    }

    /** Header values are text; a header declared as an integer is compared as a number. */
    private JsonNode textOrNumber(JsonNode schema, String value) {
        String type = resolve(schema).path("type").asString("");
        if (type.equals("integer")) {
            try {
                return JsonNodeFactory.instance.numberNode(Long.parseLong(value.strip()));
            } catch (NumberFormatException e) {
                return JsonNodeFactory.instance.stringNode(value);
            }
        }
        return JsonNodeFactory.instance.stringNode(value);
    }

    /** The exact status, else its range (4XX), else {@code default}. */
    private JsonNode declaredResponse(JsonNode responses, int status) {
        JsonNode exact = responses.get(Integer.toString(status));
        if (exact == null) {
            exact = responses.get((status / 100) + "XX");
        }
        if (exact == null) {
            exact = responses.get("default");
        }
        return exact == null ? null : resolve(exact);
    }

    /** The path item whose template matches; the service accepts paths with and without a trailing slash. */
    private JsonNode pathItem(String path) {
        String[] actual = segments(path);
        for (var entry : document.path("paths").properties()) {
            String[] template = segments(entry.getKey());
            if (template.length != actual.length) {
                continue;
            }
            boolean matches = true;
            for (int i = 0; i < template.length && matches; i++) {
                boolean variable = template[i].startsWith("{") && template[i].endsWith("}");
                matches = variable ? !actual[i].isEmpty() : template[i].equals(actual[i]);
            }
            if (matches) {
                return entry.getValue();
            }
        }
        return null;
    }

    private static String[] segments(String path) {
        String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return trimmed.split("/", -1);
    }

    private JsonNode resolve(JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; current != null && current.has("$ref") && hops < 10; hops++) {
            current = document.at(current.path("$ref").asString("").substring(1));
        }
        return current;
    }

    static String read(String resource) {
        try (InputStream in = ApiContract.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
