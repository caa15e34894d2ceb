package sn.xaalis.support;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The mobile-money operator's merchant API as docs/providers.md records it: OAuth2 client credentials
 * (tokens of about five minutes), QR codes ({@code /api/eWallet/v4/qrcode}), the merchant callback
 * registry ({@code /api/notification/v1/merchantcallback}), transaction look-ups ({@code
 * /api/eWallet/v1/transactions}), the one-step payment with a customer's one-time code ({@code
 * /api/eWallet/v1/payments/onestep}, customers with balances and codes), RFC 7807 errors with its numeric codes, {@code 415} without a JSON
 * content type, and notifications POSTed to the registered callback with {@code Authorization: Basic
 * <apiKey>}.
 */
public final class FakeOperator {

    private static final DateTimeFormatter CREATED_AT = DateTimeFormatter.ofPattern("dd-MM-yyyy HH:mm:ss");
    private static final DateTimeFormatter TRANSACTION_ID = DateTimeFormatter.ofPattern("yyMMdd.HHmm");

    private final FakeProviders fake;
    private final Map<String, Account> accounts = new ConcurrentHashMap<>();
    private final Map<String, Account> tokens = new ConcurrentHashMap<>();
    private final Map<String, ObjectNode> callbacks = new ConcurrentHashMap<>();
    private final Map<String, Qr> qrCodes = new ConcurrentHashMap<>();
    private final List<ObjectNode> transactions = new CopyOnWriteArrayList<>();
    private final List<FakeProviders.Sent> sent = new CopyOnWriteArrayList<>();
    private final AtomicInteger ids = new AtomicInteger();
    private volatile long tokenLifetime = 299;
    private volatile String tokenPath = "/oauth/v1/token";
    private volatile boolean lookups = true;
    private final Map<String, Customer> customers = new ConcurrentHashMap<>();
    private volatile long oneStepDelayMillis;

    private final FakeCashIns cashIns;

    FakeOperator(FakeProviders fake) {
        this.fake = fake;
        this.cashIns = new FakeCashIns(fake);
    }

    /** Cash-ins (payouts) from retailer accounts. */
    public FakeCashIns cashIns() {
        return cashIns;
    }

    private record Account(String clientId, String clientSecret, String merchantCode) {}

    /** A customer's wallet: its balance and the one-time code it holds from the USSD menu, if any. */
    private static final class Customer {
        volatile BigDecimal balance;
        volatile String code;

        Customer(BigDecimal balance) {
            this.balance = balance;
        }
    }

    private record Qr(String id, Account account, String reference, BigDecimal amount, JsonNode metadata) {}

    /** A merchant's API application: its client credentials and its merchant code. */
    public FakeOperator account(String clientId, String clientSecret, String merchantCode) {
        accounts.put(clientId, new Account(clientId, clientSecret, merchantCode));
        return this;
    }

    public void tokenLifetime(long seconds) {
        tokenLifetime = seconds;
    }

    /** Where tokens are issued: {@code /oauth/v1/token} (the published description) or {@code /oauth/token}. */
    public void tokenPath(String path) {
        tokenPath = path;
    }

    /** Without look-ups, the transaction calls answer 404 as for a contract that does not include them. */
    public void lookups(boolean available) {
        lookups = available;
    }

    /** The operator forgets every token it issued (as after a key rotation on its side). */
    public void revokeTokens() {
        tokens.clear();
    }

    /** A customer of the operator with this balance (a number as the operator writes it: nine digits). */
    public FakeOperator customer(String msisdn, long balance) {
        customers.put(msisdn, new Customer(BigDecimal.valueOf(balance)));
        return this;
    }

    /** The customer dials the USSD menu and gets a one-time code (as the sandbox's {@code payments/otp} gives). */
    public String issueCode(String msisdn, String code) {
        customers.get(msisdn).code = code;
        return code;
    }

