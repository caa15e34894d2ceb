package sn.xaalis.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client against a scripted HTTP server on loopback: headers, bodies, retries, errors. */
class XaalisClientTest {

    record Seen(String method, String path, String query, Map<String, List<String>> headers, String body) {
        String header(String name) {
            List<String> values = headers.get(name);
            return values == null ? null : values.get(0);
        }
    }

    /** A scripted answer; status -1 closes the connection without answering. */
    record Answer(int status, String body, Map<String, String> headers, long delayMillis) {
        static Answer of(int status, String body) {
            return new Answer(status, body, Map.of(), 0);
        }
    }

    static final String PAYMENT = "{\"transaction_uuid\":\"01934a5e-7c1a-7b3e-9f00-0123456789ab\","
            + "\"reference\":\"SVC-AB12CD34\",\"provider\":\"WALLET_SN\",\"environment\":\"sandbox\","
            + "\"amount\":\"1500.00\",\"currency\":\"XOF\",\"status\":\"PROCESSING\","
            + "\"deep_links\":{\"WALLET\":\"https://x.example/c\"},\"qr_code\":\"iVBOR\","
            + "\"provider_reference\":\"sbx_1\",\"expires_at\":\"2026-11-22T08:57:45.123400Z\","
            + "\"metadata\":{\"order_id\":\"o-42\"},\"created_at\":\"2026-11-22T08:42:45.123400Z\"}";

