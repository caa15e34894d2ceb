package sn.xaalis.support;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The wallet's payout API as docs/providers.md §2.4 records it: {@code POST /v1/payout} with a required
 * {@code Idempotency-Key} (one payout per key and business, another body under it refused with {@code
 * idempotency-mismatch}), the payout object with its four statuses and {@code payout_error}, the 1 % fee
 * charged on top, {@code GET /v1/payout/{id}}, {@code GET /v1/payouts/search?client_reference=} and
 * {@code GET /v1/balance}. Counts the payouts it created: money moved.
 */
public final class FakeWalletPayouts {

    private static final Set<String> FIELDS = Set.of(
            "currency",
            "receive_amount",
            "mobile",
            "name",
            "client_reference",
            "payment_reason",
            "national_id",
            "aggregated_merchant_id");

    private final FakeProviders fake;
    private final Map<String, Payout> byId = new ConcurrentHashMap<>();
    private final Map<String, Payout> byKey = new ConcurrentHashMap<>();
    private final Map<String, BigDecimal> balances = new ConcurrentHashMap<>();
    private final Map<String, String[]> failures = new ConcurrentHashMap<>();
    private final AtomicInteger posts = new AtomicInteger();
    private final AtomicInteger created = new AtomicInteger();
    private final FakeHold hold = new FakeHold();
    private volatile boolean processing;
    private volatile long answerDelayMillis;

    FakeWalletPayouts(FakeProviders fake) {
        this.fake = fake;
    }

    private record Payout(String apiKey, String key, String request, ObjectNode body) {}

    /** Where a test holds the next payout request. */
    public FakeHold hold() {
        return hold;
    }

    /** Payouts to this number fail with the wallet's code and message. */
    public void failFor(String mobile, String code, String message) {
        failures.put(mobile, new String[] {code, message});
    }

    /** New payouts stay {@code processing} until {@link #settle}. */
    public void processing(boolean processing) {
        this.processing = processing;
    }

    /** The payout is created, but its answer comes this late (a timeout on the caller's side). */
    public void answerAfter(long millis) {
        answerDelayMillis = millis;
    }

    /** The business wallet's balance (else 10 000 000 XOF). */
    public void balance(String apiKey, long amount) {
        balances.put(apiKey, BigDecimal.valueOf(amount));
    }

    /** POSTs to {@code /v1/payout}, created or not. */
    public int posts() {
        return posts.get();
    }

    /** Payouts the wallet created: money sent (whatever became of it). */
    public int created() {
        return created.get();
    }

