package sn.xaalis.sdk;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * The Xaalis payment API for a merchant's server. Thread-safe; create one per application and reuse it.
 *
 * <pre>{@code
 * XaalisClient xaalis = XaalisClient.fromEnvironment();
 * Payment payment = xaalis.initiate(PaymentRequest.of("WALLET_SN", new BigDecimal("1500"))
 *         .withMetadata(Map.of("order_id", "o-42")));
 * // show payment.deepLinks() or payment.qrCode() to the customer, then wait for the webhook
 * }</pre>
 *
 * <p>Every POST carries an {@code Idempotency-Key} (generated unless you pass one, as to
 * {@link #createSettlement(SettlementRequest, String)}; a payout's is always yours, see
 * {@link #createPayout(PayoutRequest, String)}), kept across
 * retries, so a retried call never creates or changes anything twice. Network errors and 429 answers
 * are retried ({@link Builder#maxRetries(int)}, honouring {@code Retry-After}); other errors throw
 * {@link XaalisException} with the API's error body.
 */
public final class XaalisClient {

    private static final String USER_AGENT = "xaalis-java/0.1";

    private final String baseUrl;
    private final String endpointKey;
    private final String apiKey;
    private final String apiSecret;
    private final Duration requestTimeout;
    private final int maxRetries;
    private final Duration retryDelay;
    private final Duration maxRetryAfter;
    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper();

    private XaalisClient(Builder builder) {
        this.baseUrl = stripSlash(require(builder.baseUrl, "baseUrl"));
        this.endpointKey = require(builder.endpointKey, "endpointKey");
        this.apiKey = require(builder.apiKey, "apiKey");
        this.apiSecret = require(builder.apiSecret, "apiSecret");
        this.requestTimeout = builder.requestTimeout;
        this.maxRetries = builder.maxRetries;
        this.retryDelay = builder.retryDelay;
        this.maxRetryAfter = builder.maxRetryAfter;
        this.http = HttpClient.newBuilder()
                .connectTimeout(builder.connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    /** Starts configuring a client. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A client configured from {@code XAALIS_BASE_URL}, {@code XAALIS_ENDPOINT_KEY}, {@code XAALIS_API_KEY}
     * and {@code XAALIS_API_SECRET}.
     *
     * @throws IllegalStateException naming the first variable that is not set
     */
    public static XaalisClient fromEnvironment() {
        return fromEnvironment(System.getenv());
    }

    static XaalisClient fromEnvironment(Map<String, String> env) {
        return builder()
                .baseUrl(env(env, "XAALIS_BASE_URL"))
                .endpointKey(env(env, "XAALIS_ENDPOINT_KEY"))
                .apiKey(env(env, "XAALIS_API_KEY"))
                .apiSecret(env(env, "XAALIS_API_SECRET"))
                .build();
    }

    /** Starts collecting a payment, with a fresh idempotency key. */
    public Payment initiate(PaymentRequest request) {
        return initiate(request, UUID.randomUUID().toString());
    }

    /**
     * Starts collecting a payment.
     *
     * @param idempotencyKey at most 255 characters; the same key and request within 24 h return the
     *     first payment instead of creating another (use your order id to survive your own restarts)
     */
    public Payment initiate(PaymentRequest request, String idempotencyKey) {
        ObjectNode body = json.createObjectNode();
        body.put("provider", request.provider());
        body.put("amount", request.amount().toPlainString());
        putIfPresent(body, "currency", request.currency());
        putIfPresent(body, "description", request.description());
        putIfPresent(body, "customer_phone", request.customerPhone());
        putIfPresent(body, "customer_name", request.customerName());
        putIfPresent(body, "metadata", request.metadata());
        putIfPresent(body, "success_url", request.successUrl());
        putIfPresent(body, "error_url", request.errorUrl());
        return payment(send("POST", "/payments/initiate/", body.toString(), idempotencyKey));
    }

    /** The payment's current status (catch up after a missed notification, or confirm before delivering). */
    public Payment status(String reference) {
        return payment(send("GET", "/payments/" + segment(reference) + "/status/", null, null));
    }

    /** A page of payments of this application and environment, newest first. */
    public PaymentPage list(PaymentQuery query) {
        return filteredPage("/payments/", query, this::payment, PaymentPage::new);
    }

    /** Cancels a PROCESSING payment (409 when it already left PROCESSING). */
    public Payment cancel(String reference) {
        return payment(post("/payments/" + segment(reference) + "/cancel/", null));
    }

    /** Refunds a SUCCESS payment (409 when it is not SUCCESS). */
    public Payment refund(String reference) {
        return payment(post("/payments/" + segment(reference) + "/refund/", null));
    }

    /**
     * Completes a PROCESSING {@code MOBILEMONEY_SN} payment with the one-time code the customer got by
     * dialling the operator's USSD menu.
     *
     * <p>The payment comes back {@code SUCCESS}, or {@code FAILED} ({@link Payment#errorMessage()} says why:
     * insufficient funds, the code refused three times); or still {@code PROCESSING} (a 202) when the
     * operator has not answered yet, in which case the webhook or {@link #status(String)} tells the end. A
     * code the operator refuses while tries remain throws a 400 {@link XaalisException} whose
     * {@code error().errors()} has {@code otp} (the payment stays PROCESSING: ask the customer again); a
     * {@code WALLET_SN} payment, a 400 with {@code provider}; a payment no longer PROCESSING, or whose
     * previous code is still being checked, a 409. The code is sent once in the body and never appears
     * in a message.
     *
     * @param phone the customer's Senegal number, with or without {@code +221}, spaces allowed
     * @param otp the one-time code, as the customer typed it
     */
    public Payment payWithCode(String reference, String phone, String otp) {
        Objects.requireNonNull(phone, "phone");
        Objects.requireNonNull(otp, "otp");
        ObjectNode body = json.createObjectNode();
        body.put("customer_phone", phone);
        body.put("otp", otp);
        return payment(post("/payments/" + segment(reference) + "/otp", body.toString()));
    }

    /** Forces a sandbox payment's outcome (sandbox keys only), which sends its notification. */
    public Payment simulate(String reference, Outcome outcome) {
        String body = "{\"outcome\":\"" + outcome.name() + "\"}";
        return payment(post("/sandbox/payments/" + segment(reference) + "/simulate", body));
    }

    /** Creates a payment link to share or print as its QR code, with a fresh idempotency key. */
    public PaymentLink createPaymentLink(PaymentLinkRequest request) {
        return createPaymentLink(request, UUID.randomUUID().toString());
    }

    /**
     * Creates a payment link to share or print as its QR code.
     *
     * @param idempotencyKey as for {@link #initiate(PaymentRequest, String)}
     */
    public PaymentLink createPaymentLink(PaymentLinkRequest request, String idempotencyKey) {
        ObjectNode body = json.createObjectNode();
        putIfPresent(body, "amount", request.amount());
        putIfPresent(body, "min_amount", request.minAmount());
        putIfPresent(body, "max_amount", request.maxAmount());
        putIfPresent(body, "currency", request.currency());
        putIfPresent(body, "description", request.description());
        if (request.providers() != null) {
            request.providers().forEach(body.putArray("providers")::add);
        }
        if (request.singleUse() != null) {
            body.put("single_use", request.singleUse().booleanValue());
        }
        putIfPresent(
                body,
                "expires_at",
                request.expiresAt() == null ? null : request.expiresAt().toString());
        return paymentLink(send("POST", "/payment-links/", body.toString(), idempotencyKey));
    }

    /** The first page of this application's payment links in the keys' environment, 20 a page. */
    public PaymentLinkPage listPaymentLinks() {
        return listPaymentLinks(null, 20);
    }

    /**
     * A page of this application's payment links in the keys' environment, newest first.
     *
     * @param cursor the {@link PaymentLinkPage#nextCursor()} of the previous page; null for the first
     * @param limit page size, 1 to 100
     */
    public PaymentLinkPage listPaymentLinks(String cursor, int limit) {
        return page("/payment-links/", new ArrayList<>(), cursor, limit, this::paymentLink, PaymentLinkPage::new);
    }

    /** Stops a payment link for good (payments it already started are not touched); 404 for an unknown code. */
    public PaymentLink deactivatePaymentLink(String code) {
        return paymentLink(post("/payment-links/" + segment(code) + "/deactivate/", null));
    }

    /**
     * Sends money to a Senegalese mobile number from the application's provider account (payouts must be
     * turned on for the application first, else a 403).
     *
     * <p>The key is required and never generated: a payout is sent at most once per key, however late the
     * same call is retried. After a lost answer retry with the same key (the same payout comes back), never
     * with a new one; the same key with another request is refused with a 422.
     *
     * @param idempotencyKey 1 to 255 characters, yours to keep with the payout you mean (such as your
     *     own payout's id)
     * @throws NullPointerException without a request or a key
     * @throws IllegalArgumentException for a blank key
     */
    public Payout createPayout(PayoutRequest request, String idempotencyKey) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(idempotencyKey, "idempotencyKey");
        if (idempotencyKey.isBlank()) {
            throw new IllegalArgumentException("idempotencyKey must not be blank");
        }
        ObjectNode body = json.createObjectNode();
        body.put("provider", request.provider());
        body.put("amount", request.amount().toPlainString());
        body.put("recipient_phone", request.recipientPhone());
        putIfPresent(body, "recipient_name", request.recipientName());
        putIfPresent(body, "reason", request.reason());
        putIfPresent(body, "metadata", request.metadata());
        return payout(send("POST", "/payouts/", body.toString(), idempotencyKey));
    }

    /** The payout as it stands; 404 for a reference that is not one of this application's in the keys' environment. */
    public Payout readPayout(String reference) {
        return payout(send("GET", "/payouts/" + segment(reference) + "/", null, null));
    }

    /** A page of payouts of this application and environment, newest first. */
    public PayoutPage listPayouts(PayoutQuery query) {
        return filteredPage("/payouts/", query, XaalisClient::payout, PayoutPage::new);
    }

    /** The application's balance in the keys' environment: available, and pending until its delay ends. */
    public Balance balance() {
        JsonNode node = send("GET", "/balance/", null, null);
        return new Balance(
                text(node, "environment"),
                text(node, "currency"),
                decimal(node, "available"),
                decimal(node, "pending"));
    }

    /** A page of what moved the balance (payments, refunds, settlements…), newest first. */
    public BalanceTransactionPage listBalanceTransactions(BalanceTransactionQuery query) {
        Objects.requireNonNull(query, "query");
        return page(
                "/balance/transactions/",
                new ArrayList<>(),
                query.cursor(),
                query.limit(),
                XaalisClient::balanceTransaction,
                BalanceTransactionPage::new);
    }

    /**
     * Pays the available balance (all of it, or the request's amount) out to the application's own number,
     * set in the portal. The balance is debited at once; a failed or reversed settlement credits it back.
     *
     * <p>The same key and request answer the same settlement however late they are retried; the same key
     * with another request is refused with a 422. A 409 when no number is set (or it changed less than 24 h
     * ago) or when {@code available} does not cover the amount.
     *
     * @param idempotencyKey 1 to 255 characters (such as your own withdrawal's id, to retry it safely after
     *     a lost answer); null for a fresh one, kept across this call's own retries
     * @throws NullPointerException without a request
     * @throws IllegalArgumentException for a blank key
     */
    public Settlement createSettlement(SettlementRequest request, String idempotencyKey) {
        Objects.requireNonNull(request, "request");
        if (idempotencyKey != null && idempotencyKey.isBlank()) {
            throw new IllegalArgumentException("idempotencyKey must not be blank");
        }
        ObjectNode body = json.createObjectNode();
        putIfPresent(body, "amount", request.amount());
        String key = idempotencyKey == null ? UUID.randomUUID().toString() : idempotencyKey;
        return settlement(send("POST", "/settlements/", body.toString(), key));
    }

    /** The settlement as it stands; 404 for an id that is not one of this application's in the keys' environment. */
    public Settlement readSettlement(String id) {
        return settlement(send("GET", "/settlements/" + segment(id) + "/", null, null));
    }

    /** A page of settlements of this application and environment, newest first. */
    public SettlementPage listSettlements(SettlementQuery query) {
        Objects.requireNonNull(query, "query");
        return page(
                "/settlements/",
                new ArrayList<>(),
                query.cursor(),
                query.limit(),
                XaalisClient::settlement,
                SettlementPage::new);
    }

    /** How a list call builds its page from the items, {@code has_more} and {@code next_cursor}. */
    private interface PageOf<T, P> {
        P of(List<T> items, boolean hasMore, String nextCursor);
    }

    /** GETs the page of a filtered list ({@link PaymentQuery}, {@link PayoutQuery}) that {@code query} asks for. */
    private <T, P> P filteredPage(String path, ListQuery query, Function<JsonNode, T> item, PageOf<T, P> pageOf) {
        List<String> params = new ArrayList<>();
        addParam(params, "status", query.status());
        addParam(params, "provider", query.provider());
        addParam(
                params,
                "created_from",
                query.createdFrom() == null ? null : query.createdFrom().toString());
        addParam(
                params,
                "created_to",
                query.createdTo() == null ? null : query.createdTo().toString());
        return page(path, params, query.cursor(), query.limit(), item, pageOf);
    }

    /** GETs one page of a list: {@code filters}, then the cursor and the limit, as the query. */
    private <T, P> P page(
            String path,
            List<String> filters,
            String cursor,
            int limit,
            Function<JsonNode, T> item,
            PageOf<T, P> pageOf) {
        addParam(filters, "cursor", cursor);
        addParam(filters, "limit", Integer.toString(limit));
        JsonNode page = send("GET", path + "?" + String.join("&", filters), null, null);
        List<T> items = new ArrayList<>();
        page.path("data").forEach(node -> items.add(item.apply(node)));
        return pageOf.of(items, page.path("has_more").asBoolean(false), text(page, "next_cursor"));
    }

    /** A POST with a fresh idempotency key, kept across its retries. */
    private JsonNode post(String path, String body) {
        return send("POST", path, body, UUID.randomUUID().toString());
    }

    private JsonNode send(String method, String path, String body, String idempotencyKey) {
        URI uri = URI.create(baseUrl + "/api/v1/" + segment(endpointKey) + path);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(requestTimeout)
                .header("X-Api-Key", apiKey)
                .header("X-Api-Secret", apiSecret)
                .header("Accept", "application/json")
                .header("User-Agent", USER_AGENT);
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        if (body != null) {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpRequest built = request.build();
        for (int attempt = 0; ; attempt++) {
            HttpResponse<String> response;
            try {
                response = http.send(built, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            } catch (IOException e) {
                if (attempt >= maxRetries) {
                    throw new XaalisException(
                            "Xaalis could not be reached after " + (attempt + 1) + " attempts: " + e, e);
                }
                pause(backoff(attempt));
                continue;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new XaalisException("Interrupted while calling Xaalis", e);
            }
            int status = response.statusCode();
            if (status == 429 && attempt < maxRetries) {
                pause(retryAfter(response).orElse(backoff(attempt)));
                continue;
            }
            if (status >= 200 && status < 300) {
                return parse(response.body(), status);
            }
            throw new XaalisException(error(response));
        }
    }

    private java.util.Optional<Duration> retryAfter(HttpResponse<?> response) {
        return response.headers().firstValue("Retry-After").flatMap(value -> {
            try {
                long seconds = Long.parseLong(value.trim());
                Duration wait = Duration.ofSeconds(Math.max(0, seconds));
                return java.util.Optional.of(wait.compareTo(maxRetryAfter) > 0 ? maxRetryAfter : wait);
            } catch (NumberFormatException e) {
                return java.util.Optional.empty();
            }
        });
    }

    private Duration backoff(int attempt) {
        long base = retryDelay.toMillis() << Math.min(attempt, 10);
        // Jitter spreads the retries of many clients that failed together.
        return Duration.ofMillis(base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1));
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new XaalisException("Interrupted while waiting to retry", e);
        }
    }

    private JsonNode parse(String body, int status) {
        try {
            return json.readTree(body);
        } catch (JsonProcessingException e) {
            throw new XaalisException(new ApiError(status, "Invalid response", "The response is not JSON", null, null));
        }
    }

    private ApiError error(HttpResponse<String> response) {
        int status = response.statusCode();
        JsonNode body;
        try {
            body = json.readTree(response.body());
        } catch (JsonProcessingException e) {
            body = null;
        }
        if (body == null || !body.isObject()) {
            return new ApiError(status, "HTTP " + status, "The response carried no error body", null, null);
        }
        Map<String, List<String>> errors = new LinkedHashMap<>();
        body.path("errors").fields().forEachRemaining(field -> {
            List<String> messages = new ArrayList<>();
            field.getValue().forEach(message -> messages.add(message.asText()));
            errors.put(field.getKey(), messages);
        });
        return new ApiError(
                body.path("status").asInt(status),
                text(body, "error"),
                text(body, "message"),
                text(body, "timestamp"),
                errors);
    }

    private Payment payment(JsonNode node) {
        Map<String, String> links = new LinkedHashMap<>();
        node.path("deep_links")
                .fields()
                .forEachRemaining(e -> links.put(e.getKey(), e.getValue().asText()));
        return new Payment(
                text(node, "transaction_uuid"),
                text(node, "reference"),
                text(node, "provider"),
                text(node, "environment"),
                decimal(node, "amount"),
                text(node, "currency"),
                text(node, "status"),
                java.util.Collections.unmodifiableMap(links),
                text(node, "qr_code"),
                text(node, "provider_reference"),
                instant(node, "expires_at"),
                instant(node, "created_at"),
                instant(node, "paid_at"),
                instant(node, "expired_at"),
                text(node, "error_message"),
                node.has("metadata") ? node.get("metadata") : json.createObjectNode(),
                decimal(node, "fee"),
                decimal(node, "net_amount"));
    }

    /** A payout object of an answer, or the {@code data} of a payout notification. */
    static Payout payout(JsonNode node) {
        return new Payout(
                text(node, "reference"),
                text(node, "provider"),
                text(node, "environment"),
                decimal(node, "amount"),
                decimal(node, "fee"),
                text(node, "currency"),
                text(node, "recipient_phone"),
                text(node, "recipient_name"),
                text(node, "reason"),
                text(node, "status"),
                text(node, "failure_code"),
                text(node, "failure_reason"),
                node.has("metadata") ? node.get("metadata") : JsonNodeFactory.instance.objectNode(),
                instant(node, "created_at"),
                instant(node, "updated_at"),
                instant(node, "settled_at"));
    }

    /** A settlement object of an answer, or the {@code data} of a settlement notification. */
    static Settlement settlement(JsonNode node) {
        return new Settlement(
                text(node, "id"),
                text(node, "reference"),
                text(node, "environment"),
                decimal(node, "amount"),
                text(node, "currency"),
                text(node, "provider"),
                text(node, "destination"),
                text(node, "status"),
                text(node, "payout_reference"),
                text(node, "origin"),
                text(node, "failure_code"),
                text(node, "failure_reason"),
                instant(node, "created_at"),
                instant(node, "updated_at"));
    }

    private static BalanceTransaction balanceTransaction(JsonNode node) {
        String availableOn = text(node, "available_on");
        return new BalanceTransaction(
                text(node, "id"),
                text(node, "type"),
                decimal(node, "amount"),
                decimal(node, "fee"),
                decimal(node, "net"),
                text(node, "reference"),
                instant(node, "created_at"),
                availableOn == null ? null : java.time.LocalDate.parse(availableOn),
                text(node, "description"));
    }

    private PaymentLink paymentLink(JsonNode node) {
        List<String> providers = new ArrayList<>();
        node.path("providers").forEach(provider -> providers.add(provider.asText()));
        return new PaymentLink(
                text(node, "code"),
                text(node, "url"),
                text(node, "qr_code"),
                text(node, "environment"),
                decimal(node, "amount"),
                decimal(node, "min_amount"),
                decimal(node, "max_amount"),
                text(node, "currency"),
                text(node, "description"),
                providers,
                node.path("single_use").asBoolean(false),
                instant(node, "expires_at"),
                node.path("active").asBoolean(false),
                text(node, "state"),
                instant(node, "created_at"));
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static BigDecimal decimal(JsonNode node, String field) {
        String value = text(node, field);
        return value == null ? null : new BigDecimal(value);
    }

    private static Instant instant(JsonNode node, String field) {
        String value = text(node, field);
        return value == null ? null : java.time.OffsetDateTime.parse(value).toInstant();
    }

    private static void putIfPresent(ObjectNode body, String field, String value) {
        if (value != null) {
            body.put(field, value);
        }
    }

    private static void putIfPresent(ObjectNode body, String field, BigDecimal value) {
        if (value != null) {
            body.put(field, value.toPlainString());
        }
    }

    private void putIfPresent(ObjectNode body, String field, Map<String, ?> value) {
        if (value != null) {
            body.set(field, json.valueToTree(value));
        }
    }

    private static void addParam(List<String> params, String name, String value) {
        if (value != null) {
            params.add(name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
        }
    }

    private static String segment(String value) {
        Objects.requireNonNull(value, "a reference or code");
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String env(Map<String, String> env, String name) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("Environment variable " + name + " is not set");
        }
        return value;
    }

    private static String require(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(name + " is required");
        }
        return value;
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    @Override
    public String toString() {
        // The secret stays out of logs.
        return "XaalisClient[" + baseUrl + ", " + endpointKey + ", " + apiKey + "]";
    }

    /** Configuration of a {@link XaalisClient}; {@code baseUrl}, {@code endpointKey} and both keys are required. */
    public static final class Builder {
        private String baseUrl;
        private String endpointKey;
        private String apiKey;
        private String apiSecret;
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration requestTimeout = Duration.ofSeconds(30);
        private int maxRetries = 2;
        private Duration retryDelay = Duration.ofMillis(250);
        private Duration maxRetryAfter = Duration.ofSeconds(30);

        private Builder() {}

        /** Where Xaalis runs, such as {@code https://pay.example.com}. */
        public Builder baseUrl(String value) {
            this.baseUrl = value;
            return this;
        }

        /** Your application's endpoint key (the path segment after {@code /api/v1/}). */
        public Builder endpointKey(String value) {
            this.endpointKey = value;
            return this;
        }

        /** {@code pk_test_…} or {@code pk_live_…}; the environment follows from the keys. */
        public Builder apiKey(String value) {
            this.apiKey = value;
            return this;
        }

        /** {@code sk_test_…} or {@code sk_live_…}: a server-side secret, never sent to a browser. */
        public Builder apiSecret(String value) {
            this.apiSecret = value;
            return this;
        }

        /** Default 5 s. */
        public Builder connectTimeout(Duration value) {
            this.connectTimeout = Objects.requireNonNull(value);
            return this;
        }

        /** Per attempt, default 30 s. */
        public Builder requestTimeout(Duration value) {
            this.requestTimeout = Objects.requireNonNull(value);
            return this;
        }

        /** Further attempts after a network error or a 429; default 2, 0 disables retries. */
        public Builder maxRetries(int value) {
            if (value < 0) {
                throw new IllegalArgumentException("maxRetries must not be negative");
            }
            this.maxRetries = value;
            return this;
        }

        /** First pause after a network error, doubled on each retry (with jitter); default 250 ms. */
        public Builder retryDelay(Duration value) {
            this.retryDelay = Objects.requireNonNull(value);
            return this;
        }

        /** The longest {@code Retry-After} honoured; default 30 s. */
        public Builder maxRetryAfter(Duration value) {
            this.maxRetryAfter = Objects.requireNonNull(value);
            return this;
        }

        /**
         * The client.
         *
         * @return a thread-safe client
         * @throws IllegalStateException when a required setting is missing
         */
        public XaalisClient build() {
            return new XaalisClient(this);
        }
    }
}
