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
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client against a scripted HTTP server on loopback: headers, bodies, retries, errors. */
class XaalisClientTest {

    record Seen(
            String method, String path, String rawPath, String query, Map<String, List<String>> headers, String body) {
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

    static final String LINK = "{\"code\":\"k4m2qx7vbnw3tz5a\","
            + "\"url\":\"https://pay.example.com/l/k4m2qx7vbnw3tz5a\",\"qr_code\":\"iVBORw0K\","
            + "\"environment\":\"sandbox\",\"amount\":null,\"min_amount\":\"1000.00\","
            + "\"max_amount\":\"50000.00\",\"currency\":\"XOF\",\"description\":\"Donation\","
            + "\"providers\":[\"WALLET_SN\",\"MOBILEMONEY_SN\"],\"single_use\":true,"
            + "\"expires_at\":\"2026-12-31T23:59:59.000000Z\",\"active\":true,\"state\":\"OPEN\","
            + "\"created_at\":\"2026-11-22T08:45:00.123456Z\"}";

    static final String FIXED_LINK =
            "{\"code\":\"abcdefghijklmnop\",\"url\":\"https://pay.example.com/l/abcdefghijklmnop\","
                    + "\"qr_code\":\"iVBOR\",\"environment\":\"live\",\"amount\":\"4500.00\",\"min_amount\":null,"
                    + "\"max_amount\":null,\"currency\":\"XOF\",\"description\":null,\"providers\":[\"WALLET_SN\"],"
                    + "\"single_use\":false,\"expires_at\":null,\"active\":false,\"state\":\"DEACTIVATED\","
                    + "\"created_at\":\"2026-11-22T08:45:00.123456Z\"}";

    HttpServer server;
    java.util.concurrent.ExecutorService handlers;
    final List<Seen> seen = new CopyOnWriteArrayList<>();
    final ConcurrentLinkedQueue<Answer> answers = new ConcurrentLinkedQueue<>();
    XaalisClient client;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        // One thread per exchange: a retry is answered while the slow first attempt still sleeps (with the
        // default single thread it queued behind it and, on a loaded machine, timed out as well).
        handlers = java.util.concurrent.Executors.newCachedThreadPool();
        server.setExecutor(handlers);
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
        handlers.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        seen.add(new Seen(
                exchange.getRequestMethod(),
                exchange.getRequestURI().getPath(),
                exchange.getRequestURI().getRawPath(),
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
        client.simulate("SVC-AB12CD34", Outcome.FAILED);
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

    static final String CODE_PAYMENT = PAYMENT.replace("\"WALLET_SN\"", "\"MOBILEMONEY_SN\"")
            .replace("\"deep_links\":{\"WALLET\":\"https://x.example/c\"},\"qr_code\":\"iVBOR\",", "");

    @Test
    void payWithCodePostsThePhoneAndTheCodeAndReturnsThePayment() {
        answers.add(Answer.of(
                200,
                CODE_PAYMENT
                        .replace("\"PROCESSING\"", "\"SUCCESS\"")
                        .replace(
                                "\"created_at\"",
                                "\"paid_at\":\"2026-11-22T08:44:01.500000Z\","
                                        + "\"fee\":\"23.00\",\"net_amount\":\"1477.00\",\"created_at\"")));
        Payment payment = client.payWithCode("SVC-AB12CD34", "77 123 45 67", "123456");

        Seen request = seen.get(0);
        assertThat(request.method() + " " + request.path())
                .isEqualTo("POST /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/otp");
        assertThat(request.header("X-api-key")).isEqualTo("pk_test_key");
        assertThat(request.header("X-api-secret")).isEqualTo("sk_test_secret");
        assertThat(request.header("Content-type")).isEqualTo("application/json");
        assertThat(request.header("Idempotency-key")).matches("[0-9a-f-]{36}");
        assertThat(request.body()).isEqualTo("{\"customer_phone\":\"77 123 45 67\",\"otp\":\"123456\"}");

        assertThat(payment.reference()).isEqualTo("SVC-AB12CD34");
        assertThat(payment.provider()).isEqualTo("MOBILEMONEY_SN");
        assertThat(payment.status()).isEqualTo("SUCCESS");
        assertThat(payment.paidAt()).isEqualTo(Instant.parse("2026-11-22T08:44:01.500Z"));
        assertThat(payment.fee()).isEqualByComparingTo("23.00");
        assertThat(payment.netAmount()).isEqualByComparingTo("1477.00");
        assertThat(payment.isFinal()).isTrue();

        // Each call its own idempotency key; the reference is one encoded path segment.
        client.payWithCode("SVC-AB 12/CD", "+221771234567", "654321");
        assertThat(seen.get(1).rawPath()).isEqualTo("/api/v1/abcdefghijklmnop/payments/SVC-AB%2012%2FCD/otp");
        assertThat(seen.get(1).header("Idempotency-key")).isNotEqualTo(request.header("Idempotency-key"));
    }

    @Test
    void payWithCodeReturnsAFailureAndA202StillProcessingAsPayments() {
        answers.add(Answer.of(
                200,
                CODE_PAYMENT
                        .replace("\"PROCESSING\"", "\"FAILED\"")
                        .replace("\"created_at\"", "\"error_message\":\"Insufficient funds\",\"created_at\"")));
        Payment failed = client.payWithCode("SVC-AB12CD34", "771234567", "111111");
        assertThat(failed.status()).isEqualTo("FAILED");
        assertThat(failed.errorMessage()).isEqualTo("Insufficient funds");
        assertThat(failed.fee()).isNull();
        assertThat(failed.netAmount()).isNull();

        // 202: the operator has not answered yet; the webhook or a status read tells the end.
        answers.add(Answer.of(202, CODE_PAYMENT));
        Payment waiting = client.payWithCode("SVC-AB12CD34", "771234567", "222222");
        assertThat(waiting.status()).isEqualTo("PROCESSING");
        assertThat(waiting.isFinal()).isFalse();
        assertThat(seen).hasSize(2);
    }

    @Test
    void aRefusedCodeIsA400WithItsFieldAndNeverInTheMessage() {
        answers.add(Answer.of(
                400,
                "{\"status\":400,\"error\":\"Bad Request\",\"message\":\"Invalid request: otp\","
                        + "\"timestamp\":\"2026-11-22T08:42:45.123+00:00\","
                        + "\"errors\":{\"otp\":[\"was refused by the operator: 2 tries left\"]}}"));
        assertThatThrownBy(() -> client.payWithCode("SVC-AB12CD34", "77 123 45 67", "918273"))
                .isInstanceOfSatisfying(XaalisException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.retryable()).isFalse();
                    assertThat(e.error().errors()).containsOnlyKeys("otp");
                    assertThat(e.getMessage()).doesNotContain("918273");
                    assertThat(e.toString()).doesNotContain("918273");
                });
        answers.add(Answer.of(
                409,
                "{\"status\":409,\"error\":\"Conflict\",\"message\":\"The payment is SUCCESS, not PROCESSING\","
                        + "\"timestamp\":\"2026-11-22T08:42:45.123+00:00\",\"errors\":{}}"));
        assertThatThrownBy(() -> client.payWithCode("SVC-AB12CD34", "77 123 45 67", "918273"))
                .isInstanceOfSatisfying(XaalisException.class, e -> {
                    assertThat(e.status()).isEqualTo(409);
                    assertThat(e.retryable()).isTrue();
                    assertThat(e.getMessage()).doesNotContain("918273");
                });
        answers.add(Answer.of(
                503,
                "{\"status\":503,\"error\":\"Service Unavailable\",\"message\":\"The provider cannot be reached\","
                        + "\"timestamp\":\"2026-11-22T08:42:45.123+00:00\",\"errors\":{}}"));
        assertThatThrownBy(() -> client.payWithCode("SVC-AB12CD34", "77 123 45 67", "918273"))
                .isInstanceOfSatisfying(XaalisException.class, e -> {
                    assertThat(e.status()).isEqualTo(503);
                    assertThat(e.retryable()).isTrue();
                });
        // Errors other than 429 are not retried: the code was sent once per call.
        assertThat(seen).hasSize(3);
        assertThatThrownBy(() -> client.payWithCode("SVC-AB12CD34", "77 123 45 67", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("otp");
        assertThat(seen).hasSize(3);
    }

    @Test
    void payWithCodeRetriesA429AndANetworkErrorWithTheSameKeyAndBody() {
        answers.add(new Answer(-1, "", Map.of(), 0));
        answers.add(new Answer(429, "{\"status\":429}", Map.of("Retry-After", "0"), 0));
        answers.add(Answer.of(200, CODE_PAYMENT.replace("\"PROCESSING\"", "\"SUCCESS\"")));
        Payment payment = client.payWithCode("SVC-AB12CD34", "77 123 45 67", "123456");
        assertThat(payment.status()).isEqualTo("SUCCESS");
        assertThat(seen).hasSize(3);
        String key = seen.get(0).header("Idempotency-key");
        assertThat(seen).allSatisfy(s -> {
            assertThat(s.header("Idempotency-key")).isEqualTo(key);
            assertThat(s.body()).isEqualTo("{\"customer_phone\":\"77 123 45 67\",\"otp\":\"123456\"}");
        });
    }

    @Test
    void createPaymentLinkSendsTheApiFieldsInOrderAndMapsTheLink() {
        answers.add(Answer.of(201, LINK));
        PaymentLink link = client.createPaymentLink(
                PaymentLinkRequest.range("1000", "50000")
                        .withCurrency("XOF")
                        .withDescription("Donation")
                        .withProviders(List.of("WALLET_SN", "MOBILEMONEY_SN"))
                        .withSingleUse(true)
                        .withExpiresAt(Instant.parse("2026-12-31T23:59:59Z")),
                "link-canteen-2026");
        Seen request = seen.get(0);
        assertThat(request.method() + " " + request.path()).isEqualTo("POST /api/v1/abcdefghijklmnop/payment-links/");
        assertThat(request.header("X-api-key")).isEqualTo("pk_test_key");
        assertThat(request.header("X-api-secret")).isEqualTo("sk_test_secret");
        assertThat(request.header("Content-type")).isEqualTo("application/json");
        assertThat(request.header("Idempotency-key")).isEqualTo("link-canteen-2026");
        assertThat(request.body())
                .isEqualTo("{\"min_amount\":\"1000\",\"max_amount\":\"50000\",\"currency\":\"XOF\","
                        + "\"description\":\"Donation\",\"providers\":[\"WALLET_SN\",\"MOBILEMONEY_SN\"],"
                        + "\"single_use\":true,\"expires_at\":\"2026-12-31T23:59:59Z\"}");

        assertThat(link.code()).isEqualTo("k4m2qx7vbnw3tz5a");
        assertThat(link.url()).isEqualTo("https://pay.example.com/l/k4m2qx7vbnw3tz5a");
        assertThat(link.qrCode()).isEqualTo("iVBORw0K");
        assertThat(link.environment()).isEqualTo("sandbox");
        assertThat(link.amount()).isNull();
        assertThat(link.minAmount()).isEqualByComparingTo("1000");
        assertThat(link.maxAmount()).isEqualByComparingTo("50000");
        assertThat(link.maxAmount().toPlainString()).isEqualTo("50000.00");
        assertThat(link.currency()).isEqualTo("XOF");
        assertThat(link.description()).isEqualTo("Donation");
        assertThat(link.providers()).containsExactly("WALLET_SN", "MOBILEMONEY_SN");
        assertThat(link.singleUse()).isTrue();
        assertThat(link.expiresAt()).isEqualTo(Instant.parse("2026-12-31T23:59:59Z"));
        assertThat(link.active()).isTrue();
        assertThat(link.state()).isEqualTo("OPEN");
        assertThat(link.createdAt()).hasToString("2026-11-22T08:45:00.123456Z");
    }

    @Test
    void aFixedLinkSendsOnlyItsAmountWithAFreshIdempotencyKeyKeptAcrossRetries() {
        answers.add(new Answer(-1, "", Map.of(), 0));
        answers.add(new Answer(429, "{\"status\":429}", Map.of("Retry-After", "0"), 0));
        answers.add(Answer.of(201, FIXED_LINK));
        PaymentLink link = client.createPaymentLink(PaymentLinkRequest.fixed(new BigDecimal("4500")));
        assertThat(seen).hasSize(3);
        assertThat(seen).extracting(Seen::body).containsOnly("{\"amount\":\"4500\"}");
        String key = seen.get(0).header("Idempotency-key");
        assertThat(key).matches("[0-9a-f-]{36}");
        assertThat(seen).allSatisfy(s -> assertThat(s.header("Idempotency-key")).isEqualTo(key));

        assertThat(link.amount()).isEqualByComparingTo("4500");
        assertThat(link.minAmount()).isNull();
        assertThat(link.maxAmount()).isNull();
        assertThat(link.description()).isNull();
        assertThat(link.expiresAt()).isNull();
        assertThat(link.singleUse()).isFalse();

        client.createPaymentLink(PaymentLinkRequest.fixed("4500"));
        assertThat(seen.get(3).header("Idempotency-key")).isNotEqualTo(key);
    }

    @Test
    void listPaymentLinksPassesTheCursorAndLimitAndMapsThePage() {
        answers.add(Answer.of(
                200, "{\"data\":[" + LINK + "," + FIXED_LINK + "],\"has_more\":true,\"next_cursor\":\"c1\"}"));
        PaymentLinkPage first = client.listPaymentLinks();
        answers.add(Answer.of(200, "{\"data\":[],\"has_more\":false,\"next_cursor\":null}"));
        PaymentLinkPage last = client.listPaymentLinks(first.nextCursor(), 5);

        assertThat(seen)
                .extracting(s -> s.method() + " " + s.path() + "?" + s.query())
                .containsExactly(
                        "GET /api/v1/abcdefghijklmnop/payment-links/?limit=20",
                        "GET /api/v1/abcdefghijklmnop/payment-links/?cursor=c1&limit=5");
        assertThat(seen).allSatisfy(s -> {
            assertThat(s.header("Idempotency-key")).isNull();
            assertThat(s.header("X-api-secret")).isEqualTo("sk_test_secret");
        });
        assertThat(first.links()).extracting(PaymentLink::code).containsExactly("k4m2qx7vbnw3tz5a", "abcdefghijklmnop");
        assertThat(first.links().get(1).amount()).isEqualByComparingTo("4500");
        assertThat(first.hasMore()).isTrue();
        assertThat(first.nextCursor()).isEqualTo("c1");
        assertThat(last.links()).isEmpty();
        assertThat(last.hasMore()).isFalse();
        assertThat(last.nextCursor()).isNull();
    }

    @Test
    void deactivatePaymentLinkPostsNoBodyWithAnIdempotencyKey() {
        answers.add(Answer.of(200, FIXED_LINK));
        PaymentLink link = client.deactivatePaymentLink("abcdefghijklmnop");
        Seen request = seen.get(0);
        assertThat(request.method() + " " + request.path())
                .isEqualTo("POST /api/v1/abcdefghijklmnop/payment-links/abcdefghijklmnop/deactivate/");
        assertThat(request.body()).isEmpty();
        assertThat(request.header("Content-type")).isNull();
        assertThat(request.header("Idempotency-key")).matches("[0-9a-f-]{36}");
        assertThat(link.active()).isFalse();
        assertThat(link.state()).isEqualTo("DEACTIVATED");
        assertThat(link.environment()).isEqualTo("live");
    }

    @Test
    void paymentLinkErrorsCarryTheApiErrorBodyAndAreNotRetried() {
        answers.add(Answer.of(
                400,
                "{\"status\":400,\"error\":\"Bad Request\",\"message\":\"Invalid request: amount\","
                        + "\"timestamp\":\"2026-11-22T08:42:45.123+00:00\","
                        + "\"errors\":{\"amount\":[\"must not be sent with min_amount or max_amount\"]}}"));
        PaymentLinkRequest both = new PaymentLinkRequest(
                new BigDecimal("4500"), new BigDecimal("1000"), null, null, null, null, null, null);
        assertThatThrownBy(() -> client.createPaymentLink(both)).isInstanceOfSatisfying(XaalisException.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.retryable()).isFalse();
            assertThat(e.error().errors())
                    .containsEntry("amount", List.of("must not be sent with min_amount or max_amount"));
        });
        assertThat(seen.get(0).body()).isEqualTo("{\"amount\":\"4500\",\"min_amount\":\"1000\"}");

        answers.add(Answer.of(
                404,
                "{\"status\":404,\"error\":\"Not Found\",\"message\":\"No such payment link\","
                        + "\"timestamp\":\"2026-11-22T08:42:45.123+00:00\",\"errors\":{}}"));
        assertThatThrownBy(() -> client.deactivatePaymentLink("nosuchlinkcode22"))
                .isInstanceOfSatisfying(XaalisException.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.error().message()).isEqualTo("No such payment link");
                    assertThat(e.error().errors()).isEmpty();
                });
        answers.add(Answer.of(400, "not json"));
        assertThatThrownBy(() -> client.listPaymentLinks("bad", 500))
                .isInstanceOfSatisfying(XaalisException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.error().error()).isEqualTo("HTTP 400");
                });
        assertThat(seen).hasSize(3);
    }

    @Test
    void paymentLinkRequestsAreImmutableAndNeedTheirAmounts() {
        PaymentLinkRequest base = PaymentLinkRequest.fixed("4500");
        List<String> providers = new java.util.ArrayList<>(List.of("WALLET_SN"));
        PaymentLinkRequest changed = base.withProviders(providers).withDescription("Plat familial");
        providers.add("MOBILEMONEY_SN");
        assertThat(base.providers()).isNull();
        assertThat(base.description()).isNull();
        assertThat(changed.providers()).containsExactly("WALLET_SN");
        assertThat(changed.amount()).isEqualByComparingTo("4500");
        assertThat(changed.singleUse()).isNull();
        assertThatThrownBy(() -> PaymentLinkRequest.fixed((BigDecimal) null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> PaymentLinkRequest.range("1000", null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> PaymentLinkRequest.fixed("45,00")).isInstanceOf(NumberFormatException.class);
    }

    static final String PAYOUT = "{\"reference\":\"OUT-4KQ7ZP2M\",\"provider\":\"WALLET_SN\","
            + "\"environment\":\"sandbox\",\"amount\":\"5000.00\",\"fee\":null,\"currency\":\"XOF\","
            + "\"recipient_phone\":\"+221771234567\",\"recipient_name\":\"Awa Diop\","
            + "\"reason\":\"Commission novembre\",\"status\":\"PROCESSING\",\"failure_code\":null,"
            + "\"failure_reason\":null,\"metadata\":{\"staff_id\":\"S-12\"},"
            + "\"created_at\":\"2026-11-28T09:15:02.118000Z\",\"updated_at\":\"2026-11-28T09:15:02.118000Z\","
            + "\"settled_at\":null}";

    @Test
    void createPayoutSendsTheApiFieldsInOrderWithTheCallersKeyAndMapsThePayout() {
        answers.add(Answer.of(201, PAYOUT));
        Payout payout = client.createPayout(
                PayoutRequest.of("WALLET_SN", "5000", "+221771234567")
                        .withRecipientName("Awa Diop")
                        .withReason("Commission novembre")
                        .withMetadata(Map.of("staff_id", "S-12")),
                "payout-S-12-2026-11");
        Seen request = seen.get(0);
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/api/v1/abcdefghijklmnop/payouts/");
        assertThat(request.header("X-api-key")).isEqualTo("pk_test_key");
        assertThat(request.header("X-api-secret")).isEqualTo("sk_test_secret");
        assertThat(request.header("Content-type")).isEqualTo("application/json");
        assertThat(request.header("Idempotency-key")).isEqualTo("payout-S-12-2026-11");
        assertThat(request.body())
                .isEqualTo("{\"provider\":\"WALLET_SN\",\"amount\":\"5000\",\"recipient_phone\":\"+221771234567\","
                        + "\"recipient_name\":\"Awa Diop\",\"reason\":\"Commission novembre\","
                        + "\"metadata\":{\"staff_id\":\"S-12\"}}");

        assertThat(payout.reference()).isEqualTo("OUT-4KQ7ZP2M");
        assertThat(payout.provider()).isEqualTo("WALLET_SN");
        assertThat(payout.environment()).isEqualTo("sandbox");
        assertThat(payout.amount()).isEqualTo(new BigDecimal("5000.00"));
        assertThat(payout.fee()).isNull();
        assertThat(payout.currency()).isEqualTo("XOF");
        assertThat(payout.recipientPhone()).isEqualTo("+221771234567");
        assertThat(payout.recipientName()).isEqualTo("Awa Diop");
        assertThat(payout.reason()).isEqualTo("Commission novembre");
        assertThat(payout.status()).isEqualTo("PROCESSING");
        assertThat(payout.failureCode()).isNull();
        assertThat(payout.failureReason()).isNull();
        assertThat(payout.metadata().get("staff_id").asText()).isEqualTo("S-12");
        assertThat(payout.createdAt()).hasToString("2026-11-28T09:15:02.118Z");
        assertThat(payout.updatedAt()).isEqualTo(payout.createdAt());
        assertThat(payout.settledAt()).isNull();
    }

    @Test
    void createPayoutSendsOnlyTheRequiredFieldsAndNeedsTheCallersKey() {
        answers.add(Answer.of(201, PAYOUT));
        client.createPayout(PayoutRequest.of("MOBILEMONEY_SN", new BigDecimal("2500"), "+221761234567"), "k-1");
        assertThat(seen.get(0).body())
                .isEqualTo(
                        "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"2500\",\"recipient_phone\":\"+221761234567\"}");

        PayoutRequest request = PayoutRequest.of("WALLET_SN", "5000", "+221771234567");
        assertThatThrownBy(() -> client.createPayout(request, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("idempotencyKey");
        assertThatThrownBy(() -> client.createPayout(request, " "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("idempotencyKey");
        assertThatThrownBy(() -> PayoutRequest.of("WALLET_SN", "5000", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("recipientPhone");
        assertThat(seen).hasSize(1);
    }

    @Test
    void createPayoutRetriesANetworkErrorAndA429WithTheSameKeyAndBody() {
        answers.add(new Answer(-1, "", Map.of(), 0));
        answers.add(new Answer(429, "{\"status\":429}", Map.of("Retry-After", "0"), 0));
        answers.add(Answer.of(201, PAYOUT));
        Payout payout = client.createPayout(PayoutRequest.of("WALLET_SN", "5000", "+221771234567"), "k-retry");
        assertThat(payout.reference()).isEqualTo("OUT-4KQ7ZP2M");
        assertThat(seen).hasSize(3);
        assertThat(seen).allSatisfy(s -> assertThat(s.header("Idempotency-key")).isEqualTo("k-retry"));
        assertThat(seen).extracting(Seen::body).containsOnly(seen.get(0).body());
    }

    @Test
    void payoutErrorsCarryTheApiErrorBodyAndAreNotRetried() {
        answers.add(Answer.of(
                403,
                "{\"status\":403,\"error\":\"Forbidden\",\"message\":\"Payouts are turned off for this application\","
                        + "\"timestamp\":\"2026-11-28T09:15:02.118+00:00\"}"));
        assertThatThrownBy(() -> client.createPayout(PayoutRequest.of("WALLET_SN", "5000", "+221771234567"), "k-off"))
                .isInstanceOfSatisfying(XaalisException.class, e -> {
                    assertThat(e.status()).isEqualTo(403);
                    assertThat(e.retryable()).isFalse();
                    assertThat(e.error().message()).contains("turned off");
                });
        answers.add(Answer.of(
                400,
                "{\"status\":400,\"error\":\"Bad Request\",\"message\":\"Invalid request\","
                        + "\"errors\":{\"recipient_phone\":[\"must be +221 and a mobile number\"]}}"));
        assertThatThrownBy(() -> client.createPayout(PayoutRequest.of("WALLET_SN", "5000", "+33612345678"), "k-bad"))
                .isInstanceOfSatisfying(XaalisException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.error().errors())
                            .containsEntry("recipient_phone", List.of("must be +221 and a mobile number"));
                });
        answers.add(Answer.of(422, "{\"status\":422,\"error\":\"Unprocessable Entity\",\"message\":\"another body\"}"));
        assertThatThrownBy(() -> client.createPayout(PayoutRequest.of("WALLET_SN", "5001", "+221771234567"), "k-bad"))
                .isInstanceOfSatisfying(XaalisException.class, e -> {
                    assertThat(e.status()).isEqualTo(422);
                    assertThat(e.retryable()).isFalse();
                });
        answers.add(Answer.of(404, "{\"status\":404,\"error\":\"Not Found\",\"message\":\"No such payout\"}"));
        assertThatThrownBy(() -> client.readPayout("OUT-NOPE0000"))
                .isInstanceOfSatisfying(
                        XaalisException.class, e -> assertThat(e.status()).isEqualTo(404));
        assertThat(seen).hasSize(4);
    }

    @Test
    void getAndListPayoutsUseTheirPathsAndFilters() {
        answers.add(
                Answer.of(200, PAYOUT.replace("PROCESSING", "SUCCESS").replace("\"fee\":null", "\"fee\":\"50.00\"")));
        Payout payout = client.readPayout("OUT-4KQ7ZP2M");
        assertThat(payout.status()).isEqualTo("SUCCESS");
        assertThat(payout.fee()).isEqualTo(new BigDecimal("50.00"));
        answers.add(
                Answer.of(200, "{\"data\":[" + PAYOUT + "," + PAYOUT + "],\"has_more\":true,\"next_cursor\":\"c1\"}"));
        PayoutPage page = client.listPayouts(PayoutQuery.all()
                .status("FAILED")
                .provider("WALLET_SN")
                .createdBetween(Instant.parse("2026-11-01T00:00:00Z"), Instant.parse("2026-12-01T00:00:00Z"))
                .after("c0")
                .limit(2));
        assertThat(page.payouts()).hasSize(2).allSatisfy(p -> assertThat(p.reference())
                .isEqualTo("OUT-4KQ7ZP2M"));
        assertThat(page.hasMore()).isTrue();
        assertThat(page.nextCursor()).isEqualTo("c1");
        answers.add(Answer.of(200, "{\"data\":[],\"has_more\":false,\"next_cursor\":null}"));
        PayoutPage last = client.listPayouts(PayoutQuery.all());
        assertThat(last.payouts()).isEmpty();
        assertThat(last.nextCursor()).isNull();
        assertThat(seen)
                .extracting(s -> s.method() + " " + s.path())
                .containsExactly(
                        "GET /api/v1/abcdefghijklmnop/payouts/OUT-4KQ7ZP2M/",
                        "GET /api/v1/abcdefghijklmnop/payouts/",
                        "GET /api/v1/abcdefghijklmnop/payouts/");
        assertThat(seen.get(1).query())
                .isEqualTo("status=FAILED&provider=WALLET_SN&created_from=2026-11-01T00%3A00%3A00Z"
                        + "&created_to=2026-12-01T00%3A00%3A00Z&cursor=c0&limit=2");
        assertThat(seen.get(2).query()).isEqualTo("limit=20");
        assertThat(seen).allSatisfy(s -> assertThat(s.header("Idempotency-key")).isNull());
    }

    static final String SETTLEMENT = "{\"id\":\"019ad0a4-2d25-7e47-8ab9-12e6c632952b\",\"reference\":\"STL-4KQ7ZP2M\","
            + "\"environment\":\"sandbox\",\"amount\":\"4500.00\",\"currency\":\"XOF\",\"provider\":\"WALLET_SN\","
            + "\"destination\":\"+221 77 *** ** 67\",\"status\":\"PROCESSING\",\"payout_reference\":\"OUT-TO0UE0ED\","
            + "\"origin\":\"api\",\"failure_code\":null,\"failure_reason\":null,"
            + "\"created_at\":\"2026-11-28T09:15:02.118000Z\",\"updated_at\":\"2026-11-28T09:15:02.118000Z\"}";

    @Test
    void balanceAndItsTransactionsUseTheirPathsAndReadTheirFields() {
        answers.add(Answer.of(
                200,
                "{\"environment\":\"sandbox\",\"currency\":\"XOF\",\"available\":\"14770.00\","
                        + "\"pending\":\"1477.00\"}"));
        Balance balance = client.balance();
        assertThat(balance)
                .isEqualTo(new Balance("sandbox", "XOF", new BigDecimal("14770.00"), new BigDecimal("1477.00")));
        answers.add(Answer.of(
                200,
                "{\"data\":[{\"id\":\"019ab1c3\",\"type\":\"refund\",\"amount\":\"-1000.00\",\"fee\":\"0.00\","
                        + "\"net\":\"-1000.00\",\"reference\":\"SVC-Q4ZP81MD\","
                        + "\"created_at\":\"2026-11-23T10:02:11.000000Z\",\"available_on\":null},"
                        + "{\"id\":\"019ab1c2\",\"type\":\"payment\",\"amount\":\"1500.00\",\"fee\":\"23.00\","
                        + "\"net\":\"1477.00\",\"reference\":\"SVC-7K2M9QXA\","
                        + "\"created_at\":\"2026-11-22T08:45:00.123456Z\",\"available_on\":\"2026-11-23\"},"
                        + "{\"id\":\"019ab1c1\",\"type\":\"adjustment\",\"amount\":\"500.00\",\"fee\":\"0.00\","
                        + "\"net\":\"500.00\",\"reference\":\"019ab1c1\",\"created_at\":\"2026-11-21T09:00:00.000000Z\","
                        + "\"available_on\":null,\"description\":\"Geste commercial\"}],"
                        + "\"has_more\":true,\"next_cursor\":\"c1\"}"));
        BalanceTransactionPage page = client.listBalanceTransactions(
                BalanceTransactionQuery.all().after("c0").limit(2));
        assertThat(page.hasMore()).isTrue();
        assertThat(page.nextCursor()).isEqualTo("c1");
        assertThat(page.transactions())
                .containsExactly(
                        new BalanceTransaction(
                                "019ab1c3",
                                "refund",
                                new BigDecimal("-1000.00"),
                                new BigDecimal("0.00"),
                                new BigDecimal("-1000.00"),
                                "SVC-Q4ZP81MD",
                                Instant.parse("2026-11-23T10:02:11Z"),
                                null,
                                null),
                        new BalanceTransaction(
                                "019ab1c2",
                                "payment",
                                new BigDecimal("1500.00"),
                                new BigDecimal("23.00"),
                                new BigDecimal("1477.00"),
                                "SVC-7K2M9QXA",
                                Instant.parse("2026-11-22T08:45:00.123456Z"),
                                java.time.LocalDate.parse("2026-11-23"),
                                null),
                        new BalanceTransaction(
                                "019ab1c1",
                                "adjustment",
                                new BigDecimal("500.00"),
                                new BigDecimal("0.00"),
                                new BigDecimal("500.00"),
                                "019ab1c1",
                                Instant.parse("2026-11-21T09:00:00Z"),
                                null,
                                "Geste commercial"));
        answers.add(Answer.of(200, "{\"data\":[],\"has_more\":false,\"next_cursor\":null}"));
        assertThat(client.listBalanceTransactions(BalanceTransactionQuery.all()).transactions())
                .isEmpty();
        assertThat(seen)
                .extracting(s -> s.method() + " " + s.path() + " " + s.query())
                .containsExactly(
                        "GET /api/v1/abcdefghijklmnop/balance/ null",
                        "GET /api/v1/abcdefghijklmnop/balance/transactions/ cursor=c0&limit=2",
                        "GET /api/v1/abcdefghijklmnop/balance/transactions/ limit=20");
        assertThat(seen).allSatisfy(s -> assertThat(s.header("Idempotency-key")).isNull());
    }

    @Test
    void createSettlementSendsTheAmountUnderTheCallersKeyOrAFreshOneKeptAcrossRetries() {
        answers.add(Answer.of(201, SETTLEMENT));
        Settlement settlement = client.createSettlement(SettlementRequest.of("4500"), "settle-2026-11-28");
        assertThat(seen.get(0).method()).isEqualTo("POST");
        assertThat(seen.get(0).path()).isEqualTo("/api/v1/abcdefghijklmnop/settlements/");
        assertThat(seen.get(0).header("Idempotency-key")).isEqualTo("settle-2026-11-28");
        assertThat(seen.get(0).header("Content-type")).isEqualTo("application/json");
        assertThat(seen.get(0).body()).isEqualTo("{\"amount\":\"4500\"}");
        assertThat(settlement.id()).isEqualTo("019ad0a4-2d25-7e47-8ab9-12e6c632952b");
        assertThat(settlement.reference()).isEqualTo("STL-4KQ7ZP2M");
        assertThat(settlement.environment()).isEqualTo("sandbox");
        assertThat(settlement.amount()).isEqualTo(new BigDecimal("4500.00"));
        assertThat(settlement.currency()).isEqualTo("XOF");
        assertThat(settlement.provider()).isEqualTo("WALLET_SN");
        assertThat(settlement.destination()).isEqualTo("+221 77 *** ** 67");
        assertThat(settlement.status()).isEqualTo("PROCESSING");
        assertThat(settlement.payoutReference()).isEqualTo("OUT-TO0UE0ED");
        assertThat(settlement.origin()).isEqualTo("api");
        assertThat(settlement.failureCode()).isNull();
        assertThat(settlement.failureReason()).isNull();
        assertThat(settlement.createdAt()).hasToString("2026-11-28T09:15:02.118Z");
        assertThat(settlement.updatedAt()).isEqualTo(settlement.createdAt());

        // All that is available, under a fresh key kept across a network error and a 429.
        answers.add(new Answer(-1, "", Map.of(), 0));
        answers.add(new Answer(429, "{\"status\":429}", Map.of("Retry-After", "0"), 0));
        answers.add(Answer.of(201, SETTLEMENT));
        client.createSettlement(SettlementRequest.all(), null);
        List<Seen> all = seen.subList(1, 4);
        assertThat(all).extracting(Seen::body).containsOnly("{}");
        String key = all.get(0).header("Idempotency-key");
        assertThat(key).matches("[0-9a-f-]{36}");
        assertThat(all).allSatisfy(s -> assertThat(s.header("Idempotency-key")).isEqualTo(key));

        assertThatThrownBy(() -> client.createSettlement(SettlementRequest.all(), " "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("idempotencyKey");
        assertThatThrownBy(() -> client.createSettlement(null, "k"))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("request");
        assertThat(seen).hasSize(4);
    }

    @Test
    void aSettlementTheBalanceCannotCoverIsA409() {
        answers.add(Answer.of(
                409,
                "{\"status\":409,\"error\":\"Conflict\",\"message\":\"The available balance does not cover"
                        + " 4500 XOF\"}"));
        assertThatThrownBy(() -> client.createSettlement(SettlementRequest.of(new BigDecimal("4500")), "k-big"))
                .isInstanceOfSatisfying(XaalisException.class, e -> {
                    assertThat(e.status()).isEqualTo(409);
                    assertThat(e.error().message()).contains("does not cover");
                });
        assertThat(seen).hasSize(1);
    }

    @Test
    void readAndListSettlementsUseTheirPaths() {
        answers.add(Answer.of(200, SETTLEMENT.replace("PROCESSING", "PAID")));
        assertThat(client.readSettlement("019ad0a4-2d25-7e47-8ab9-12e6c632952b").status())
                .isEqualTo("PAID");
        answers.add(Answer.of(200, "{\"data\":[" + SETTLEMENT + "],\"has_more\":true,\"next_cursor\":\"c1\"}"));
        SettlementPage page = client.listSettlements(SettlementQuery.all().limit(1));
        assertThat(page.settlements()).extracting(Settlement::reference).containsExactly("STL-4KQ7ZP2M");
        assertThat(page.hasMore()).isTrue();
        answers.add(Answer.of(200, "{\"data\":[],\"has_more\":false,\"next_cursor\":null}"));
        assertThat(client.listSettlements(SettlementQuery.all().limit(1).after(page.nextCursor()))
                        .nextCursor())
                .isNull();
        assertThat(seen)
                .extracting(s -> s.method() + " " + s.path() + " " + s.query())
                .containsExactly(
                        "GET /api/v1/abcdefghijklmnop/settlements/019ad0a4-2d25-7e47-8ab9-12e6c632952b/ null",
                        "GET /api/v1/abcdefghijklmnop/settlements/ limit=1",
                        "GET /api/v1/abcdefghijklmnop/settlements/ cursor=c1&limit=1");
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
