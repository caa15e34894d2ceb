package sn.xaalis.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fake WALLET_SN and MOBILEMONEY_SN servers over real HTTP on loopback, scriptable by tests: what the
 * next call answers, what state a session or transaction is in, which tokens are valid.
 */
public final class FakeProviders implements AutoCloseable {

    public static final String WALLET_KEY = "wallet-api-key-0123456789";
    public static final String WALLET_SECRET = "wallet-webhook-secret-0123456789";
    public static final String MM_CLIENT_ID = "mm-client";
    public static final String MM_CLIENT_SECRET = "mm-client-secret-0123456789";
    public static final String MM_MERCHANT_CODE = "123456";
    public static final String MM_NOTIFICATION_SECRET = "mm-notification-secret-0123456789";
    public static final String QR_PNG =
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** One request as the fake received it. */
    public record Received(String method, String path, Map<String, String> headers, String body) {
        public JsonNode json() {
            return JSON.readTree(body);
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(java.util.Locale.ROOT));
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
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, ObjectNode> sessions = new ConcurrentHashMap<>();
    private final Map<String, String> transactions = new ConcurrentHashMap<>();
    private final Map<String, java.util.Queue<Answer>> next = new ConcurrentHashMap<>();
    private final Map<String, Boolean> tokens = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();
    private volatile boolean walletDown;
    private volatile Clock clock = Clock.systemUTC();
    private volatile long tokenLifetimeSeconds = 3600;
    private volatile Instant walletExpiry;

    public FakeProviders() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public void useClock(Clock clock) {
        this.clock = clock;
    }

    /** The next call to this operation gets {@code answer} instead of the normal behaviour; calls queue up. */
    public void answerNext(String operation, Answer answer) {
        next.computeIfAbsent(operation, k -> new java.util.concurrent.ConcurrentLinkedQueue<>())
                .add(answer);
    }

    /** Every wallet call answers 503 while down. */
    public void walletDown(boolean down) {
        walletDown = down;
    }

    public void walletExpiresAt(Instant expiry) {
        walletExpiry = expiry;
    }

    public ObjectNode session(String id) {
        return sessions.get(id);
    }

    /** Marks a wallet session paid, as the wallet would after the customer paid. */
    public ObjectNode completeSession(String id) {
        ObjectNode session = sessions.get(id);
        session.put("checkout_status", "complete");
        session.put("payment_status", "succeeded");
        session.put("transaction_id", "TX-" + id);
        return session;
    }

    public void transactionStatus(String transactionId, String status) {
        transactions.put(transactionId, status);
    }

    public void tokenLifetime(long seconds) {
        tokenLifetimeSeconds = seconds;
    }

