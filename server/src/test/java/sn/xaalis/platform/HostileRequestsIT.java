package sn.xaalis.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static sn.xaalis.support.ApiAssertions.assertErrorBody;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpStatus;
import org.springframework.web.util.HtmlUtils;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PortalSession;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Hostile requests on every endpoint family (issue 8): huge headers, deep JSON, duplicate keys, invalid
 * UTF-8, extreme numbers, 1 MB strings, SQL and template injection strings. Nothing may answer 5xx; the
 * API answers errors with the SPEC §7 body; injection strings are stored and shown verbatim, never
 * evaluated, and escaped in HTML. One booted context serves the whole table.
 */
@IntegrationTest
class HostileRequestsIT extends ApiIntegrationTest {

    static final List<String> INJECTIONS = List.of(
            "' OR 1=1 --",
            "'; DROP TABLE payments; --",
            "${7*7}",
            "{{7*7}}",
            "[[${7*7}]]",
            "__${7*7}__::.x",
            "#{7*7}",
            "*{7*7}",
            "<script>alert(1)</script>",
            "\"><img src=x onerror=alert(1)>");

    static final String HUGE = "a".repeat(64 * 1024);
    static final String ONE_MB = "b".repeat(1024 * 1024);
    static final String DEEP_ARRAY = "[".repeat(10_000) + "]".repeat(10_000);
    static final String DEEP_OBJECT = "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000);

    /** What every case may use: a merchant, one of its payments, and ids for the admin API. */
    record Fixture(Api api, Api.Merchant merchant, String reference) {
        String ek() {
            return merchant.endpointKey();
        }
    }

    /** How an answer is judged: API answers carry the §7 body on errors; pages just must not fail. */
    enum Kind {
        API,
        PAGE
    }

    record Case(Kind kind, Function<Fixture, Api.Response> request) {}

    private static Fixture fixture;
    private static int fixturePort;

