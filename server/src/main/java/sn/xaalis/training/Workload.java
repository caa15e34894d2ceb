package sn.xaalis.training;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a busy node does, through its public doors only (HTTP, as merchants, customers and shop owners
 * reach it): a merchant and its application made with the operator API, then clients that each sign in to
 * the portal and loop over initiations with both providers, status reads, sandbox outcomes (and so webhook
 * deliveries), payment lists, hosted pages, a payment link and the portal's pages.
 */
final class Workload {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"\\s+value=\"([^\"]+)\"");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final String base;
    private final String adminToken;
    private final WebhookSink sink;
    private final JsonMapper json = JsonMapper.builder().build();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong unexpected = new AtomicLong();
    private final ConcurrentLinkedQueue<String> firstUnexpected = new ConcurrentLinkedQueue<>();
    // One sign-in at a time: the portal counts attempts in flight on one account against its limit of 5.
    private final ReentrantLock signIns = new ReentrantLock();

    /** What the run did: requests sent, answers not as expected (the first few named), webhooks received. */
    record Totals(long requests, long unexpected, List<String> firstUnexpected, long webhooks) {}

    Workload(String base, String adminToken, WebhookSink sink) {
        this.base = base;
        this.adminToken = adminToken;
        this.sink = sink;
    }

    Totals run(Duration duration, int concurrency) throws InterruptedException {
        Merchant merchant = onboard();
        long deadline = System.nanoTime() + duration.toNanos();
        List<Thread> clients = new ArrayList<>();
        for (int c = 0; c < concurrency; c++) {
            int client = c;
            clients.add(Thread.ofVirtual().name("training-" + c).start(() -> drive(merchant, client, deadline)));
        }
        for (Thread client : clients) {
            client.join();
        }
        return new Totals(requests.get(), unexpected.get(), List.copyOf(firstUnexpected), sink.received());
    }

    private record Merchant(String email, String password, String endpointKey, String apiKey, String apiSecret) {}

    private Merchant onboard() {
        HttpClient http = client();
        String email = "training-" + System.nanoTime() + "@xaalis.local";
        String password = "training password " + System.nanoTime();
        JsonNode merchant =
                admin(http, "/merchants", Map.of("name", "Training shop", "email", email, "password", password));
        JsonNode app = admin(
                http,
                "/merchants/" + merchant.get("id").asString() + "/applications",
                Map.of(
                        "name", "Training",
                        "webhook_url", sink.url(),
                        "providers", List.of("WALLET_SN", "MOBILEMONEY_SN")));
        JsonNode keys = app.get("sandbox");
        return new Merchant(
                email,
                password,
                app.get("endpoint_key").asString(),
                keys.get("api_key").asString(),
                keys.get("api_secret").asString());
    }

    private JsonNode admin(HttpClient http, String path, Map<String, Object> body) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/admin/v1" + path))
                .timeout(TIMEOUT)
                .header("Authorization", "Bearer " + adminToken)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)))
                .build();
        HttpResponse<String> response = send(http, request);
        if (response.statusCode() != 201) {
            throw new IllegalStateException("Training: " + path + " answered " + response.statusCode());
        }
        return json.readTree(response.body());
    }

    /** One client's loop until the deadline; a client that cannot sign in still drives the API. */
    private void drive(Merchant merchant, int client, long deadline) {
        HttpClient http = client();
        boolean signedIn;
        signIns.lock();
        try {
            signedIn = signIn(http, merchant);
        } finally {
            signIns.unlock();
        }
        for (long i = 0; System.nanoTime() < deadline; i++) {
            String provider = i % 2 == 0 ? "WALLET_SN" : "MOBILEMONEY_SN";
            String reference = initiate(http, merchant, provider, client + "-" + i);
            if (reference == null) {
                continue;
            }
            api(http, merchant, "GET", "/payments/" + reference + "/status/", null, 200);
            if (i % 3 == 0) {
                api(
                        http,
                        merchant,
                        "POST",
                        "/sandbox/payments/" + reference + "/simulate",
                        "{\"outcome\":\"SUCCESS\"}",
                        200);
            }
            if (i % 10 == 0) {
                api(http, merchant, "GET", "/payments/?limit=20", null, 200);
                page(http, "/pay/" + reference);
                page(http, "/docs/api");
            }
            if (i % 25 == 0) {
                api(
                        http,
                        merchant,
                        "POST",
                        "/payment-links/",
                        "{\"amount\":\"2500\",\"description\":\"Training\"}",
                        201);
            }
            if (signedIn && i % 10 == 5) {
                page(http, "/portal/dashboard");
                page(http, "/portal/transactions");
                page(http, "/portal/transactions/" + reference);
            }
        }
    }

    private @Nullable String initiate(HttpClient http, Merchant merchant, String provider, String key) {
        String body =
                "{\"provider\":\"" + provider + "\",\"amount\":\"" + (1000 + Math.floorMod(key.hashCode(), 500) * 10)
                        + "\",\"description\":\"Training\",\"metadata\":{\"order_id\":\"" + key + "\"}}";
        HttpRequest request = apiRequest(merchant, "/payments/initiate/")
                .header("Idempotency-Key", "training-" + key)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response = send(http, request);
        if (response.statusCode() != 201) {
            unexpected(response);
            return null;
        }
        return json.readTree(response.body()).get("reference").asString();
    }

    private void api(
            HttpClient http, Merchant merchant, String method, String path, @Nullable String body, int expected) {
        HttpRequest request = apiRequest(merchant, path)
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
        expect(send(http, request), expected);
    }

    private HttpRequest.Builder apiRequest(Merchant merchant, String path) {
        return HttpRequest.newBuilder(URI.create(base + "/api/v1/" + merchant.endpointKey() + path))
                .timeout(TIMEOUT)
                .header("X-Api-Key", merchant.apiKey())
                .header("X-Api-Secret", merchant.apiSecret())
                .header("Content-Type", "application/json");
    }

    private void page(HttpClient http, String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(TIMEOUT)
                .header("Accept-Language", "fr")
                .GET()
                .build();
        expect(send(http, request), 200);
    }

    /** The portal's sign-in form, as a browser posts it (with the form's CSRF token and the session cookie). */
    private boolean signIn(HttpClient http, Merchant merchant) {
        HttpResponse<String> form = send(
                http,
                HttpRequest.newBuilder(URI.create(base + "/portal/login")).GET().build());
        Matcher csrf = CSRF.matcher(form.body());
        if (!csrf.find()) {
            unexpected(form);
            return false;
        }
        String body = Map.of("email", merchant.email(), "password", merchant.password(), "_csrf", csrf.group(1))
                .entrySet()
                .stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpResponse<String> signedIn = send(
                http,
                HttpRequest.newBuilder(URI.create(base + "/portal/login"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build());
        boolean ok = signedIn.statusCode() == 200 && signedIn.uri().getPath().startsWith("/portal/dashboard");
        if (!ok) {
            unexpected(signedIn);
        }
        return ok;
    }

    private void expect(HttpResponse<String> response, int expected) {
        if (response.statusCode() != expected) {
            unexpected(response);
        }
    }

    private void unexpected(HttpResponse<String> response) {
        if (unexpected.incrementAndGet() <= 5) {
            firstUnexpected.add(response.request().method() + " "
                    + response.uri().getPath() + optional(response.uri().getQuery()) + " " + response.statusCode());
        }
    }

    private static String optional(@Nullable String query) {
        return query == null ? "" : "?" + query;
    }

    private HttpResponse<String> send(HttpClient http, HttpRequest request) {
        requests.incrementAndGet();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("Training: " + request.uri().getPath() + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static HttpClient client() {
        return HttpClient.newBuilder()
                .cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NORMAL)
                .connectTimeout(TIMEOUT)
                .build();
    }
}
