package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.ServletRequestPathUtils;
import org.springframework.web.util.pattern.PathPattern;
import sn.xaalis.support.IntegrationTest;

/**
 * The prefiltered handler lookup finds exactly what Spring's own search finds (every mapping's
 * conditions tested, the best match chosen by its comparator), for every path of every mapping of the
 * service and for variants of them: other case, percent-encoded, a character more or less, other
 * methods, other Accept headers.
 */
@IntegrationTest
class HandlerLookupIT {

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mapping;

    @Test
    void theServiceUsesThePrefilteredLookup() {
        assertThat(mapping).isInstanceOf(HandlerLookup.PrefilteredMapping.class);
    }

    @Test
    void everyPathFindsWhatSpringsOwnSearchFinds() throws Exception {
        Random random = new Random(19);
        List<String> paths = new ArrayList<>();
        for (RequestMappingInfo info : mapping.getHandlerMethods().keySet()) {
            for (PathPattern pattern : info.getPathPatternsCondition().getPatterns()) {
                String path = sample(pattern.getPatternString(), "x" + random.nextInt(1000));
                paths.add(path);
                paths.add(path.toUpperCase());
                paths.add(path + "/");
                paths.add(path + "x");
                paths.add(path.length() > 1 ? path.substring(0, path.length() - 1) : path);
                paths.add(encodeFirstLetter(path));
                paths.add(path.replace("/", "//"));
            }
        }
        paths.addAll(
                List.of("/", "/nope", "/api/v1/", "/api/v1/k/payments/r/status;x=1", "/api/v1/k/payments//status"));
        int compared = 0;
        for (String path : paths) {
            for (String method : List.of("GET", "POST", "PATCH", "DELETE", "OPTIONS")) {
                for (String accept : new String[] {null, "application/json", "text/html", "image/png"}) {
                    assertThat(found(request(method, path, accept)))
                            .as("%s %s (Accept %s)", method, path, accept)
                            .isEqualTo(expected(request(method, path, accept)));
                    compared++;
                }
            }
        }
        assertThat(compared).isGreaterThan(1000);
    }

    @Test
    void literalsAreTheTextAroundVariablesAndWildcards() {
        var status = HandlerLookup.Literals.of("/api/v1/{endpoint_key}/payments/{reference}/status");
        assertThat(status).isEqualTo(new HandlerLookup.Literals("/api/v1/", "/status"));
        assertThat(status.mayFit("/api/v1/abc/payments/SVC-1/status")).isTrue();
        assertThat(status.mayFit("/API/V1/abc/payments/SVC-1/STATUS")).isTrue();
        assertThat(status.mayFit("/api/v1/abc/payments/SVC-1/status/")).isFalse();
        assertThat(status.mayFit("/portal/transactions")).isFalse();
        // Shorter than both texts together: the pattern needs its variables' segments in between.
        assertThat(status.mayFit("/api/v1/status")).isFalse();
        assertThat(HandlerLookup.Literals.of("/ping")).isEqualTo(new HandlerLookup.Literals("/ping", ""));
        assertThat(HandlerLookup.Literals.of("/pay/{*rest}")).isEqualTo(new HandlerLookup.Literals("/pay/", ""));
        assertThat(HandlerLookup.Literals.of("/a/{id:\\d{3}}.json"))
                .isEqualTo(new HandlerLookup.Literals("/a/", ".json"));
        assertThat(HandlerLookup.Literals.of("/a/**/b")).isEqualTo(new HandlerLookup.Literals("/a/", "/b"));
        assertThat(HandlerLookup.Literals.of("/a/b?c")).isEqualTo(new HandlerLookup.Literals("/a/b", "c"));
    }

    private static MockHttpServletRequest request(String method, String path, String accept) {
        MockHttpServletRequest request = new MockHttpServletRequest(method, path);
        if (accept != null) {
            request.addHeader("Accept", accept);
        }
        ServletRequestPathUtils.parseAndCache(request);
        return request;
    }

    private Object found(MockHttpServletRequest request) {
        try {
            HandlerExecutionChain chain = mapping.getHandler(request);
            return chain == null ? "none" : describe(chain.getHandler());
        } catch (Exception e) {
            return e.getClass().getSimpleName();
        }
    }

    /** Spring's own search: every mapping tested, the best by the mapping comparator, or no match. */
    private Object expected(MockHttpServletRequest request) {
        List<Map.Entry<RequestMappingInfo, HandlerMethod>> matches = new ArrayList<>();
        for (var entry : mapping.getHandlerMethods().entrySet()) {
            RequestMappingInfo match = entry.getKey().getMatchingCondition(request);
            if (match != null) {
                matches.add(Map.entry(match, entry.getValue()));
            }
        }
        if (matches.isEmpty()) {
            // No mapping matches: Spring's answer (405, 406, 415, an OPTIONS reply or none) comes from its
            // own test of every mapping, which the prefilter takes no part in (it only passes mappings over).
            return found(request);
        }
        matches.sort(Comparator.comparing(Map.Entry::getKey, (a, b) -> a.compareTo(b, request)));
        return describe(matches.getFirst().getValue());
    }

    private static String describe(Object handler) {
        return handler instanceof HandlerMethod method ? method.getShortLogMessage() : String.valueOf(handler);
    }

    private static String sample(String pattern, String value) {
        return pattern.replaceAll("\\{\\*[^}]*}", value + "/" + value)
                .replaceAll("\\{[^}]*}", value)
                .replace("**", value)
                .replace("*", value)
                .replace("?", "q");
    }

    private static String encodeFirstLetter(String path) {
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (Character.isLetter(c)) {
                return path.substring(0, i) + "%" + Integer.toHexString(c).toUpperCase() + path.substring(i + 1);
            }
        }
        return path;
    }
}
