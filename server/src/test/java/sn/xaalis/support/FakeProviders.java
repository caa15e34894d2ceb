package sn.xaalis.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import org.springframework.test.context.DynamicPropertyRegistry;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A fake WALLET_SN and a fake MOBILEMONEY_SN on one loopback HTTP server, answering what the real ones
 * publish (docs/providers.md): their paths, fields, status codes and error bodies, several accounts each.
 * Like the real ones, they call back: the wallet sends its signed events to the webhook address an
 * account registered, the operator its notifications to the callback a merchant code registered.
 * Tests script the customer (pays, fails) and, for one call, any answer.
 */
public final class FakeProviders implements AutoCloseable {

    public static final String WALLET_KEY = "wave_sn_prod_installation0123456789abcdef";
    public static final String WALLET_SECRET = "wave_sn_WHS_installation0123456789";
    public static final String MM_CLIENT_ID = "0c2b5f8e-mm-installation";
    public static final String MM_CLIENT_SECRET = "mm-client-secret-installation-0123456789";
    public static final String MM_MERCHANT_CODE = "123456";
    public static final String MM_NOTIFICATION_SECRET = "mm-notification-key-installation-0123456789";
    /** The installation's retailer account, which settlements are paid from, and its PIN. */
    public static final String MM_RETAILER_NUMBER = "770000001";

    public static final String MM_RETAILER_PIN = "1357";
    /** A 1×1 PNG, what the operator's qrCode carries (bare base64). */
    public static final String QR_PNG =
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

    static final JsonMapper JSON = JsonMapper.builder().build();

    /** One request as the fake received it. */
    public record Received(String method, String path, String query, Map<String, String> headers, String body) {
        public JsonNode json() {
            return JSON.readTree(body);
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** A canned answer: status and body, or a delay longer than the client's timeout. */
    public record Answer(int status, String body, long delayMillis) {
        public static Answer of(int status, String body) {
            return new Answer(status, body, 0);
        }

        public static Answer slow(long millis) {
            return new Answer(200, "{}", millis);
        }

        static Answer empty(int status) {
            return new Answer(status, "", 0);
        }
    }

    /** A call the fake itself made: an event or a notification, and how the receiver answered. */
    public record Sent(String url, Map<String, String> headers, String body, int status) {}

    private final HttpServer server;
    private final HttpClient client = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .proxy(HttpClient.Builder.NO_PROXY)
            .build();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, Queue<Answer>> next = new ConcurrentHashMap<>();
    private volatile Clock clock = Clock.systemUTC();
    private final FakeWallet wallet = new FakeWallet(this);
    private final FakeOperator operator = new FakeOperator(this);

    public FakeProviders() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
        wallet.account(WALLET_KEY);
        operator.account(MM_CLIENT_ID, MM_CLIENT_SECRET, MM_MERCHANT_CODE);
        operator.cashIns().retailer(MM_CLIENT_ID, MM_RETAILER_NUMBER, MM_RETAILER_PIN, 10_000_000);
    }

    /**
     * The fakes of the test classes annotated {@link WithFakeProviders}: one for the run, so that their
     * Spring context (pointed at its address) can be shared. Each class takes it in its static initializer
     * and finds it as a new one behaves ({@link #restoreSettings}); the accounts, sessions and payments of
     * the classes before stay, as their rows stay in the shared database.
     */
    public static FakeProviders shared() {
        FakeProviders fake = sharedInstance();
        fake.restoreSettings();
        return fake;
    }

    /** The shared fakes as they are (for the address a context is given). */
    static synchronized FakeProviders sharedInstance() {
        if (shared == null) {
            shared = new FakeProviders();
        }
        return shared;
    }

    private static volatile FakeProviders shared;

    /** What a test may have changed: the clock, scripted answers, what was received, the fakes' behaviour. */
    private void restoreSettings() {
        useClock(Clock.systemUTC());
        forget();
        wallet.restoreSettings();
        operator.restoreSettings();
    }

    /**
     * Points Xaalis at these fakes and gives it the installation's own accounts at both
     * ({@code xaalis.providers.*}), as a {@code @DynamicPropertySource} does.
     */
    public void installationAccounts(DynamicPropertyRegistry registry) {
        installationProperties().forEach((name, value) -> registry.add(name, () -> value));
    }

