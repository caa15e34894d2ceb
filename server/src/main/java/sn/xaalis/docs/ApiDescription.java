package sn.xaalis.docs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The OpenAPI description of the merchant API, read once from its one source file, and the views of
 * it the service publishes: the YAML as written, the same document as JSON, and a page model for
 * the human docs (rendered on the server, so the page needs no script and no CDN), built by
 * {@link ApiPageBuilder}.
 */
@Component
class ApiDescription {

    static final String LOCATION = "api/openapi.yaml";

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
        this.page = new ApiPageBuilder(document).build();
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
            @Nullable Body requestBody,
            List<Response> responses) {}

    record Body(String description, String type, @Nullable String schemaAnchor, @Nullable String example) {}

    record Response(
            String status,
            String description,
            List<Field> headers,
            @Nullable String type,
            @Nullable String schemaAnchor) {}

    /** A parameter, header or schema property. */
    record Field(
            String name,
            @Nullable String where,
            boolean required,
            String type,
            @Nullable String schemaAnchor,
            String rules,
            List<String> description) {}

    record Schema(
            String name, String anchor, String type, String rules, List<String> description, List<Field> fields) {}

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
