package sn.xaalis.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** The description is served, is valid OpenAPI 3.1, covers exactly the API's routes, and has a docs page. */
@IntegrationTest
class ApiDescriptionIT extends ApiIntegrationTest {

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @Test
    void theServedDocumentIsValidOpenApi31() {
        Api.Response response = api.send("GET", "/api/openapi.yaml", Map.of(), null);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/yaml");

        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(response.body(), null, options);
        assertThat(result.getMessages()).isEmpty();
        OpenAPI openApi = result.getOpenAPI();
        assertThat(openApi.getOpenapi()).isEqualTo("3.1.0");
        assertThat(openApi.getSpecVersion()).isEqualTo(SpecVersion.V31);
        assertThat(openApi.getWebhooks()).containsKey("paymentNotification");
        assertThat(openApi.getComponents().getSecuritySchemes()).containsKeys("apiKey", "apiSecret");
    }

    @Test
    void theParserReportsAnInvalidDocument() {
        // The check above can fail: a document with a broken reference and no paths is reported.
        String broken = "openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths:\n  /x:\n    get:\n"
                + "      responses:\n        '200': {$ref: '#/components/responses/Missing'}\n";
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        assertThat(new OpenAPIV3Parser().readContents(broken, null, options).getMessages())
                .isNotEmpty();
    }

    @Test
    void jsonAndYamlAreTheSameDocumentAsTheSourceFile() throws Exception {
        Api.Response yaml = api.send("GET", "/api/openapi.yaml", Map.of(), null);
        Api.Response json = api.send("GET", "/api/openapi.json", Map.of(), null);
        assertThat(json.status()).isEqualTo(200);
        assertThat(json.header("Content-Type")).startsWith("application/json");
        try (var source = getClass().getClassLoader().getResourceAsStream("api/openapi.yaml")) {
            assertThat(yaml.body())
                    .isEqualTo(new String(source.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        }
        assertThat(json.json()).isEqualTo(YAMLMapper.builder().build().readTree(yaml.body()));
    }

    @Test
    void theDocumentIsPublicAndCacheable() {
        Api.Response first = api.send("GET", "/api/openapi.yaml", Map.of(), null);
        assertThat(first.header("Cache-Control")).contains("public").contains("max-age=3600");
        String tag = first.header("ETag");
        assertThat(tag).matches("\"[0-9a-f]{32}\"");

        Api.Response again = api.send("GET", "/api/openapi.yaml", Map.of("If-None-Match", tag), null);
        assertThat(again.status()).isEqualTo(304);
        assertThat(again.body()).isEmpty();

        Api.Response changed = api.send("GET", "/api/openapi.yaml", Map.of("If-None-Match", "\"other\""), null);
        assertThat(changed.status()).isEqualTo(200);
    }

    @Test
    void everyRouteOfTheMerchantApiAndOfTheOperatorsDescribedPathsIsDescribedAndNothingElse() {
        Set<String> routes = new TreeSet<>();
        // The operator API's paths the description covers: connections, adjustments, reconciliations.
        mappings.getHandlerMethods().keySet().forEach(info -> info.getPatternValues().stream()
                .filter(pattern -> pattern.startsWith("/api/v1/")
                        || pattern.contains("/connections/")
                        || pattern.matches("/admin/v1/applications/[^/]+/adjustments/?")
                        || pattern.startsWith("/admin/v1/ledger/reconciliations"))
                .forEach(pattern -> info.getMethodsCondition()
                        .getMethods()
                        .forEach(method -> routes.add(method + " " + withoutTrailingSlash(pattern)))));

        Set<String> described = new TreeSet<>();
        var document = YAMLMapper.builder()
                .build()
                .readTree(api.send("GET", "/api/openapi.yaml", Map.of(), null).body());
        document.path("paths")
                .properties()
                .forEach(path -> path.getValue().properties().forEach(entry -> {
                    if (!entry.getKey().equals("parameters")) {
                        described.add(entry.getKey().toUpperCase(java.util.Locale.ROOT) + " "
                                + withoutTrailingSlash(path.getKey()));
                    }
                }));
        assertThat(routes).isNotEmpty().isEqualTo(described);
    }

    @Test
    void theDocsPageIsPublicStaticAndLocked() {
        Api.Response page = api.send("GET", "/docs/api", Map.of(), null);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.header("Content-Security-Policy"))
                .isEqualTo("default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none';"
                        + " form-action 'none'; frame-ancestors 'none'");
        assertThat(page.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(page.body())
                .doesNotContainIgnoringCase("<script")
                .doesNotContain("src=\"http", "href=\"http", "//cdn")
                .contains("Initiate a payment")
                .contains("Read the status of a payment", "List payments", "Cancel a payment", "Refund a payment")
                .contains("X-SVC-Signature", "Idempotency-Key", "X-Api-Secret")
                .contains("id=\"schema-InitiatedPayment\"", "href=\"#schema-Error\"");
        // A path is drawn segment by segment, breakable only before a "/" (<wbr>): read as text, it is whole.
        assertThat(page.body().replaceAll("<[^>]+>", ""))
                .contains("/api/v1/{endpoint_key}/payments/initiate/")
                .contains("/api/v1/{endpoint_key}/sandbox/payments/{reference}/simulate");

        Api.Response css = api.send("GET", "/docs/api.css", Map.of(), null);
        assertThat(css.status()).isEqualTo(200);
        assertThat(css.header("Content-Type")).startsWith("text/css");
    }

    private static String withoutTrailingSlash(String path) {
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }
}
