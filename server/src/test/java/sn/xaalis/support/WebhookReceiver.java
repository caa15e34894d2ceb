package sn.xaalis.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.Predicate;
import sn.xaalis.webhook.WebhookSigner;

/**
 * A merchant's server on loopback, doing what SPEC §6.3 asks of a receiver: it recomputes the HMAC
 * over the raw bytes it received, compares in constant time, checks the age of {@code t}, and
 * keeps everything it saw for assertions. Every notification is also checked against the
 * {@code webhooks} entry of the OpenAPI description: reading what was received, or closing the
 * receiver, fails the test when one departed from it.
 */
public final class WebhookReceiver implements AutoCloseable {

    /** One request as received, with the receiver's verdict on its signature. */
    public record Received(
            String path,
            Map<String, List<String>> headers,
            byte[] body,
            boolean signatureValid,
            long t,
            long receivedAt) {

        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : String.join(",", values);
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final List<String> violations = new CopyOnWriteArrayList<>();
    private final Clock clock;
    private volatile List<String> secrets = List.of();
    private volatile Function<Received, Integer> responder = r -> 200;

    public WebhookReceiver(Clock clock) {
        this.clock = clock;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    public WebhookReceiver acceptingSecrets(String... secrets) {
        this.secrets = List.of(secrets);
        return this;
    }

    /** Decides the status code (or, with a negative value, a redirect) for each request. */
    public WebhookReceiver respondWith(Function<Received, Integer> responder) {
        this.responder = responder;
        return this;
    }

    public List<Received> received() {
        if (!violations.isEmpty()) {
            throw new AssertionError("Notifications departed from the OpenAPI description (api/openapi.yaml):\n  - "
                    + String.join("\n  - ", violations));
        }
        return new ArrayList<>(received);
    }

    public List<Received> await(Predicate<List<Received>> condition, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<Received> now = received();
            if (condition.test(now)) {
                return now;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return received();
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        Map<String, List<String>> headers = new java.util.HashMap<>();
        exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
        String signature = exchange.getRequestHeaders().getFirst("X-SVC-Signature");
        long t = -1;
        boolean valid = false;
        if (signature != null) {
            List<String> candidates = new ArrayList<>();
            for (String part : signature.split(",")) {
                if (part.startsWith("t=")) {
                    try {
                        t = Long.parseLong(part.substring(2));
                    } catch (NumberFormatException e) {
                        t = -1;
                    }
                } else if (part.startsWith("v1=")) {
                    candidates.add(part.substring(3));
                }
            }
            long now = clock.instant().getEpochSecond();
            boolean fresh = t > 0 && Math.abs(now - t) <= 300;
            for (String secret : secrets) {
                byte[] expected = WebhookSigner.signature(t, body, secret).getBytes(StandardCharsets.US_ASCII);
                for (String candidate : candidates) {
                    valid |= fresh && MessageDigest.isEqual(expected, candidate.getBytes(StandardCharsets.US_ASCII));
                }
            }
        }
        Received request = new Received(
                exchange.getRequestURI().getPath(),
                headers,
                body,
                valid,
                t,
                clock.instant().getEpochSecond());
        received.add(request);
        int status = responder.apply(request);
        if (status < 0) {
            exchange.getResponseHeaders().add("Location", url("/redirected"));
            status = -status;
        }
        byte[] answer = "ok".getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, answer.length);
        exchange.getResponseBody().write(answer);
        exchange.close();
        // After answering, so the check never delays the answer past the service's timeout.
        checkContract(headers, body);
    }

    private void checkContract(Map<String, List<String>> headers, byte[] body) {
        Map<String, String> flat = new java.util.HashMap<>();
        headers.forEach((name, values) -> flat.put(name, String.join(",", values)));
        String text = new String(body, StandardCharsets.UTF_8);
        try {
            ApiContract.description()
                    .notificationProblems(flat, text)
                    .forEach(problem -> violations.add(problem + " in " + text));
        } catch (RuntimeException e) {
            violations.add("the check failed: " + e + " on " + text);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        if (!violations.isEmpty()) {
            throw new AssertionError("Notifications departed from the OpenAPI description (api/openapi.yaml):\n  - "
                    + String.join("\n  - ", violations));
        }
    }
}