    @BeforeEach
    void fixture() {
        if (fixture == null || fixturePort != port) {
            Api.Merchant merchant = api.onboardBoth();
            fixture = new Fixture(api, merchant, api.newPayment(merchant));
            fixturePort = port;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void neverFailsAndAnswersWithTheErrorBody(Case hostile) {
        Api.Response response = hostile.request().apply(fixture);
        assertThat(response.status())
                .as("status; body %s", abbreviate(response.body()))
                .isLessThan(500);
        if (hostile.kind() == Kind.API && response.status() >= 400) {
            HttpStatus status = HttpStatus.valueOf(response.status());
            assertErrorBody(response.json(), status.value(), status.getReasonPhrase());
        }
        if (hostile.kind() == Kind.PAGE) {
            assertThat(response.body()).doesNotContain("<script>alert(1)", "<img src=x");
        }
    }

    // ----- the table --------------------------------------------------------------------------------

    /** JSON endpoints: a path template ({ek}, {ref}, {mid}, {aid}), a method and the text fields it reads. */
    record JsonEndpoint(String name, String method, String path, Map<String, String> valid) {}

    static final List<JsonEndpoint> JSON_ENDPOINTS = List.of(
            new JsonEndpoint(
                    "initiate",
                    "POST",
                    "/api/v1/{ek}/payments/initiate/",
                    fields(
                            "provider", "WALLET_SN",
                            "amount", "1500",
                            "description", "d",
                            "customer_name", "n",
                            "customer_phone", "+221770000000",
                            "currency", "XOF",
                            "success_url", "https://shop.example/ok",
                            "error_url", "https://shop.example/ko")),
            new JsonEndpoint(
                    "simulate",
                    "POST",
                    "/api/v1/{ek}/sandbox/payments/{ref}/simulate",
                    fields("outcome", "FAILED", "error_message", "e")),
            new JsonEndpoint(
                    "admin create merchant",
                    "POST",
                    "/admin/v1/merchants",
                    fields("name", "Shop", "email", "{email}", "password", "correct horse battery")),
            new JsonEndpoint(
                    "admin create application",
                    "POST",
                    "/admin/v1/merchants/{mid}/applications",
                    fields("name", "App", "webhook_url", "https://shop.example/hook")),
            new JsonEndpoint(
                    "admin update application",
                    "PATCH",
                    "/admin/v1/applications/{aid}",
                    fields("name", "App", "webhook_url", "https://shop.example/hook")),
            new JsonEndpoint(
                    "wallet callback",
                    "POST",
                    "/providers/wallet/events",
                    fields("type", "checkout.session.completed")),
            new JsonEndpoint(
                    "mobile money callback",
                    "POST",
                    "/providers/mobilemoney/notifications",
                    fields("status", "SUCCESS")));

    static Stream<Named<Case>> cases() {
        List<Named<Case>> cases = new ArrayList<>();
        for (JsonEndpoint e : JSON_ENDPOINTS) {
            cases.add(json(e, "deep array", DEEP_ARRAY));
            cases.add(json(e, "deep object", DEEP_OBJECT));
            cases.add(json(
                    e, "deep metadata", "{\"metadata\":" + "{\"a\":".repeat(5_000) + "1" + "}".repeat(5_000) + "}"));
            cases.add(
                    json(e, "1 MB string", "{\"" + e.valid().keySet().iterator().next() + "\":\"" + ONE_MB + "\"}"));
            cases.add(json(e, "1 MB of whitespace", " ".repeat(1024 * 1024) + "{}"));
            cases.add(json(e, "number 1e309 everywhere", everyField(e, "1e309")));
            cases.add(json(e, "number 1e-400 everywhere", everyField(e, "1e-400")));
            cases.add(json(e, "number -0 everywhere", everyField(e, "-0")));
            cases.add(json(e, "number 0.001 everywhere", everyField(e, "0.001")));
            cases.add(json(e, "huge exponent everywhere", everyField(e, "1E999999999")));
            // Every JSON body refuses a repeated key (the initiation reader and JsonBodies.parseObject); the
            // provider callbacks authenticate the raw bytes first, so strangers get 401 whatever the body.
            cases.add(expecting(
                    e.path().startsWith("/providers/") ? 401 : 400, json(e, "duplicate keys", duplicated(e))));
            cases.add(bytes(e, "invalid UTF-8 in a string", invalidUtf8(e)));
            cases.add(bytes(
                    e, "lone continuation bytes", new byte[] {'{', '"', (byte) 0x80, (byte) 0xBF, '"', ':', '1', '}'}));
            cases.add(json(e, "not an object", "[1,2,3]"));
            cases.add(json(e, "truncated", "{\"a\":"));
            cases.add(json(e, "NUL characters", "{\"" + first(e) + "\":\"\\u0000\u0000\"}"));
            cases.add(json(e, "lone surrogate", "{\"" + first(e) + "\":\"\\ud800\"}"));
            cases.add(hugeHeader(Kind.API, e.name(), e.method(), e.path()));
            for (String injection : INJECTIONS) {
                cases.add(json(e, "injection " + injection, everyTextField(e, injection)));
            }
        }
        // Merchant API without a body, with hostile paths and query strings.
        for (String injection : INJECTIONS) {
            String q = encode(injection);
            cases.add(api("status of reference " + injection, "GET", "/api/v1/{ek}/payments/" + q + "/status/"));
            cases.add(api("cancel reference " + injection, "POST", "/api/v1/{ek}/payments/" + q + "/cancel/"));
            cases.add(api("refund reference " + injection, "POST", "/api/v1/{ek}/payments/" + q + "/refund/"));
            cases.add(api(
                    "list filtered by " + injection,
                    "GET",
                    "/api/v1/{ek}/payments/?status=" + q + "&provider=" + q + "&environment=" + q + "&created_from=" + q
                            + "&created_to=" + q + "&cursor=" + q + "&limit=" + q));
            cases.add(api("endpoint key " + injection, "GET", "/api/v1/" + q + "/payments/"));
            cases.add(api("admin application " + injection, "GET", "/admin/v1/applications/" + q));
            cases.add(page("return page of " + injection, "/return/" + q));
            cases.add(page("sandbox checkout of " + injection, "/sandbox/checkout/" + q));
            cases.add(page("sandbox checkout app " + injection, "/sandbox/checkout/{ref}?app=" + q));
        }
        for (String number : List.of("1e309", "-0", "0.001", "1e-400", "99999999999999999999", "-1")) {
            cases.add(api("list limit " + number, "GET", "/api/v1/{ek}/payments/?limit=" + number));
            cases.add(api(
                    "notifications limit " + number,
                    "GET",
                    "/admin/v1/applications/{aid}/notifications?limit=" + number));
        }
        for (String url :
                List.of("http://0x6b00006b0000001/hook", "http://[::1%25lo]/", "http://\u0661\u0662\u0667.0.0.1/")) {
            cases.add(expecting(
                    400,
                    adminJson(
                            "create application with webhook_url " + url,
                            "POST",
                            "/admin/v1/merchants/{mid}/applications",
                            "{\"name\":\"App\",\"webhook_url\":" + JsonNodeFactory.instance.stringNode(url) + "}")));
            cases.add(expecting(
                    400,
                    adminJson(
                            "update application with webhook_url " + url,
                            "PATCH",
                            "/admin/v1/applications/{aid}",
                            "{\"webhook_url\":" + JsonNodeFactory.instance.stringNode(url) + "}")));
        }
        cases.add(api("invalid UTF-8 in the query", "GET", "/api/v1/{ek}/payments/?status=%C3%28%FF&cursor=%ED%A0%80"));
        cases.add(api("invalid UTF-8 in the path", "GET", "/api/v1/{ek}/payments/%C3%28%FF/status/"));
        cases.add(page("return page with invalid UTF-8", "/return/%C3%28%FF"));
        cases.add(page("sandbox checkout with invalid UTF-8", "/sandbox/checkout/{ref}?app=%C3%28%FF"));
        cases.add(form("portal login with invalid UTF-8", "/portal/login", Map.of("email", "\uFFFD")));
        cases.add(named("portal login with raw invalid UTF-8 bytes", new Case(Kind.PAGE, f -> f.api()
                .sendBytes(
                        "POST",
                        "/portal/login",
                        Map.of("Content-Type", "application/x-www-form-urlencoded; charset=UTF-8"),
                        new byte[] {'e', 'm', 'a', 'i', 'l', '=', (byte) 0xC3, (byte) 0x28, (byte) 0xFF}))));
        cases.add(api("list with a 1 MB cursor", "GET", "/api/v1/{ek}/payments/?cursor=" + ONE_MB));
        cases.add(api(
                "idempotency key of 64 KB",
                "POST",
                "/api/v1/{ek}/payments/{ref}/cancel/",
                Map.of("Idempotency-Key", HUGE.substring(0, 7000))));
        cases.add(api(
                "idempotency key injection",
                "POST",
                "/api/v1/{ek}/payments/{ref}/cancel/",
                Map.of("Idempotency-Key", "' OR 1=1 --")));
        cases.add(hugeHeader(Kind.API, "status", "GET", "/api/v1/{ek}/payments/{ref}/status/"));
        cases.add(hugeHeader(Kind.API, "list", "GET", "/api/v1/{ek}/payments/"));
        cases.add(hugeHeader(Kind.API, "cancel", "POST", "/api/v1/{ek}/payments/{ref}/cancel/"));
        cases.add(hugeHeader(Kind.API, "refund", "POST", "/api/v1/{ek}/payments/{ref}/refund/"));
        cases.add(hugeHeader(Kind.PAGE, "portal login", "GET", "/portal/login"));
        cases.add(hugeHeader(Kind.PAGE, "sandbox checkout", "GET", "/sandbox/checkout/{ref}"));
        cases.add(hugeHeader(Kind.PAGE, "return page", "GET", "/return/{ref}"));
        cases.add(named("huge cookie on the portal", new Case(Kind.PAGE, f -> f.api()
                .send("GET", "/portal/login", Map.of("Cookie", "SESSION=" + HUGE), null))));
        // Portal and sandbox checkout forms.
        for (String value : concat(INJECTIONS, List.of(ONE_MB.substring(0, 200_000), "\u0000", "\ud800"))) {
            String label = value.length() > 40 ? value.length() + " characters" : value;
            cases.add(form("portal login with " + label, "/portal/login", Map.of("email", value, "password", value)));
            cases.add(form(
                    "portal signup with " + label,
                    "/portal/signup",
                    Map.of("name", value, "email", value + "@example.com", "password", value)));
            cases.add(form(
                    "sandbox decline with reason " + label,
                    "/sandbox/checkout/{ref}/decline",
                    Map.of("reason", value)));
        }
        return cases.stream();
    }

    // ----- stored and shown verbatim ----------------------------------------------------------------

    @Test
    void injectionStringsAreStoredVerbatimAndEscapedInThePortal() {
        String email = "hostile" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        PortalSession browser = new PortalSession(port);
        browser.signIn(email, Api.PASSWORD);
        for (String injection : INJECTIONS) {
            var text = JsonNodeFactory.instance.stringNode(injection).toString();
            String metadata = "{" + text + ":" + text + ",\"list\":[" + text + "]}";
            Api.Response created = api.initiate(
                    merchant,
                    "{\"provider\":\"WALLET_SN\",\"amount\":\"100\",\"description\":" + text + ",\"customer_name\":"
                            + text + ",\"metadata\":" + metadata + "}");
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            assertThat(created.body()).contains("\"metadata\":" + metadata);
            String reference = created.json().get("reference").stringValue();

            Api.Response failed = api.post(
                    merchant,
                    "/sandbox/payments/" + reference + "/simulate",
                    "{\"outcome\":\"FAILED\",\"error_message\":" + text + "}",
                    Map.of());
            assertThat(failed.status()).as(failed.body()).isEqualTo(200);
            JsonNode status = api.status(merchant, reference).json();
            assertThat(status.get("error_message").stringValue()).isEqualTo(injection);
            assertThat(api.status(merchant, reference).body()).contains("\"metadata\":" + metadata);

            HttpResponse<String> page = browser.get("/portal/transactions/" + reference);
            assertThat(page.statusCode()).isEqualTo(200);
            String html = page.body();
            assertThat(html)
                    .contains(
                            "<dd translate=\"no\">" + HtmlUtils.htmlEscape(injection) + "</dd>", // description
                            HtmlUtils.htmlEscape(injection) + " ", // customer name
                            HtmlUtils.htmlEscape(metadata));
            // No 7*7 evaluated anywhere; the page's own random reference (SVC-…49) is not one.
            assertThat(html.replace(reference, "SVC-REFERENCE"))
                    .doesNotContain("<script>alert(1)", "<img src=x", ">49<", "> 49", "49 ");
        }
    }

    @Test
    void adminAndPortalNamesAreStoredVerbatimAndEscaped() {
        String merchantName = "' OR 1=1 -- <script>alert(1)</script> ${7*7} {{7*7}}";
        String email = "n" + System.nanoTime() + "@example.com";
        Api.Response merchant = api.admin(
                "POST",
                "/merchants",
                "{\"name\":" + JsonNodeFactory.instance.stringNode(merchantName) + ",\"email\":\"" + email
                        + "\",\"password\":\"" + Api.PASSWORD + "\"}");
        assertThat(merchant.status()).as(merchant.body()).isEqualTo(201);
        assertThat(merchant.json().get("name").stringValue()).isEqualTo(merchantName);
        String merchantId = merchant.json().get("id").stringValue();
        PortalSession browser = new PortalSession(port);
        browser.signIn(email, Api.PASSWORD);
        for (String injection : INJECTIONS) {
            String text = JsonNodeFactory.instance.stringNode(injection).toString();
            Api.Response app = api.admin(
                    "POST",
                    "/merchants/" + merchantId + "/applications",
                    "{\"name\":" + text + ",\"providers\":[\"WALLET_SN\"]}");
            assertThat(app.status()).as(app.body()).isEqualTo(201);
            String applicationId = app.json().get("id").stringValue();
            assertThat(api.admin("GET", "/applications/" + applicationId, null)
                            .json()
                            .get("name")
                            .stringValue())
                    .isEqualTo(injection);
            assertThat(browser.get("/portal/applications/" + applicationId).body())
                    .contains("<h1 translate=\"no\">" + HtmlUtils.htmlEscape(injection) + "</h1>")
                    .doesNotContain("<script>alert(1)", "<img src=x", ">49<");
        }
        String applications = browser.get("/portal/applications").body();
        for (String injection : INJECTIONS) {
            assertThat(applications).contains(">" + HtmlUtils.htmlEscape(injection) + "</a>");
        }
        assertThat(applications).doesNotContain("<script>alert(1)", "<img src=x", ">49<");
    }

    // ----- building cases ---------------------------------------------------------------------------

    private static Map<String, String> fields(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }

    private static String first(JsonEndpoint e) {
        return e.valid().keySet().iterator().next();
    }

    /** The endpoint's valid body with every field replaced by a raw JSON value. */
    private static String everyField(JsonEndpoint e, String rawValue) {
        StringBuilder json = new StringBuilder("{");
        for (String name : e.valid().keySet()) {
            json.append(json.length() > 1 ? "," : "")
                    .append('"')
                    .append(name)
                    .append("\":")
                    .append(rawValue);
        }
        return json.append(",\"metadata\":{\"n\":")
                .append(rawValue)
                .append("}}")
                .toString();
    }

    /** The endpoint's valid body with every text field set to the injection string. */
    private static String everyTextField(JsonEndpoint e, String value) {
        String text = JsonNodeFactory.instance.stringNode(value).toString();
        StringBuilder json = new StringBuilder("{");
        for (var field : e.valid().entrySet()) {
            boolean keep = field.getKey().equals("provider")
                    || field.getKey().equals("amount")
                    || field.getKey().equals("outcome");
            String v = keep ? "\"" + field.getValue() + "\"" : text;
            json.append(json.length() > 1 ? "," : "")
                    .append('"')
                    .append(field.getKey())
                    .append("\":")
                    .append(v);
        }
        return json.append(",\"metadata\":{")
                .append(text)
                .append(':')
                .append(text)
                .append("}}")
                .toString();
    }

    private static String duplicated(JsonEndpoint e) {
        StringBuilder json = new StringBuilder("{");
        for (var field : e.valid().entrySet()) {
            String v = "\"" + field.getValue() + "\"";
            json.append(json.length() > 1 ? "," : "")
                    .append('"')
                    .append(field.getKey())
                    .append("\":")
                    .append(v)
                    .append(",\"")
                    .append(field.getKey())
                    .append("\":")
                    .append(v);
        }
        return json.append('}').toString();
    }

    private static byte[] invalidUtf8(JsonEndpoint e) {
        byte[] start = ("{\"" + first(e) + "\":\"").getBytes(StandardCharsets.UTF_8);
        byte[] bad = {(byte) 0xC3, (byte) 0x28, (byte) 0xFF, (byte) 0xED, (byte) 0xA0, (byte) 0x80};
        byte[] end = "\"}".getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[start.length + bad.length + end.length];
        System.arraycopy(start, 0, all, 0, start.length);
        System.arraycopy(bad, 0, all, start.length, bad.length);
        System.arraycopy(end, 0, all, start.length + bad.length, end.length);
        return all;
    }

    private static Named<Case> json(JsonEndpoint e, String what, String body) {
        return bytes(e, what, body.getBytes(StandardCharsets.UTF_8));
    }

    private static Named<Case> bytes(JsonEndpoint e, String what, byte[] body) {
        return named(e.name() + ": " + what, new Case(Kind.API, f -> {
            Map<String, String> headers = new LinkedHashMap<>(headersFor(f, e.path()));
            headers.put("Content-Type", "application/json");
            return f.api().sendBytes(e.method(), path(f, e.path()), headers, body);
        }));
    }

    private static Named<Case> adminJson(String what, String method, String path, String body) {
        return named("admin " + what, new Case(Kind.API, f -> {
            Map<String, String> headers = new LinkedHashMap<>(headersFor(f, path));
            headers.put("Content-Type", "application/json");
            return f.api().send(method, path(f, path), headers, body);
        }));
    }

    private static Named<Case> api(String what, String method, String path) {
        return api(what, method, path, Map.of());
    }

    private static Named<Case> api(String what, String method, String path, Map<String, String> extra) {
        return named("API " + what, new Case(Kind.API, f -> {
            Map<String, String> headers = new LinkedHashMap<>(headersFor(f, path));
            headers.putAll(extra);
            return f.api().send(method, path(f, path), headers, null);
        }));
    }

    private static Named<Case> page(String what, String path) {
        return named(what, new Case(Kind.PAGE, f -> f.api().send("GET", path(f, path), Map.of(), null)));
    }

    private static Named<Case> form(String what, String path, Map<String, String> form) {
        return named(what, new Case(Kind.PAGE, f -> {
            StringBuilder body = new StringBuilder();
            form.forEach((k, v) -> body.append(body.isEmpty() ? "" : "&")
                    .append(encode(k))
                    .append('=')
                    .append(encode(v)));
            return f.api()
                    .send(
                            "POST",
                            path(f, path),
                            Map.of("Content-Type", "application/x-www-form-urlencoded"),
                            body.toString());
        }));
    }

    private static Named<Case> hugeHeader(Kind kind, String what, String method, String path) {
        return named(what + ": 64 KB header", new Case(kind, f -> {
            Map<String, String> headers = new LinkedHashMap<>(headersFor(f, path));
            headers.put("X-Hostile", HUGE);
            Api.Response response = f.api().send(method, path(f, path), headers, null);
            assertThat(response.status()).isIn(400, 431);
            return response;
        }));
    }

    private static Named<Case> expecting(int status, Named<Case> named) {
        Case c = named.getPayload();
        return named(named.getName(), new Case(c.kind(), f -> {
            Api.Response response = c.request().apply(f);
            assertThat(response.status()).as(response.body()).isEqualTo(status);
            return response;
        }));
    }

    private static Map<String, String> headersFor(Fixture f, String path) {
        if (path.startsWith("/admin/")) {
            return Map.of("Authorization", "Bearer " + Api.ADMIN_TOKEN);
        }
        return path.startsWith("/api/") ? f.merchant().headers() : Map.of();
    }

    private static String path(Fixture f, String template) {
        return template.replace("{ek}", f.ek())
                .replace("{ref}", f.reference())
                .replace("{mid}", f.merchant().merchantId())
                .replace("{aid}", f.merchant().applicationId())
                .replace("{email}", "x" + System.nanoTime() + "@example.com");
    }

    private static Named<Case> named(String name, Case c) {
        return Named.of(name.length() > 120 ? name.substring(0, 120) + "…" : name, c);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static String abbreviate(String body) {
        return body.length() > 300 ? body.substring(0, 300) + "…" : body;
    }
}
