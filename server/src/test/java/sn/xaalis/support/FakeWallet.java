package sn.xaalis.support;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import sn.xaalis.provider.live.WalletSignatures;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The wallet's checkout API as docs/providers.md records it: bearer API keys bound to one business,
 * {@code /v1/checkout/sessions} (create, get, search by client_reference, expire, refund), its
 * {@code {code, message, details}} errors, and its events POSTed to the webhook each business registered,
 * signed ({@code Wave-Signature}) or with the shared secret.
 */
public final class FakeWallet {

    private static final Set<String> SESSION_FIELDS = Set.of(
            "amount",
            "currency",
            "error_url",
            "success_url",
            "client_reference",
            "restrict_payer_mobile",
            "aggregated_merchant_id");
    private static final String ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

    private final FakeProviders fake;
    private final Map<String, Account> accounts = new ConcurrentHashMap<>();
    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    private final List<FakeProviders.Sent> sent = new CopyOnWriteArrayList<>();
    private volatile boolean down;
    private volatile boolean loseNextAnswer;
    private volatile long hangMillis;
    private volatile Instant nextExpiry;
    private volatile java.util.function.Consumer<String> onCreate = reference -> {};
    private final FakeWalletPayouts payouts;

    FakeWallet(FakeProviders fake) {
        this.fake = fake;
        this.payouts = new FakeWalletPayouts(fake);
    }

    /** The payout API of the same businesses. */
    public FakeWalletPayouts payouts() {
        return payouts;
    }

    /** A business's webhook, as registered in its Business portal: where, and how it is authenticated. */
    public record Webhook(String url, String strategy, String secret) {}

    private static final class Account {
        final String apiKey;
        volatile boolean revoked;
        volatile boolean checkoutAccess = true;
        volatile boolean payoutAccess = true;
        volatile boolean down;
        volatile Webhook webhook;

        Account(String apiKey) {
            this.apiKey = apiKey;
        }
    }

    private record Session(String apiKey, ObjectNode body) {}

    /** A business with this API key; idempotent. */
    public FakeWallet account(String apiKey) {
        accounts.computeIfAbsent(apiKey, Account::new);
        return this;
    }

    /** The business revokes the key in its portal: every call with it is refused. */
    public void revoke(String apiKey) {
        accounts.get(apiKey).revoked = true;
    }

    /** The key was created without access to the Checkout API (keys are scoped per API in the portal). */
    public void withoutCheckoutAccess(String apiKey) {
        accounts.get(apiKey).checkoutAccess = false;
    }

    /** The key was created without access to the Payout API. */
    public void withoutPayoutAccess(String apiKey) {
        accounts.get(apiKey).payoutAccess = false;
    }

    /** Registers where this business's events go; {@code strategy} is {@code signing} or {@code shared}. */
    public void webhook(String apiKey, String url, String strategy, String secret) {
        accounts.get(apiKey).webhook = new Webhook(url, strategy, secret);
    }

    /** Every call answers 503 {@code service-unavailable} while down. */
    public void down(boolean down) {
        this.down = down;
    }

    /** This business's calls alone answer 503 while down (one merchant's trouble, the others served). */
    public void down(String apiKey, boolean down) {
        accounts.get(apiKey).down = down;
    }

    /** Every call is answered only after {@code millis} (0: at once): a wallet whose API hangs. */
    public void hang(long millis) {
        this.hangMillis = millis;
    }

    /** The next creation opens its session, but its answer comes too late for the caller (a lost answer). */
    public void loseNextCreationAnswer() {
        loseNextAnswer = true;
    }

    /** Runs with each creation's client_reference once its session exists, before the answer leaves. */
    public void onCreate(java.util.function.Consumer<String> hook) {
        onCreate = hook;
    }

    /** The deadline of the next session created (else 30 minutes, as the wallet's own). */
    public void nextExpiry(Instant expiry) {
        this.nextExpiry = expiry;
    }