    public BigDecimal balance(String msisdn) {
        return customers.get(msisdn).balance;
    }

    /** The one-step payment is carried out, but its answer comes this late (a timeout on our side). */
    public void answerOneStepAfter(long millis) {
        oneStepDelayMillis = millis;
    }

    /**
     * Back to a new operator's behaviour (published token path and lifetime, look-ups, prompt answers), with
     * no callback registered for the installation's merchant code; the accounts and transactions stay.
     */
    void restoreSettings() {
        tokenLifetime = 299;
        tokenPath = "/oauth/v1/token";
        lookups = true;
        oneStepDelayMillis = 0;
        cashIns.restoreSettings();
        callbacks.remove(FakeProviders.MM_MERCHANT_CODE);
    }

    public List<FakeProviders.Sent> sent() {
        return List.copyOf(sent);
    }

    /** Registers a callback as the operator's own API would (what an operator does for its own account). */
    public void registerCallback(String merchantCode, String url, String apiKey) {
        ObjectNode callback = FakeProviders.JSON.createObjectNode();
        callback.put("code", merchantCode).putNull("msisdn");
        callback.put("name", "Installation").put("callbackUrl", url).put("apiKey", apiKey);
        callback.put("createdAt", CREATED_AT.format(fake.clock().instant().atOffset(ZoneOffset.UTC)));
        callbacks.put(merchantCode, callback);
    }

    /** A business error as the operator answers it (its code table), e.g. 2020 for an insufficient balance. */
    public static FakeProviders.Answer businessError(String path, String code, String detail) {
        return problem(400, "Bad Request", path, code, detail);
    }

    /** The callbacks registered for a merchant code (what {@code GET merchantcallback} answers). */
    public ObjectNode callback(String merchantCode) {
        return callbacks.get(merchantCode);
    }

    /** The QR code opened for one of our references. */
    public String qrFor(String reference) {
        return qrCodes.values().stream()
                .filter(q -> reference.equals(q.reference()))
                .map(Qr::id)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no QR code for " + reference));
    }

    /** A customer pays a QR code; the operator notifies the merchant code's callback. */
    public FakeProviders.Sent pay(String reference) {
        return notifyOf(transaction(reference, "SUCCESS"));
    }

    /** A customer pays, but the notification is lost on the way. */
    public String payQuietly(String reference) {
        return transaction(reference, "SUCCESS").get("transactionId").stringValue();
    }

    /** A customer's attempt fails (the QR code stays payable); the callback hears of it. */
    public FakeProviders.Sent fail(String reference) {
        return notifyOf(transaction(reference, "FAILED"));
    }

    /** The notification body the operator would send for a transaction, for tests that send their own. */
    public static String notification(
            String reference, String transactionId, String status, String merchantCode, long amount) {
        ObjectNode body = FakeProviders.JSON.createObjectNode();
        body.putObject("amount").put("value", (double) amount).put("unit", "XOF");
        body.putObject("partner").put("idType", "CODE").put("id", merchantCode);
        body.putObject("customer").put("idType", "MSISDN").put("id", "771234567");
        body.put("reference", reference);
        body.put("type", "MERCHANT_PAYMENT");
        body.put("channel", "MAXIT");
        body.put("transactionId", transactionId);
        body.put("paymentMethod", "QRCODE");
        body.put("status", status);
        return body.toString();
    }