    /** The settings of {@link #installationAccounts}, by name. */
    public Map<String, String> installationProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("xaalis.live.allow-embedded-database", "true");
        properties.put("xaalis.providers.wallet.base-url", baseUrl());
        properties.put("xaalis.providers.wallet.api-key", WALLET_KEY);
        properties.put("xaalis.providers.wallet.webhook-secret", WALLET_SECRET);
        properties.put("xaalis.providers.mobilemoney.base-url", baseUrl());
        properties.put("xaalis.providers.mobilemoney.client-id", MM_CLIENT_ID);
        properties.put("xaalis.providers.mobilemoney.client-secret", MM_CLIENT_SECRET);
        properties.put("xaalis.providers.mobilemoney.merchant-code", MM_MERCHANT_CODE);
        properties.put("xaalis.providers.mobilemoney.notification-secret", MM_NOTIFICATION_SECRET);
        properties.put("xaalis.providers.mobilemoney.retailer-number", MM_RETAILER_NUMBER);
        properties.put("xaalis.providers.mobilemoney.retailer-pin", MM_RETAILER_PIN);
        return properties;
    }

    /**
     * What the operator sets up at each provider for the installation's own accounts (docs/operations.md
     * §4): the wallet's webhook and the operator's callback, at {@code base}'s provider addresses.
     */
    public void installationCallbacks(String base) {
        wallet.webhook(WALLET_KEY, base + "/providers/wallet/events", "signing", WALLET_SECRET);
        operator.registerCallback(
                MM_MERCHANT_CODE, base + "/providers/mobilemoney/notifications", MM_NOTIFICATION_SECRET);
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public FakeWallet wallet() {
        return wallet;
    }

    public FakeOperator operator() {
        return operator;
    }

    public void useClock(Clock clock) {
        this.clock = clock;
    }

    Clock clock() {
        return clock;
    }

    /** The next call to this operation gets {@code answer} instead of the normal behaviour; calls queue up. */
    public void answerNext(String operation, Answer answer) {
        next.computeIfAbsent(operation, k -> new ConcurrentLinkedQueue<>()).add(answer);
    }

    Answer scripted(String operation) {
        Queue<Answer> queued = next.get(operation);
        return queued == null ? null : queued.poll();
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    /** The requests to exactly this path (whatever their query). */
    public List<Received> received(String method, String path) {
        return received.stream()
                .filter(r -> r.method().equals(method) && r.path().equals(path))
                .toList();
    }

    /** Forgets what was received and scripted; accounts, sessions and transactions stay. */
    public void forget() {
        received.clear();
        next.clear();
    }

    /** POSTs as a provider would, and says how the receiver answered (0: no answer). */
    Sent post(String url, Map<String, String> headers, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        headers.forEach(request::header);
        try {
            int status = client.send(request.build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode();
            return new Sent(url, headers, body, status);
        } catch (IOException e) {
            return new Sent(url, headers, body, 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Sent(url, headers, body, 0);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Map<String, String> headers = new HashMap<>();
        exchange.getRequestHeaders()
                .forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.getFirst()));
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getPath();
        String query = exchange.getRequestURI().getRawQuery();
        Received request = new Received(method, path, query, headers, body);
        received.add(request);
        Answer answer;
        try {
            answer = path.startsWith("/v1/") ? wallet.answer(request) : operator.answer(request);
        } catch (RuntimeException e) {
            answer = Answer.of(500, "{\"code\":\"internal-server-error\",\"message\":\"fake failed: " + e + "\"}");
        }
        if (answer.delayMillis() > 0) {
            try {
                Thread.sleep(answer.delayMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders()
                .set(
                        "Content-Type",
                        answer.body().startsWith("{\"type\"") ? "application/problem+json" : "application/json");
        try {
            exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                exchange.getResponseBody().write(bytes);
            }
        } catch (IOException clientGaveUp) {
            // the client timed out first
        } finally {
            exchange.close();
        }
    }

    static Map<String, String> form(String body) {
        Map<String, String> values = new HashMap<>();
        if (body == null || body.isEmpty()) {
            return values;
        }
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                values.put(
                        URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return values;
    }

    /** Stops this fake; the {@link #shared} one stays up for the run's other classes. */
    @Override
    public void close() {
        if (this != shared) {
            server.stop(0);
        }
    }
}
