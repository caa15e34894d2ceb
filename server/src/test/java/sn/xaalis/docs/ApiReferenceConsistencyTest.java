package sn.xaalis.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The merchant's reference ({@code docs/api.md}, {@code docs/webhooks.md}) and the OpenAPI description
 * the service serves say the same thing: the same operations, every status an operation can answer,
 * every field and header. Written by hand in our own words, they would otherwise drift apart.
 */
class ApiReferenceConsistencyTest {

    private static final Path DOCS = Path.of("..", "docs");
    private static final Pattern ENDPOINT_LINE =
            Pattern.compile("(?m)^`(GET|POST|PUT|PATCH|DELETE) (/(?:api|admin)/v1/\\S+)`$");
    private static final Pattern ERROR_ROW = Pattern.compile("(?m)^\\| `(\\d{3}) [^`]+` \\|");

    private final ApiDescription.Page page = new ApiDescription().page();

    @Test
    void theReferenceDocumentsExactlyTheOperationsOfTheDescription() throws IOException {
        Set<String> described = new TreeSet<>();
        page.operations().forEach(o -> described.add(o.method() + " " + o.path()));

        Set<String> documented = new TreeSet<>();
        Matcher endpoint = ENDPOINT_LINE.matcher(read("api.md"));
        while (endpoint.find()) {
            documented.add(endpoint.group(1) + " " + endpoint.group(2));
        }

        assertThat(documented).isEqualTo(described);
    }

    @Test
    void everyStatusAnOperationCanAnswerIsExplained() throws IOException {
        String api = read("api.md");
        Set<String> explained = new TreeSet<>();
        Matcher row = ERROR_ROW.matcher(section(api, "## 11. Errors"));
        while (row.find()) {
            explained.add(row.group(1));
        }
        for (ApiDescription.Operation operation : page.operations()) {
            String own = section(api, "`" + operation.method() + " " + operation.path() + "`");
            for (ApiDescription.Response response : operation.responses()) {
                String status = response.status();
                if (status.startsWith("2")) {
                    assertThat(own)
                            .as("the success status of %s %s in its section", operation.method(), operation.path())
                            .contains(status);
                } else {
                    assertThat(explained)
                            .as("%s of %s %s in the table of errors", status, operation.method(), operation.path())
                            .contains(status);
                }
            }
        }
    }

    @Test
    void everyFieldAndHeaderIsDocumented() throws IOException {
        String reference = read("api.md") + read("webhooks.md");
        Set<String> missing = new TreeSet<>();
        for (ApiDescription.Schema schema : page.schemas()) {
            for (ApiDescription.Field field : schema.fields()) {
                if (!reference.contains("`" + field.name() + "`")) {
                    missing.add(schema.name() + "." + field.name());
                }
            }
        }
        List<ApiDescription.Operation> operations = new ArrayList<>(page.operations());
        operations.addAll(page.webhooks());
        for (ApiDescription.Operation operation : operations) {
            for (ApiDescription.Field parameter : operation.parameters()) {
                if (!reference.contains("`" + parameter.name() + "`")
                        && !reference.contains("{" + parameter.name() + "}")) {
                    missing.add(operation.id() + " parameter " + parameter.name());
                }
            }
            for (ApiDescription.Response response : operation.responses()) {
                for (ApiDescription.Field header : response.headers()) {
                    if (!reference.contains("`" + header.name())) {
                        missing.add(operation.id() + " " + response.status() + " header " + header.name());
                    }
                }
            }
        }
        assertThat(missing)
                .as("described but not in docs/api.md or docs/webhooks.md")
                .isEmpty();
    }

    /** From the line holding {@code start} to the next heading. */
    private static String section(String document, String start) {
        int from = document.indexOf(start);
        assertThat(from).as("docs/api.md holds %s", start).isNotNegative();
        int next = document.indexOf("\n#", from + start.length());
        return document.substring(from, next < 0 ? document.length() : next);
    }

    private static String read(String name) throws IOException {
        return Files.readString(DOCS.resolve(name));
    }
}