    private ObjectNode transaction(String reference, String status) {
        Qr qr = qrCodes.get(qrFor(reference));
        Instant now = fake.clock().instant();
        ObjectNode tx = FakeProviders.JSON.createObjectNode();
        tx.putObject("amount").put("value", qr.amount().doubleValue()).put("unit", "XOF");
        tx.put("requestDate", now.toString());
        tx.put("reference", qr.reference());
        tx.set("metadata", qr.metadata());
        tx.put("receiveNotification", true);
        tx.putObject("partner")
                .put("id", qr.account().merchantCode())
                .put("idType", "CODE")
                .put("walletType", "PRINCIPAL");
        tx.putObject("customer").put("id", "771234567").put("idType", "MSISDN").put("walletType", "PRINCIPAL");
        tx.put("type", "MERCHANT_PAYMENT");
        tx.put(
                "transactionId",
                "MP" + TRANSACTION_ID.format(now.atOffset(ZoneOffset.UTC)) + ".A"
                        + String.format("%05d", ids.incrementAndGet()));
        tx.put("createdAt", now.toString());
        tx.put("updatedAt", now.toString());
        tx.put("channel", "MAXIT");
        tx.put("status", status);
        transactions.add(tx);
        return tx;
    }

    private FakeProviders.Sent notifyOf(ObjectNode tx) {
        String code = tx.path("partner").path("id").stringValue();
        ObjectNode callback = callbacks.get(code);
        if (callback == null) {
            throw new AssertionError("no callback registered for merchant code " + code);
        }
        ObjectNode body = (ObjectNode) FakeProviders.JSON.readTree(notification(
                tx.get("reference").stringValue(),
                tx.get("transactionId").stringValue(),
                tx.get("status").stringValue(),
                code,
                tx.path("amount").path("value").decimalValue().longValue()));
        body.put("createdAt", tx.get("createdAt").stringValue());
        body.putNull("detail");
        body.set("metadata", tx.get("metadata"));
        FakeProviders.Sent result = fake.post(
                callback.get("callbackUrl").stringValue(),
                Map.of(
                        "Content-Type", "application/json",
                        "Authorization", "Basic " + callback.get("apiKey").stringValue(),
                        "User-Agent", "Sonatel-Client/1.0"),
                body.toString());
        sent.add(result);
        return result;
    }

    FakeProviders.Answer answer(FakeProviders.Received request) {
        String path = request.path();
        if (request.method().equals("POST") && path.equals(tokenPath)) {
            return token(request);
        }
        String authorization = request.header("Authorization");
        Account account = authorization != null && authorization.startsWith("Bearer ")
                ? tokens.get(authorization.substring(7))
                : null;
        if (account == null) {
            return problem(401, "Unauthorized", path, "10", "Full authentication is required to access this resource");
        }
        String type = request.header("Content-Type");
        if (type == null || !type.startsWith("application/json")) {
            return problem(
                    415,
                    "Unsupported Media Type",
                    path,
                    "26",
                    "Unsupported media type, it should be 'application/json'");
        }
        if (request.method().equals("POST") && path.equals("/api/eWallet/v4/qrcode")) {
            FakeProviders.Answer scripted = fake.scripted("mm.qrcode");
            return scripted != null ? scripted : qrCode(account, request.json(), path);
        }
        if (request.method().equals("POST") && path.equals("/api/eWallet/v1/payments/onestep")) {
            FakeProviders.Answer scripted = fake.scripted("mm.onestep");
            if (scripted != null) {
                return scripted;
            }
            FakeProviders.Answer answer = oneStep(account, request.json(), path);
            return oneStepDelayMillis > 0
                    ? new FakeProviders.Answer(answer.status(), answer.body(), oneStepDelayMillis)
                    : answer;
        }
        if (request.method().equals("GET") && path.equals("/api/account/v1/publicKeys")) {
            return cashIns.publicKey();
        }
        if (request.method().equals("POST") && path.equals("/api/eWallet/v1/account/retailer/balance")) {
            return cashIns.retailerBalance(account.clientId(), request.json(), path);
        }
        if (request.method().equals("POST") && path.equals("/api/eWallet/v1/cashins")) {
            return cashIns.cashIn(account.clientId(), request.json(), path, transactions::add);
        }
        if (path.equals("/api/notification/v1/merchantcallback")) {
            return request.method().equals("POST")
                    ? register(account, request.json(), path)
                    : registered(account, FakeProviders.form(request.query()).get("code"), path);
        }
        if (request.method().equals("GET") && path.startsWith("/api/eWallet/v1/transactions")) {
            FakeProviders.Answer scripted = fake.scripted("mm.transactions");
            if (scripted != null) {
                return scripted;
            }
            if (!lookups) {
                return problem(404, "Entity not found", path, "60", "Entity not found");
            }
            return path.equals("/api/eWallet/v1/transactions")
                    ? search(account, FakeProviders.form(request.query()))
                    : status(account, path);
        }
        return problem(404, "Entity not found", path, "60", "Entity not found");
    }

