package sn.xaalis.docs;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.ResponseBody;
import sn.xaalis.pages.PageController;

/**
 * Publishes the API description without authentication: the raw document for tools, and a page for
 * people. Everything here is static for the life of the process, so it is cacheable and carries a
 * strong ETag; the page runs no script and loads nothing from elsewhere.
 */
@PageController
class ApiDocsController {

    static final MediaType YAML = new MediaType("application", "yaml", StandardCharsets.UTF_8);
    static final String CSP = "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none';"
            + " form-action 'none'; frame-ancestors 'none'";
    private static final CacheControl CACHE =
            CacheControl.maxAge(Duration.ofHours(1)).cachePublic();

    private final ApiDescription description;
    private final byte[] stylesheet;

    ApiDocsController(ApiDescription description) {
        this.description = description;
        try (InputStream in = new ClassPathResource("api/docs.css").getInputStream()) {
            this.stylesheet = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @GetMapping("/api/openapi.yaml")
    @ResponseBody
    ResponseEntity<byte[]> yaml(@RequestHeader(name = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        return cacheable(description.yaml(), description.yamlTag(), YAML, ifNoneMatch);
    }

    @GetMapping("/api/openapi.json")
    @ResponseBody
    ResponseEntity<byte[]> json(@RequestHeader(name = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        return cacheable(description.json(), description.jsonTag(), MediaType.APPLICATION_JSON, ifNoneMatch);
    }

    @GetMapping("/docs/api.css")
    @ResponseBody
    ResponseEntity<byte[]> stylesheet() {
        return ResponseEntity.ok()
                .cacheControl(CACHE)
                .header("Content-Security-Policy", CSP)
                .contentType(new MediaType("text", "css", StandardCharsets.UTF_8))
                .body(stylesheet.clone());
    }

    @GetMapping({"/docs/api", "/docs/api/"})
    String page(Model model, HttpServletResponse response) {
        response.setHeader("Content-Security-Policy", CSP);
        response.setHeader(HttpHeaders.CACHE_CONTROL, CACHE.getHeaderValue());
        model.addAttribute("api", description.page());
        return "docs/api";
    }

    private static ResponseEntity<byte[]> cacheable(byte[] body, String tag, MediaType type, String ifNoneMatch) {
        if (ifNoneMatch != null && matches(ifNoneMatch, tag)) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED)
                    .eTag(tag)
                    .cacheControl(CACHE)
                    .build();
        }
        return ResponseEntity.ok()
                .eTag(tag)
                .cacheControl(CACHE)
                .header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
                .header("Access-Control-Allow-Origin", "*")
                .contentType(type)
                .body(body);
    }

    private static boolean matches(String ifNoneMatch, String tag) {
        for (String candidate : ifNoneMatch.split(",")) {
            String value = candidate.strip();
            if (value.startsWith("W/")) {
                value = value.substring(2);
            }
            if (value.equals("*") || value.equals(tag)) {
                return true;
            }
        }
        return false;
    }
}