    /** The payout made under our reference, as the wallet holds it. */
    public ObjectNode payoutFor(String clientReference) {
        return byId.values().stream()
                .map(Payout::body)
                .filter(b -> clientReference.equals(text(b, "client_reference")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no wallet payout for " + clientReference));
    }

    /** The payout's status changes at the wallet ({@code succeeded}, {@code failed}, {@code reversed}). */
    public void settle(String clientReference, String status) {
        ObjectNode payout = payoutFor(clientReference);
        payout.put("status", status);
        if (status.equals("failed")) {
            payout.putObject("payout_error")
                    .put("error_code", "recipient-account-blocked")
                    .put("error_message", "The recipient's account is blocked.");
        }
    }

    void restoreSettings() {
        failures.clear();
        balances.clear();
        processing = false;
        answerDelayMillis = 0;
        hold.release();
    }

    /** The payout calls of an authenticated business; null for a path that is not theirs. */
    FakeProviders.Answer answer(String apiKey, FakeProviders.Received request) {
        String path = request.path();
        String method = request.method();
        if (method.equals("POST") && path.equals("/v1/payout")) {
            long delay = answerDelayMillis; // as set when the request arrived
            posts.incrementAndGet();
            if (hold.hold(FakeHold.Point.BEFORE, request.body())) {
                return FakeWallet.error(503, "service-unavailable", "dropped: the call never arrived");
            }
            FakeProviders.Answer scripted = fake.scripted("wallet.payout");
            if (scripted != null) {
                return scripted;
            }
            FakeProviders.Answer answer = send(apiKey, request);
            hold.hold(FakeHold.Point.AFTER, request.body());
            return delay > 0 ? new FakeProviders.Answer(answer.status(), answer.body(), delay) : answer;
        }
        if (method.equals("GET") && path.equals("/v1/payouts/search")) {
            String reference = FakeProviders.form(request.query() == null ? "" : request.query())
                    .get("client_reference");
            if (reference == null) {
                return FakeWallet.error(400, "request-validation-error", "Request invalid");
            }
            ObjectNode answer = FakeProviders.JSON.createObjectNode();
            ArrayNode result = answer.putArray("result");
            byId.values().stream()
                    .filter(p -> p.apiKey().equals(apiKey) && reference.equals(text(p.body(), "client_reference")))
                    .forEach(p -> result.add(p.body()));
            return FakeProviders.Answer.of(200, answer.toString());
        }
        if (method.equals("GET") && path.startsWith("/v1/payout/")) {
            Payout payout = byId.get(path.substring("/v1/payout/".length()));
            return payout == null || !payout.apiKey().equals(apiKey)
                    ? FakeWallet.error(404, "not-found", "The payout was not found")
                    : FakeProviders.Answer.of(200, payout.body().toString());
        }
        if (method.equals("GET") && path.equals("/v1/balance")) {
            return FakeProviders.Answer.of(
                    200, "{\"amount\":\"" + balance(apiKey).toPlainString() + "\",\"currency\":\"XOF\"}");
        }
        return null;
    }

    private synchronized FakeProviders.Answer send(String apiKey, FakeProviders.Received request) {
        String key = request.header("Idempotency-Key");
        if (key == null || key.isBlank() || key.length() > 255) {
            return FakeWallet.error(
                    400, "missing-idempotency-key", "An 'Idempotency-Key' header is required for POST requests");
        }
        Payout earlier = byKey.get(apiKey + " " + key);
        if (earlier != null) {
            return earlier.request().equals(canonical(request.json()))
                    ? FakeProviders.Answer.of(200, earlier.body().toString())
                    : FakeWallet.error(
                            409,
                            "idempotency-mismatch",
                            "The request does not match the one first sent with this Idempotency-Key");
        }
        JsonNode body = request.json();
        ArrayNode details = FakeProviders.JSON.createArrayNode();
        body.propertyNames().forEach(field -> {
            if (!FIELDS.contains(field)) {
                details.addObject()
                        .put("msg", "extra fields not permitted")
                        .putArray("loc")
                        .add(field);
            }
        });
        for (String required : List.of("currency", "receive_amount", "mobile")) {
            if (!body.path(required).isString()) {
                details.addObject().put("msg", "field required").putArray("loc").add(required);
            }
        }
        String reason = text(body, "payment_reason");
        if (reason != null && reason.length() > 40) {
            details.addObject()
                    .put("msg", "at most 40 characters")
                    .putArray("loc")
                    .add("payment_reason");
        }
        BigDecimal amount = null;
        try {
            amount = new BigDecimal(String.valueOf(text(body, "receive_amount")));
        } catch (NumberFormatException e) {
            details.addObject().put("msg", "invalid amount").putArray("loc").add("receive_amount");
        }
        if (amount != null && (amount.signum() <= 0 || amount.scale() > 0)) {
            details.addObject().put("msg", "invalid amount").putArray("loc").add("receive_amount");
        }
        if (!details.isEmpty()) {
            ObjectNode error = FakeProviders.JSON.createObjectNode();
            error.put("code", "request-validation-error").put("message", "Request invalid");
            error.set("details", details);
            return FakeProviders.Answer.of(400, error.toString());
        }
        BigDecimal fee = amount.movePointLeft(2).setScale(0, RoundingMode.HALF_UP);
        ObjectNode payout = FakeProviders.JSON.createObjectNode();
        String id = "pt-" + Long.toString(System.nanoTime(), 36);
        payout.put("id", id);
        payout.put("currency", "XOF");
        payout.put("receive_amount", amount.toPlainString());
        payout.put("fee", fee.toPlainString());
        payout.put("mobile", text(body, "mobile"));
        payout.put("name", text(body, "name"));
        payout.put("client_reference", text(body, "client_reference"));
        payout.put("payment_reason", reason);
        payout.put(
                "timestamp",
                fake.clock().instant().truncatedTo(ChronoUnit.SECONDS).toString());
        String[] failure = failures.get(text(body, "mobile"));
        BigDecimal balance = balance(apiKey);
        if (failure == null && balance.compareTo(amount.add(fee)) < 0) {
            failure = new String[] {"insufficient-funds", "Your wallet does not have enough funds for this payout."};
        }
        if (failure != null) {
            payout.put("status", "failed");
            payout.putObject("payout_error").put("error_code", failure[0]).put("error_message", failure[1]);
        } else {
            balances.put(apiKey, balance.subtract(amount.add(fee)));
            payout.put("status", processing ? "processing" : "succeeded");
        }
        byId.put(id, new Payout(apiKey, key, canonical(body), payout));
        byKey.put(apiKey + " " + key, byId.get(id));
        created.incrementAndGet();
        return FakeProviders.Answer.of(200, payout.toString());
    }

    private BigDecimal balance(String apiKey) {
        return balances.getOrDefault(apiKey, BigDecimal.valueOf(10_000_000));
    }

    private static String canonical(JsonNode body) {
        return FakeProviders.JSON.writeValueAsString(body);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isString() ? value.stringValue() : null;
    }
}