    private FakeProviders.Answer token(FakeProviders.Received request) {
        Map<String, String> form = FakeProviders.form(request.body());
        Account account = accounts.get(form.getOrDefault("client_id", ""));
        if (!"client_credentials".equals(form.get("grant_type"))
                || account == null
                || !account.clientSecret().equals(form.get("client_secret"))) {
            return FakeProviders.Answer.of(
                    401,
                    "{\"error\":\"unauthorized_client\",\"error_description\":\"INVALID_CREDENTIALS: Invalid client"
                            + " credentials\"}");
        }
        String token = "mm-token-" + ids.incrementAndGet();
        tokens.put(token, account);
        return FakeProviders.Answer.of(
                200,
                "{\"access_token\":\"" + token + "\",\"expires_in\":" + tokenLifetime
                        + ",\"refresh_expires_in\":1800,\"refresh_token\":\"mm-refresh-" + token
                        + "\",\"token_type\":\"bearer\",\"scope\":\"apimanagement email profile\"}");
    }

    private FakeProviders.Answer qrCode(Account account, JsonNode body, String path) {
        String code = text(body, "code");
        if (code == null || text(body, "name") == null || !body.path("amount").isObject()) {
            return problem(400, "Bad Request", path, "23", "Missing body field: code, name and amount are required");
        }
        if (!code.equals(account.merchantCode())) {
            return problem(403, "Forbidden", path, "11", "Access forbidden");
        }
        JsonNode amount = body.path("amount");
        long validity = body.path("validity").asLong(0);
        if (!"XOF".equals(text(amount, "unit"))
                || !amount.path("value").isNumber()
                || amount.path("value").decimalValue().compareTo(BigDecimal.ONE) < 0) {
            return violation(path, "amount.value", "must be greater than or equal to 1");
        }
        if (validity < 1 || validity > 86_400) {
            return violation(path, "validity", "the max accepted is 86400 seconds");
        }
        if (body.path("metadata").size() > 10) {
            return violation(path, "metadata", "at most 10 properties");
        }
        String id = "qr" + ids.incrementAndGet() + "Fhu";
        Instant start = fake.clock().instant();
        JsonNode metadata =
                body.path("metadata").isObject() ? body.get("metadata") : FakeProviders.JSON.createObjectNode();
        qrCodes.put(
                id,
                new Qr(
                        id,
                        account,
                        text(body, "reference"),
                        amount.path("value").decimalValue(),
                        metadata));
        ObjectNode qr = FakeProviders.JSON.createObjectNode();
        qr.put("deepLink", "https://sugu.orange-sonatel.com/mp/" + id);
        qr.putObject("deepLinks")
                .put("MAXIT", "https://sugu.orange-sonatel.com/mp/" + id)
                .put("OM", "https://orangemoneysn.page.link/" + id);
        qr.put("qrCode", FakeProviders.QR_PNG);
        qr.put("validity", validity);
        qr.set("metadata", metadata);
        qr.put("shortLink", "");
        qr.put("qrId", id);
        qr.putObject("validFor")
                .put("startDateTime", start.toString())
                .put("endDateTime", start.plusSeconds(validity).toString());
        return FakeProviders.Answer.of(200, qr.toString());
    }