    /**
     * Back to a new wallet's behaviour (up, answering in time, 30-minute sessions) and installation account
     * (no webhook registered yet); the other accounts and the sessions stay.
     */
    void restoreSettings() {
        down = false;
        hangMillis = 0;
        loseNextAnswer = false;
        nextExpiry = null;
        onCreate = reference -> {};
        payouts.restoreSettings();
        accounts.put(FakeProviders.WALLET_KEY, new Account(FakeProviders.WALLET_KEY));
    }

    public List<FakeProviders.Sent> sent() {
        return List.copyOf(sent);
    }

    /** The session opened for one of our references, as the wallet holds it. */
    public ObjectNode sessionFor(String clientReference) {
        return sessions.values().stream()
                .filter(s -> clientReference.equals(text(s.body(), "client_reference")))
                .map(Session::body)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no wallet session for " + clientReference));
    }

    /** The customer pays the session: it completes, and the business's webhook hears of it. */
    public FakeProviders.Sent pay(String clientReference) {
        ObjectNode session = complete(clientReference);
        return deliver(accountOf(session), "checkout.session.completed", session);
    }

    /** The session is paid, but the event is not sent (lost on the way). */
    public ObjectNode complete(String clientReference) {
        ObjectNode session = sessionFor(clientReference);
        session.put("checkout_status", "complete");
        session.put("payment_status", "succeeded");
        session.put("transaction_id", "T" + random(10).toUpperCase(java.util.Locale.ROOT));
        session.put("when_completed", now());
        session.putNull("last_payment_error");
        return session;
    }

    /**
     * The wallet expires the session itself (its {@code when_expires} passed): as the wallet publishes
     * it, {@code checkout_status} {@code expired} with {@code payment_status} {@code cancelled}.
     */
    public ObjectNode expireAtWallet(String clientReference) {
        ObjectNode session = sessionFor(clientReference);
        expire(session);
        return session;
    }

    /** An attempt to pay fails (the session stays open), and the webhook hears of it. */
    public FakeProviders.Sent failAttempt(String clientReference, String code, String message) {
        ObjectNode session = sessionFor(clientReference);
        session.putObject("last_payment_error").put("code", code).put("message", message);
        return deliver(accountOf(session), "checkout.session.payment_failed", session);
    }