    HttpServer server;
    final List<Seen> seen = new CopyOnWriteArrayList<>();
    final ConcurrentLinkedQueue<Answer> answers = new ConcurrentLinkedQueue<>();
    XaalisClient client;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
        client = XaalisClient.builder()
                .baseUrl("http://127.0.0.1:" + server.getAddress().getPort() + "/")
                .endpointKey("abcdefghijklmnop")
                .apiKey("pk_test_key")
                .apiSecret("sk_test_secret")
                .requestTimeout(Duration.ofMillis(500))
                .retryDelay(Duration.ofMillis(10))
                .build();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        seen.add(new Seen(
                exchange.getRequestMethod(),
                exchange.getRequestURI().getPath(),
                exchange.getRequestURI().getRawQuery(),
                Map.copyOf(exchange.getRequestHeaders()),
                body));
        Answer answer = answers.poll();
        if (answer == null) {
            answer = Answer.of(200, PAYMENT);
        }
        if (answer.status() == -1) {
            exchange.close(); // no response at all: the client sees a network error
            return;
        }
        if (answer.delayMillis() > 0) {
            try {
                Thread.sleep(answer.delayMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        answer.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
        byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
        try {
            exchange.sendResponseHeaders(answer.status(), bytes.length);
            exchange.getResponseBody().write(bytes);
        } catch (IOException clientLeft) {
            // timed out on the client side
        }
        exchange.close();
    }

    @Test
    void initiateSendsKeysAnIdempotencyKeyAndAQuotedAmount() {
        Payment payment = client.initiate(PaymentRequest.of("WALLET_SN", new BigDecimal("1500"))
                .withCustomerPhone("+221770000000")
                .withMetadata(Map.of("order_id", "o-42")));
        Seen request = seen.get(0);
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/api/v1/abcdefghijklmnop/payments/initiate/");
        assertThat(request.header("X-api-key")).isEqualTo("pk_test_key");
        assertThat(request.header("X-api-secret")).isEqualTo("sk_test_secret");
        assertThat(request.header("Content-type")).isEqualTo("application/json");
        assertThat(request.header("Idempotency-key")).matches("[0-9a-f-]{36}");
        assertThat(request.body())
                .contains("\"amount\":\"1500\"")
                .contains("\"provider\":\"WALLET_SN\"")
                .contains("\"customer_phone\":\"+221770000000\"")
                .contains("\"metadata\":{\"order_id\":\"o-42\"}")
                .doesNotContain("description");

        assertThat(payment.reference()).isEqualTo("SVC-AB12CD34");
        assertThat(payment.amount()).isEqualByComparingTo("1500");
        assertThat(payment.deepLinks()).containsEntry("WALLET", "https://x.example/c");
        assertThat(payment.qrCode()).isEqualTo("iVBOR");
        assertThat(payment.createdAt()).hasToString("2026-11-22T08:42:45.123400Z");
        assertThat(payment.paidAt()).isNull();
        assertThat(payment.metadata().get("order_id").asText()).isEqualTo("o-42");
        assertThat(payment.isFinal()).isFalse();
    }

    @Test
    void retriesNetworkErrorsAnd429WithTheSameIdempotencyKey() {
        answers.add(new Answer(-1, "", Map.of(), 0));
        answers.add(new Answer(429, "{\"status\":429}", Map.of("Retry-After", "1"), 0));
        long started = System.nanoTime();
        Payment payment = client.initiate(PaymentRequest.of("WALLET_SN", "1500"), "order-42");
        assertThat(payment.reference()).isEqualTo("SVC-AB12CD34");
        assertThat(seen).hasSize(3);
        assertThat(seen).allSatisfy(s -> assertThat(s.header("Idempotency-key")).isEqualTo("order-42"));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void givesUpAfterMaxRetriesWithStatusZero() {
        for (int i = 0; i < 10; i++) {
            answers.add(new Answer(-1, "", Map.of(), 0));
        }
        assertThatThrownBy(() -> client.status("SVC-AB12CD34")).isInstanceOfSatisfying(XaalisException.class, e -> {
            assertThat(e.status()).isZero();
            assertThat(e.error()).isNull();
            assertThat(e.retryable()).isTrue();
            assertThat(e.getMessage()).contains("3 attempts").doesNotContain("sk_test_secret");
        });
        // The JDK client may itself repeat a GET once on a closed connection.
        assertThat(seen.size()).isBetween(3, 6);
    }

    @Test
    void aTimeoutIsANetworkErrorAndIsRetried() {
        answers.add(new Answer(200, PAYMENT, Map.of(), 1500));
        Payment payment = client.status("SVC-AB12CD34");
        assertThat(payment.reference()).isEqualTo("SVC-AB12CD34");
        assertThat(seen.size()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void errorsCarryTheApiErrorBodyAndAreNotRetried() {
        answers.add(
                Answer.of(
                        400,
                        "{\"status\":400,\"error\":\"Bad Request\",\"message\":\"Invalid request\","
                                + "\"timestamp\":\"2026-11-22T08:42:45.123+00:00\",\"errors\":{\"amount\":[\"must be at least 0.01\"]}}"));
        assertThatThrownBy(() -> client.initiate(PaymentRequest.of("WALLET_SN", "0")))
                .isInstanceOfSatisfying(XaalisException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.retryable()).isFalse();
                    assertThat(e.error().message()).isEqualTo("Invalid request");
                    assertThat(e.error().timestamp()).isEqualTo("2026-11-22T08:42:45.123+00:00");
                    assertThat(e.error().errors()).containsEntry("amount", List.of("must be at least 0.01"));
                });
        assertThat(seen).hasSize(1);
    }

    @Test
    void statusListCancelRefundAndSimulateUseTheirPaths() {
        client.status("SVC-AB12CD34");
        answers.add(Answer.of(200, "{\"data\":[" + PAYMENT + "],\"has_more\":true,\"next_cursor\":\"c1\"}"));
        PaymentPage page =
                client.list(PaymentQuery.all().status("SUCCESS").limit(5).after("c0"));
        client.cancel("SVC-AB12CD34");
        client.refund("SVC-AB12CD34");
        client.simulate("SVC-AB12CD34", XaalisClient.Outcome.FAILED);
        assertThat(page.payments()).hasSize(1);
        assertThat(page.hasMore()).isTrue();
        assertThat(page.nextCursor()).isEqualTo("c1");
        assertThat(seen)
                .extracting(s -> s.method() + " " + s.path())
                .containsExactly(
                        "GET /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/status/",
                        "GET /api/v1/abcdefghijklmnop/payments/",
                        "POST /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/cancel/",
                        "POST /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/refund/",
                        "POST /api/v1/abcdefghijklmnop/sandbox/payments/SVC-AB12CD34/simulate");
        assertThat(seen.get(1).query()).isEqualTo("status=SUCCESS&cursor=c0&limit=5");
        assertThat(seen.get(4).body()).isEqualTo("{\"outcome\":\"FAILED\"}");
        assertThat(seen.get(2).header("Idempotency-key")).isNotBlank();
    }

    @Test
    void fromEnvironmentNamesTheMissingVariable() {
        assertThatThrownBy(() -> XaalisClient.fromEnvironment(Map.of("XAALIS_BASE_URL", "http://x")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("XAALIS_ENDPOINT_KEY");
        XaalisClient fromEnv = XaalisClient.fromEnvironment(Map.of(
                "XAALIS_BASE_URL", "http://x",
                "XAALIS_ENDPOINT_KEY", "k",
                "XAALIS_API_KEY", "pk_test_a",
                "XAALIS_API_SECRET", "sk_test_b"));
        assertThat(fromEnv.toString()).doesNotContain("sk_test_b");
    }
}
