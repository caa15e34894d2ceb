package sn.xaalis.example;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.logging.Logger;
import sn.xaalis.sdk.WebhookEvent;
import sn.xaalis.sdk.WebhookVerificationException;
import sn.xaalis.sdk.WebhookVerifier;

/**
 * A merchant's webhook endpoint doing what SPEC §6.3 and §6.5 ask of receivers, on the JDK's own HTTP
 * server: verify the signature over the raw body, deduplicate on {@code id}, check the amount against
 * the order before changing it, and answer quickly.
 *
 * <p>Run it with {@code XAALIS_API_SECRET=sk_test_… PORT=8081 java -jar …} and set the application's
 * webhook URL to {@code http(s)://<this host>:8081/webhooks/xaalis}.
 */
public final class WebhookReceiver implements AutoCloseable {

    /** Where the merchant keeps its orders; payments are linked to them by {@code metadata.order_id}. */
    public interface Orders {
        /** The amount the order expects, or empty for an order we do not know. */
        Optional<BigDecimal> expectedAmount(String orderId);

        /** Called once per distinct notification whose amount matched. */
        void apply(String orderId, WebhookEvent event);
    }

    private static final Logger log = Logger.getLogger(WebhookReceiver.class.getName());
    private static final int MAX_BODY = 1024 * 1024;
    public static final String PATH = "/webhooks/xaalis";

    private final HttpServer server;
    private final WebhookVerifier verifier;
    private final Orders orders;
    // In production this is a unique index in the orders database, so it survives restarts.
    private final Set<String> processed = ConcurrentHashMap.newKeySet();

    public WebhookReceiver(InetSocketAddress address, WebhookVerifier verifier, Orders orders) throws IOException {
        this.verifier = verifier;
        this.orders = orders;
        this.server = HttpServer.create(address, 0);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext(PATH, this::handle);
    }

    public WebhookReceiver start() {
        server.start();
        return this;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try {
            if (!exchange.getRequestMethod().equals("POST")) {
                respond(exchange, 405, "POST only");
                return;
            }
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readNBytes(MAX_BODY + 1);
            }
            if (body.length > MAX_BODY) {
                respond(exchange, 413, "too large");
                return;
            }
            WebhookEvent event;
            try {
                // The raw bytes, exactly as received: never a re-serialized object.
                event = verifier.verify(body, exchange.getRequestHeaders().getFirst(WebhookVerifier.SIGNATURE_HEADER));
            } catch (WebhookVerificationException e) {
                log.warning("Refused a notification: " + e.reason());
                respond(exchange, 401, e.reason().name());
                return;
            }
            respond(exchange, handle(event), "");
        } finally {
            exchange.close();
        }
    }

    /** The decision for a verified event, as an HTTP status (2xx = done, 4xx = do not retry). */
    int handle(WebhookEvent event) {
        if (processed.contains(event.id())) {
            return 200; // a duplicate delivery: already applied
        }
        Object orderId = event.metadata().get("order_id");
        if (!(orderId instanceof String id)) {
            processed.add(event.id());
            return 200; // not one of our orders: acknowledge so it is not retried
        }
        Optional<BigDecimal> expected = orders.expectedAmount(id);
        String amount = event.dataString("amount");
        if (expected.isEmpty() || amount == null || new BigDecimal(amount).compareTo(expected.get()) != 0) {
            log.warning("Amount " + amount + " does not match order " + id + "; not applied");
            return 422;
        }
        synchronized (this) {
            // Check and apply together, so two concurrent deliveries of one id apply it once.
            if (processed.contains(event.id())) {
                return 200;
            }
            orders.apply(id, event);
            processed.add(event.id());
        }
        return 200;
    }

    private static void respond(HttpExchange exchange, int status, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }

    /** A demo: two orders in memory, printed as notifications change them. */
    public static void main(String[] args) throws IOException {
        String secret = System.getenv("XAALIS_API_SECRET");
        if (secret == null || secret.isBlank()) {
            System.err.println("Set XAALIS_API_SECRET to the application's sk_test_… or sk_live_… secret");
            System.exit(2);
        }
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8081"));
        Map<String, BigDecimal> amounts = Map.of("o-1", new BigDecimal("1500"), "o-2", new BigDecimal("2500"));
        Orders orders = new Orders() {
            @Override
            public Optional<BigDecimal> expectedAmount(String orderId) {
                return Optional.ofNullable(amounts.get(orderId));
            }

            @Override
            public void apply(String orderId, WebhookEvent event) {
                System.out.println(orderId + ": " + event.event() + " (" + event.reference() + ")");
            }
        };
        new WebhookReceiver(new InetSocketAddress(port), new WebhookVerifier(secret), orders).start();
        System.out.println("Listening on http://localhost:" + port + PATH);
    }
}