    /** The operator forgets every token it issued (as after a key rotation on its side). */
    public void revokeTokens() {
        tokens.replaceAll((token, valid) -> false);
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    public List<Received> received(String method, String pathPrefix) {
        return received.stream()
                .filter(r -> r.method().equals(method) && r.path().startsWith(pathPrefix))
                .toList();
    }

    public void forget() {
        received.clear();
        next.clear();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Map<String, String> headers = new java.util.HashMap<>();
        exchange.getRequestHeaders()
                .forEach((name, values) -> headers.put(name.toLowerCase(java.util.Locale.ROOT), values.getFirst()));
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getPath();
        received.add(new Received(method, path, headers, body));
        Answer answer;
        try {
            answer = path.startsWith("/v1/")
                    ? wallet(method, path, headers, body)
                    : mobileMoney(method, path, headers, body);
        } catch (RuntimeException e) {
            answer = Answer.of(500, "{\"message\":\"fake failed: " + e + "\"}");
        }
        if (answer.delayMillis() > 0) {
            try {
                Thread.sleep(answer.delayMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
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

    private Answer scripted(String operation) {
        java.util.Queue<Answer> queued = next.get(operation);
        return queued == null ? null : queued.poll();
    }

    private Answer wallet(String method, String path, Map<String, String> headers, String body) {
        if (walletDown) {
            return Answer.of(503, "{\"message\":\"maintenance\"}");
        }
        if (!("Bearer " + WALLET_KEY).equals(headers.get("authorization"))) {
            return Answer.of(401, "{\"code\":\"unauthorized\"}");
        }
        if (method.equals("POST") && path.equals("/v1/checkout/sessions")) {
            Answer scripted = scripted("wallet.create");
            if (scripted != null) {
                return scripted;
            }
            JsonNode request = JSON.readTree(body);
            String id = "cos-" + ids.incrementAndGet();
            ObjectNode session = JSON.createObjectNode();
            session.put("id", id);
            session.put("amount", request.get("amount").stringValue());
            session.put("currency", request.get("currency").stringValue());
            session.put("client_reference", request.get("client_reference").stringValue());
            session.put("wave_launch_url", "https://pay.wallet.example/c/" + id);
            session.put("checkout_status", "open");
            session.put("payment_status", "processing");
            Instant expiry =
                    walletExpiry != null ? walletExpiry : clock.instant().plusSeconds(3600);
            session.put("when_expires", expiry.toString());
            session.putNull("last_payment_error");
            sessions.put(id, session);
            return Answer.of(201, session.toString());
        }
        String[] parts = path.split("/");
        // /v1/checkout/sessions/{id}[/action]
        if (parts.length < 5) {
            return Answer.of(404, "{\"message\":\"not found\"}");
        }
        ObjectNode session = sessions.get(parts[4]);
        if (session == null) {
            return Answer.of(404, "{\"message\":\"no such session\"}");
        }
        if (method.equals("GET") && parts.length == 5) {
            Answer scripted = scripted("wallet.get");
            return scripted != null ? scripted : Answer.of(200, session.toString());
        }
        if (method.equals("POST") && parts.length == 6 && parts[5].equals("expire")) {
            Answer scripted = scripted("wallet.expire");
            if (scripted != null) {
                return scripted;
            }
            if ("complete".equals(session.get("checkout_status").stringValue())) {
                return Answer.of(
                        409,
                        "{\"code\":\"checkout-session-not-open\",\"message\":\"The session is already complete\"}");
            }
            session.put("checkout_status", "expired");
            return Answer.of(200, session.toString());
        }
        if (method.equals("POST") && parts.length == 6 && parts[5].equals("refund")) {
            Answer scripted = scripted("wallet.refund");
            return scripted != null ? scripted : Answer.of(200, "{}");
        }
        return Answer.of(404, "{\"message\":\"not found\"}");
    }

    private Answer mobileMoney(String method, String path, Map<String, String> headers, String body) {
        if (method.equals("POST") && path.equals("/oauth/v1/token")) {
            Map<String, String> form = form(body);
            if (!"client_credentials".equals(form.get("grant_type"))
                    || !MM_CLIENT_ID.equals(form.get("client_id"))
                    || !MM_CLIENT_SECRET.equals(form.get("client_secret"))) {
                return Answer.of(401, "{\"error\":\"invalid_client\"}");
            }
            String token = "mm-token-" + ids.incrementAndGet();
            tokens.put(token, true);
            return Answer.of(
                    200,
                    "{\"access_token\":\"" + token + "\",\"token_type\":\"Bearer\",\"expires_in\":"
                            + tokenLifetimeSeconds + "}");
        }
        String authorization = headers.getOrDefault("authorization", "");
        String token = authorization.startsWith("Bearer ") ? authorization.substring(7) : "";
        if (!tokens.getOrDefault(token, false)) {
            return Answer.of(401, "{\"message\":\"invalid token\"}");
        }
        if (method.equals("POST") && path.equals("/api/eWallet/v4/qrcode")) {
            Answer scripted = scripted("mm.qrcode");
            if (scripted != null) {
                return scripted;
            }
            String id = "qr-" + ids.incrementAndGet();
            Instant end = clock.instant()
                    .plusSeconds(JSON.readTree(body).get("validity").asLong());
            return Answer.of(
                    200,
                    "{\"deepLink\":\"https://om.example/d/" + id + "\",\"deepLinks\":{\"MAXIT\":\"maxit://pay/" + id
                            + "\",\"OM\":\"om://pay/" + id + "\"},\"qrCode\":\"" + QR_PNG
                            + "\",\"shortLink\":\"https://om.example/s/" + id + "\",\"qrId\":\"" + id
                            + "\",\"validFor\":{\"startDateTime\":\"" + clock.instant() + "\",\"endDateTime\":\"" + end
                            + "\"}}");
        }
        if (method.equals("GET") && path.startsWith("/api/eWallet/v1/transactions/") && path.endsWith("/status")) {
            Answer scripted = scripted("mm.status");
            if (scripted != null) {
                return scripted;
            }
            String id = path.substring("/api/eWallet/v1/transactions/".length(), path.length() - "/status".length());
            String status = transactions.get(id);
            return status == null
                    ? Answer.of(404, "{\"message\":\"unknown transaction\"}")
                    : Answer.of(200, "{\"status\":\"" + status + "\",\"transactionId\":\"" + id + "\"}");
        }
        return Answer.of(404, "{\"message\":\"not found\"}");
    }

    private static Map<String, String> form(String body) {
        Map<String, String> values = new java.util.HashMap<>();
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

    @Override
    public void close() {
        server.stop(0);
    }
}