    /** The event body the wallet sends for a session, as bytes to sign in a test. */
    public static byte[] event(String id, String type, JsonNode session) {
        return ("{\"id\":\"" + id + "\",\"type\":\"" + type + "\",\"data\":" + session + "}")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** {@code t=…,v1=…} for a body, as the wallet signs it. */
    public static String signature(String secret, long t, byte[] body) {
        return "t=" + t + ",v1=" + WalletSignatures.sign(secret, t, body);
    }

    private FakeProviders.Sent deliver(Account account, String type, ObjectNode session) {
        Webhook webhook = account.webhook;
        if (webhook == null) {
            throw new AssertionError("the business registered no webhook");
        }
        byte[] body = event("AE_sn_" + random(12), type, session);
        Map<String, String> headers = "shared".equals(webhook.strategy())
                ? Map.of("Content-Type", "application/json", "Authorization", "Bearer " + webhook.secret())
                : Map.of(
                        "Content-Type",
                        "application/json",
                        "Wave-Signature",
                        signature(webhook.secret(), fake.clock().instant().getEpochSecond(), body));
        FakeProviders.Sent result =
                fake.post(webhook.url(), headers, new String(body, java.nio.charset.StandardCharsets.UTF_8));
        sent.add(result);
        return result;
    }

    FakeProviders.Answer answer(FakeProviders.Received request) {
        FakeProviders.Answer answer = answerAtOnce(request);
        long hang = hangMillis;
        return hang > 0 ? new FakeProviders.Answer(answer.status(), answer.body(), hang) : answer;
    }

    private FakeProviders.Answer answerAtOnce(FakeProviders.Received request) {
        if (down) {
            return error(503, "service-unavailable", "The service is temporarily unavailable for maintenance");
        }
        String authorization = request.header("Authorization");
        if (authorization == null) {
            return error(401, "missing-auth-header", "Your request should include an HTTP auth header.");
        }
        if (!authorization.startsWith("Bearer ")) {
            return error(401, "invalid-auth", "Your HTTP auth header can't be processed.");
        }
        Account account = accounts.get(authorization.substring(7));
        if (account == null) {
            return error(401, "no-matching-api-key", "The key you provided doesn't exist in our system.");
        }
        if (account.revoked) {
            return error(401, "api-key-revoked", "Your API key has been revoked.");
        }
        if (account.down) {
            return error(503, "service-unavailable", "The service is temporarily unavailable for maintenance");
        }
        String path = request.path();
        if (path.startsWith("/v1/payout") || path.equals("/v1/balance")) {
            if (!account.payoutAccess) {
                return error(403, "authorization-error", "This API key is not allowed to use the Payout API");
            }
            FakeProviders.Answer answer = payouts.answer(account.apiKey, request);
            return answer != null ? answer : error(404, "not-found", "Not found");
        }
        if (!account.checkoutAccess) {
            return error(403, "authorization-error", "This API key is not allowed to use the Checkout API");
        }
        String method = request.method();
        if (method.equals("POST") && path.equals("/v1/checkout/sessions")) {
            FakeProviders.Answer scripted = fake.scripted("wallet.create");
            return scripted != null ? scripted : create(account, request.json());
        }
        if (method.equals("GET") && path.equals("/v1/checkout/sessions/search")) {
            FakeProviders.Answer scripted = fake.scripted("wallet.search");
            return scripted != null ? scripted : search(account, request.query());
        }
        String[] parts = path.split("/"); // "", v1, checkout, sessions, {id}[, action]
        if (parts.length < 5 || !parts[2].equals("checkout") || !parts[3].equals("sessions")) {
            return error(404, "not-found", "Not found");
        }
        Session session = sessions.get(parts[4]);
        if (session == null || !session.apiKey().equals(account.apiKey)) {
            // Keys are bound to one business: another's session does not exist for it.
            return error(404, "checkout-session-not-found", "The checkout session was not found");
        }
        ObjectNode body = session.body();
        if (method.equals("GET") && parts.length == 5) {
            FakeProviders.Answer scripted = fake.scripted("wallet.get");
            return scripted != null ? scripted : FakeProviders.Answer.of(200, body.toString());
        }
        if (method.equals("POST") && parts.length == 6 && parts[5].equals("expire")) {
            FakeProviders.Answer scripted = fake.scripted("wallet.expire");
            if (scripted != null) {
                return scripted;
            }
            if (!"open".equals(text(body, "checkout_status"))) {
                return error(409, "request-validation-error", "The checkout session is not open");
            }
            expire(body);
            return FakeProviders.Answer.empty(200);
        }
        if (method.equals("POST") && parts.length == 6 && parts[5].equals("refund")) {
            FakeProviders.Answer scripted = fake.scripted("wallet.refund");
            if (scripted != null) {
                return scripted;
            }
            if (!"succeeded".equals(text(body, "payment_status"))) {
                return error(400, "checkout-refund-failed", "The checkout session could not be refunded");
            }
            return FakeProviders.Answer.empty(200); // idempotent: a second refund refunds nothing more
        }
        return error(404, "not-found", "Not found");
    }

    /** An expired session, as the wallet reports it: no longer payable, its payment cancelled. */
    private void expire(ObjectNode session) {
        session.put("checkout_status", "expired");
        session.put("payment_status", "cancelled");
        session.put("when_completed", now());
    }

    private FakeProviders.Answer create(Account account, JsonNode request) {
        List<String> problems = new ArrayList<>();
        ArrayNode details = FakeProviders.JSON.createArrayNode();
        request.propertyNames().forEach(field -> {
            if (!SESSION_FIELDS.contains(field)) {
                details.addObject()
                        .put("msg", "extra fields not permitted")
                        .put("type", "value_error.extra")
                        .putArray("loc")
                        .add(field);
            }
        });
        for (String required : List.of("amount", "currency", "error_url", "success_url")) {
            if (!request.path(required).isString()) {
                details.addObject().put("msg", "field required").putArray("loc").add(required);
            }
        }
        if (details.isEmpty()) {
            String amount = text(request, "amount");
            try {
                BigDecimal value = new BigDecimal(amount);
                if (value.signum() <= 0 || ("XOF".equals(text(request, "currency")) && value.scale() > 0)) {
                    problems.add("amount");
                }
            } catch (NumberFormatException e) {
                problems.add("amount");
            }
            problems.forEach(field -> details.addObject()
                    .put("msg", "invalid amount")
                    .putArray("loc")
                    .add(field));
        }
        if (!details.isEmpty()) {
            ObjectNode error = FakeProviders.JSON.createObjectNode();
            error.put("code", "request-validation-error").put("message", "Request invalid");
            error.set("details", details);
            return FakeProviders.Answer.of(400, error.toString());
        }
        String id = "cos-" + random(13);
        Instant created = fake.clock().instant().truncatedTo(ChronoUnit.SECONDS);
        Instant expires = nextExpiry != null ? nextExpiry : created.plus(30, ChronoUnit.MINUTES);
        ObjectNode session = FakeProviders.JSON.createObjectNode();
        session.put("id", id);
        session.put("amount", text(request, "amount"));
        session.put("checkout_status", "open");
        session.put("client_reference", text(request, "client_reference"));
        session.put("currency", text(request, "currency"));
        session.put("error_url", text(request, "error_url"));
        session.putNull("last_payment_error");
        session.put("business_name", "Shop");
        session.put("payment_status", "processing");
        session.put("success_url", text(request, "success_url"));
        session.put("wave_launch_url", "https://pay.wave.com/c/" + id);
        session.put("when_created", created.toString());
        session.put("when_expires", expires.toString());
        sessions.put(id, new Session(account.apiKey, session));
        onCreate.accept(text(request, "client_reference"));
        if (loseNextAnswer) {
            loseNextAnswer = false;
            return new FakeProviders.Answer(200, session.toString(), 1500);
        }
        return FakeProviders.Answer.of(200, session.toString());
    }

    private FakeProviders.Answer search(Account account, String query) {
        String reference = FakeProviders.form(query == null ? "" : query).get("client_reference");
        if (reference == null) {
            return error(400, "request-validation-error", "Request invalid");
        }
        ObjectNode answer = FakeProviders.JSON.createObjectNode();
        ArrayNode result = answer.putArray("result");
        sessions.values().stream()
                .filter(s -> s.apiKey().equals(account.apiKey) && reference.equals(text(s.body(), "client_reference")))
                .forEach(s -> result.add(s.body()));
        return FakeProviders.Answer.of(200, answer.toString());
    }

    private Account accountOf(ObjectNode session) {
        String id = text(session, "id");
        return accounts.get(sessions.get(id).apiKey());
    }

    private String now() {
        return fake.clock().instant().truncatedTo(ChronoUnit.SECONDS).toString();
    }

    static FakeProviders.Answer error(int status, String code, String message) {
        return FakeProviders.Answer.of(
                status,
                FakeProviders.JSON
                        .createObjectNode()
                        .put("code", code)
                        .put("message", message)
                        .toString());
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isString() ? value.stringValue() : null;
    }

    private static String random(int length) {
        StringBuilder out = new StringBuilder();
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        for (int i = 0; i < length; i++) {
            out.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return out.toString();
    }
}