    /**
     * The one-step payment (docs/providers.md §3.5): an unknown customer is error 2000, a balance too
     * low 2020; a wrong or used code fails the transaction, answered 200 with status FAILED, as
     * aggregators report the operator does. A success is a MERCHANT_PAYMENT transaction under our
     * reference, found by the search like a QR code's.
     */
    private synchronized FakeProviders.Answer oneStep(Account account, JsonNode body, String path) {
        JsonNode customerNode = body.path("customer");
        JsonNode partner = body.path("partner");
        JsonNode amount = body.path("amount");
        String msisdn = text(customerNode, "id");
        String otp = text(customerNode, "otp");
        String reference = text(body, "reference");
        if (msisdn == null
                || otp == null
                || text(partner, "id") == null
                || !amount.path("value").isNumber()
                || !"MSISDN".equals(text(customerNode, "idType"))
                || !"CODE".equals(text(partner, "idType"))) {
            return problem(
                    400, "Bad Request", path, "23", "Missing body field: customer, partner and amount are required");
        }
        if (!text(partner, "id").equals(account.merchantCode())) {
            return problem(403, "Forbidden", path, "11", "Access forbidden");
        }
        if (!"XOF".equals(text(amount, "unit"))) {
            return violation(path, "amount.unit", "must be XOF");
        }
        Customer customer = customers.get(msisdn);
        if (customer == null) {
            return businessError(path, "2000", "Customer account does not exist");
        }
        BigDecimal value = amount.path("value").decimalValue();
        Instant now = fake.clock().instant();
        ObjectNode tx = FakeProviders.JSON.createObjectNode();
        tx.putObject("amount").put("value", value.doubleValue()).put("unit", "XOF");
        tx.put("requestDate", now.toString());
        tx.put("reference", reference);
        tx.putObject("partner")
                .put("id", account.merchantCode())
                .put("idType", "CODE")
                .put("walletType", "PRINCIPAL");
        tx.putObject("customer").put("id", msisdn).put("idType", "MSISDN").put("walletType", "PRINCIPAL");
        tx.put("type", "MERCHANT_PAYMENT");
        tx.put(
                "transactionId",
                "MP" + TRANSACTION_ID.format(now.atOffset(ZoneOffset.UTC)) + ".D"
                        + String.format("%05d", ids.incrementAndGet()));
        tx.put("createdAt", now.toString());
        tx.put("updatedAt", now.toString());
        tx.put("channel", "API");
        if (customer.code == null || !customer.code.equals(otp)) {
            tx.put("status", "FAILED");
            transactions.add(tx);
            return oneStepAnswer(tx, "Le code OTP saisi est invalide ou a expiré");
        }
        customer.code = null; // a code pays once
        if (customer.balance.compareTo(value) < 0) {
            return businessError(path, "2020", "Balance insufficient");
        }
        customer.balance = customer.balance.subtract(value);
        tx.put("status", "SUCCESS");
        transactions.add(tx);
        return oneStepAnswer(tx, "Paiement effectué avec succès");
    }

    private static FakeProviders.Answer oneStepAnswer(ObjectNode tx, String description) {
        ObjectNode answer = FakeProviders.JSON.createObjectNode();
        answer.put("reference", text(tx, "reference"));
        answer.put("transactionId", text(tx, "transactionId"));
        answer.put("status", text(tx, "status"));
        answer.put("description", description);
        return FakeProviders.Answer.of(200, answer.toString());
    }

    private FakeProviders.Answer register(Account account, JsonNode body, String path) {
        String code = text(body, "code");
        String url = text(body, "callbackUrl");
        if (code == null || url == null) {
            return problem(400, "Bad Request", path, "23", "Missing body field: code and callbackUrl are required");
        }
        if (!code.equals(account.merchantCode())) {
            return problem(403, "Forbidden", path, "11", "Access forbidden");
        }
        ObjectNode callback = FakeProviders.JSON.createObjectNode();
        callback.put("code", code);
        callback.putNull("msisdn");
        callback.put("name", text(body, "name"));
        callback.put("callbackUrl", url);
        callback.put("apiKey", text(body, "apiKey"));
        callback.put("createdAt", CREATED_AT.format(fake.clock().instant().atOffset(ZoneOffset.UTC)));
        callbacks.put(code, callback); // one callback per merchant code: a new one replaces it
        return FakeProviders.Answer.empty(201);
    }

