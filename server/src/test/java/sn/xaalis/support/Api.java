package sn.xaalis.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A real HTTP client for the running server, with the calls tests make again and again. */
public final class Api {

    public static final String ADMIN_TOKEN = "test-admin-token-0123456789";
    public static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1)
            .build();

    private final String base;
    private final boolean checked;

    public Api(int port) {
        this("http://127.0.0.1:" + port, true);
    }

    private Api(String base, boolean checked) {
        this.base = base;
        this.checked = checked;
    }

    /**
     * The same client without the OpenAPI check, for tests that break HTTP itself on purpose (an
     * answer from the servlet container to a malformed request is not an answer of the API).
     */
    public Api unchecked() {
        return new Api(base, false);
    }

    public String base() {
        return base;
    }

    /** A response with its raw body kept, for byte-level assertions. */
    public record Response(int status, Map<String, String> headers, String body) {
        public JsonNode json() {
            return JSON.readTree(body);
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(java.util.Locale.ROOT));
        }
    }

    /** A sandbox-ready application: where to call and with which keys. */
    public record Merchant(
            String merchantId, String applicationId, String endpointKey, String apiKey, String apiSecret) {
        public Merchant withKeys(String key, String secret) {
            return new Merchant(merchantId, applicationId, endpointKey, key, secret);
        }

        public Map<String, String> headers() {
            return Map.of("X-Api-Key", apiKey, "X-Api-Secret", apiSecret);
        }
    }

    public Response send(String method, String path, Map<String, String> headers, String body) {
        return sendBytes(method, path, headers, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
    }

    public Response sendBytes(String method, String path, Map<String, String> headers, byte[] body) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        headers.forEach(request::header);
        request.method(
                method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            Map<String, String> flat = new LinkedHashMap<>();
            response.headers()
                    .map()
                    .forEach((name, values) ->
                            flat.put(name.toLowerCase(java.util.Locale.ROOT), String.join(",", values)));
            Response answer = new Response(response.statusCode(), flat, response.body());
            if (checked && ApiContract.covers(path)) {
                // Every answer of the merchant API must match its OpenAPI description (api/openapi.yaml).
                ApiContract.description().check(method, path, answer);
            }
            return answer;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public Response admin(String method, String path, String body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", "Bearer " + ADMIN_TOKEN);
        if (body != null) {
            headers.put("Content-Type", "application/json");
        }
        return send(method, "/admin/v1" + path, headers, body);
    }

    public static final String PASSWORD = "correct horse battery";

    /** Onboards a fresh merchant with one application and the given providers active. */
    public Merchant onboard(String... providers) {
        return onboardAs("m" + System.nanoTime() + "@example.com", providers);
    }

    /** The same, with a known email to sign in to the portal with {@link #PASSWORD}. */
    public Merchant onboardAs(String email, String... providers) {
        Response merchant = admin(
                "POST",
                "/merchants",
                "{\"name\":\"Shop\",\"email\":\"" + email + "\",\"password\":\"correct horse battery\"}");
        if (merchant.status() != 201) {
            throw new IllegalStateException("onboarding failed: " + merchant);
        }
        String merchantId = merchant.json().get("id").stringValue();
        String list = String.join(
                ",",
                java.util.Arrays.stream(providers).map(p -> "\"" + p + "\"").toList());
        Response app = admin(
                "POST",
                "/merchants/" + merchantId + "/applications",
                "{\"name\":\"Shop app\",\"providers\":[" + list + "]}");
        if (app.status() != 201) {
            throw new IllegalStateException("application failed: " + app);
        }
        JsonNode json = app.json();
        return new Merchant(
                merchantId,
                json.get("id").stringValue(),
                json.get("endpoint_key").stringValue(),
                json.get("sandbox").get("api_key").stringValue(),
                json.get("sandbox").get("api_secret").stringValue());
    }

    /**
     * Takes the merchant's application live (D16: live keys issued, an https webhook URL, live enabled)
     * and returns it with its live keys; its providers must have live credentials.
     */
    public Merchant goLive(Merchant m) {
        JsonNode keys = admin("POST", "/applications/" + m.applicationId() + "/keys", "{\"environment\":\"live\"}")
                .json();
        Response live = admin(
                "PATCH",
                "/applications/" + m.applicationId(),
                "{\"webhook_url\":\"https://hooks.shop.example/xaalis\",\"live_enabled\":true}");
        if (live.status() != 200) {
            throw new IllegalStateException("live mode refused: " + live);
        }
        return m.withKeys(
                keys.get("api_key").stringValue(), keys.get("api_secret").stringValue());
    }

    public Merchant onboardBoth() {
        return onboard("WALLET_SN", "MOBILEMONEY_SN");
    }

    public Response initiate(Merchant m, String body) {
        return initiate(m, body, Map.of());
    }

    public Response initiate(Merchant m, String body, Map<String, String> extraHeaders) {
        Map<String, String> headers = new LinkedHashMap<>(m.headers());
        headers.put("Content-Type", "application/json");
        headers.putAll(extraHeaders);
        return send("POST", "/api/v1/" + m.endpointKey() + "/payments/initiate/", headers, body);
    }

    public Response status(Merchant m, String reference) {
        return send("GET", "/api/v1/" + m.endpointKey() + "/payments/" + reference + "/status/", m.headers(), null);
    }

    public Response post(Merchant m, String path, String body, Map<String, String> extraHeaders) {
        Map<String, String> headers = new LinkedHashMap<>(m.headers());
        if (body != null) {
            headers.put("Content-Type", "application/json");
        }
        headers.putAll(extraHeaders);
        return send("POST", "/api/v1/" + m.endpointKey() + path, headers, body);
    }

    public Response get(Merchant m, String pathAndQuery) {
        return send("GET", "/api/v1/" + m.endpointKey() + pathAndQuery, m.headers(), null);
    }

    public Response simulate(Merchant m, String reference, String outcome) {
        return post(m, "/sandbox/payments/" + reference + "/simulate", "{\"outcome\":\"" + outcome + "\"}", Map.of());
    }

    /** Initiates a sandbox payment and returns its reference. */
    public String newPayment(Merchant m, String body) {
        Response response = initiate(m, body);
        if (response.status() != 201) {
            throw new IllegalStateException("initiation failed: " + response);
        }
        return response.json().get("reference").stringValue();
    }

    public String newPayment(Merchant m) {
        return newPayment(m, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\",\"metadata\":{\"order\":\"o-1\"}}");
    }

    public void setWebhook(Merchant m, String url) {
        Response response = admin("PATCH", "/applications/" + m.applicationId(), "{\"webhook_url\":\"" + url + "\"}");
        if (response.status() != 200) {
            throw new IllegalStateException("webhook_url refused: " + response);
        }
    }

    public JsonNode notifications(Merchant m) {
        return admin("GET", "/applications/" + m.applicationId() + "/notifications", null)
                .json();
    }

    /** Polls the delivery log until the notification for {@code eventId} is in one of the states. */
    public JsonNode awaitNotification(
            Merchant m, String eventId, java.util.Set<String> states, java.time.Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            for (JsonNode n : notifications(m)) {
                if (n.get("event_id").stringValue().equals(eventId)) {
                    last = n;
                    if (states.contains(n.get("state").stringValue())) {
                        return n;
                    }
                }
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("notification " + eventId + " not in " + states + " in time; last: " + last);
    }

    public JsonNode awaitStatus(Merchant m, String reference, String status, java.time.Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = status(m, reference).json();
            if (status.equals(last.get("status").stringValue())) {
                return last;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("payment " + reference + " not " + status + " in time; last: " + last);
    }
}
