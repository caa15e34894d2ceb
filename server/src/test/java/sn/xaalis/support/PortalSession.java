package sn.xaalis.support;

import java.io.IOException;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** A browser-like HTTP session for the portal: cookies kept, redirects not followed, CSRF tokens read from forms. */
public final class PortalSession {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"\\s+value=\"([^\"]+)\"");

    private final String base;
    private final CookieManager cookies;
    private final HttpClient http;
    private volatile String forwardedFor;

    public PortalSession(int port) {
        this.base = "http://localhost:" + port;
        this.cookies = new CookieManager();
        this.http = HttpClient.newBuilder()
                .cookieHandler(cookies)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    private PortalSession(String base, CookieManager cookies, HttpClient http) {
        this.base = base;
        this.cookies = cookies;
        this.http = http;
    }

    /** From now on, every request says it was forwarded for this client address (X-Forwarded-For). */
    public PortalSession forwardedFor(String address) {
        this.forwardedFor = address;
        return this;
    }

    /** The same browser (same cookies) talking to another node, as a round-robin balancer would send it. */
    public PortalSession on(int otherPort) {
        return new PortalSession("http://localhost:" + otherPort, cookies, http);
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    /** A GET as a browser sends it (it accepts HTML), for the pages people get when something fails. */
    public HttpResponse<String> getPage(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")
                .GET());
    }

    /** A GET carrying a cookie of the caller's choosing besides this browser's own (a replayed id). */
    public HttpResponse<String> getWithCookie(String path, String name, String value) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Cookie", name + "=" + value)
                .GET());
    }

    /** Posts a form; {@code csrf} null sends none. */
    public HttpResponse<String> post(String path, Map<String, String> form, String csrf) {
        Map<String, String> fields = new java.util.LinkedHashMap<>(form);
        if (csrf != null) {
            fields.put("_csrf", csrf);
        }
        String body = fields.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** The CSRF token of the first form on the page. */
    public String csrfFrom(String path) {
        Matcher matcher = CSRF.matcher(get(path).body());
        if (!matcher.find()) {
            throw new AssertionError("No CSRF token on " + path);
        }
        return matcher.group(1);
    }

    public HttpResponse<String> signIn(String email, String password) {
        return signIn(email, password, "");
    }

    public HttpResponse<String> signIn(String email, String password, String code) {
        String token = csrfFrom("/portal/login");
        return post("/portal/login", Map.of("email", email, "password", password, "code", code), token);
    }

    public String sessionId() {
        return cookies.getCookieStore().getCookies().stream()
                .filter(c -> c.getName().equals("SESSION"))
                .map(HttpCookie::getValue)
                .findFirst()
                .orElse(null);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        if (forwardedFor != null) {
            request.setHeader("X-Forwarded-For", forwardedFor);
        }
        try {
            // English, the language the portal tests read; the French default has tests of its own.
            return http.send(
                    request.timeout(Duration.ofSeconds(30))
                            .setHeader("Accept-Language", "en")
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