    private FakeProviders.Answer registered(Account account, String code, String path) {
        if (code == null || !code.equals(account.merchantCode())) {
            return problem(403, "Forbidden", path, "11", "Access forbidden");
        }
        ArrayNode list = FakeProviders.JSON.createArrayNode();
        if (callbacks.containsKey(code)) {
            list.add(callbacks.get(code));
        }
        return FakeProviders.Answer.of(200, list.toString());
    }

    private FakeProviders.Answer search(Account account, Map<String, String> query) {
        ArrayNode found = FakeProviders.JSON.createArrayNode();
        if (query.containsKey("type")) {
            // As in production: the type filter answers nothing at all.
            return FakeProviders.Answer.of(200, found.toString());
        }
        transactions.stream()
                .filter(tx -> ownedBy(tx, account))
                .filter(tx -> !query.containsKey("reference")
                        || query.get("reference").equals(text(tx, "reference")))
                .filter(tx -> !query.containsKey("transactionId")
                        || query.get("transactionId").equals(text(tx, "transactionId")))
                .map(tx -> tx.deepCopy().without("owner"))
                .forEach(found::add);
        return FakeProviders.Answer.of(200, found.toString());
    }

    private FakeProviders.Answer status(Account account, String path) {
        String[] parts = path.split("/"); // "", api, eWallet, v1, transactions, {id}, status
        if (parts.length != 7 || !parts[6].equals("status")) {
            return problem(404, "Entity not found", path, "60", "Entity not found");
        }
        return transactions.stream()
                .filter(tx -> parts[5].equals(text(tx, "transactionId")) && ownedBy(tx, account))
                .findFirst()
                .map(tx -> FakeProviders.Answer.of(200, "{\"status\":\"" + text(tx, "status") + "\"}"))
                .orElseGet(() -> problem(404, "Entity not found", path, "60", "Entity not found"));
    }

    /** A merchant's payments are its merchant code's; a cash-in is the API client's that made it. */
    private static boolean ownedBy(ObjectNode tx, Account account) {
        return tx.has("owner")
                ? account.clientId().equals(tx.path("owner").stringValue())
                : account.merchantCode().equals(tx.path("partner").path("id").stringValue());
    }

    /** Sets a transaction's status as the operator would report it later (a final status within 24 h). */
    public void settle(String transactionId, String status) {
        transactions.stream()
                .filter(tx -> transactionId.equals(text(tx, "transactionId")))
                .forEach(tx -> tx.put("status", status));
    }

    private static FakeProviders.Answer violation(String path, String field, String message) {
        ObjectNode body = problemBody(400, "Bad Request", path, "24", "Invalid body field");
        body.putArray("violations").addObject().put("field", field).put("message", message);
        return FakeProviders.Answer.of(400, body.toString());
    }

    static FakeProviders.Answer problem(int status, String title, String path, String code, String detail) {
        return FakeProviders.Answer.of(
                status, problemBody(status, title, path, code, detail).toString());
    }

    private static ObjectNode problemBody(int status, String title, String path, String code, String detail) {
        ObjectNode body = FakeProviders.JSON.createObjectNode();
        body.put(
                "type",
                "https://developers.orange-sonatel.com/documentation/errors/"
                        + title.toLowerCase(java.util.Locale.ROOT).replace(' ', '-'));
        body.put("title", title);
        body.put("instance", path);
        body.put("status", String.valueOf(status));
        body.put("code", code);
        body.put("detail", detail);
        return body;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isString() ? value.stringValue() : null;
    }
}
