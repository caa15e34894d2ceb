package sn.xaalis.support;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Cipher;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The operator's cash-in as docs/providers.md §3.6 records it: {@code GET /api/account/v1/publicKeys}
 * (a 2048-bit RSA key, base64 DER), {@code POST /api/eWallet/v1/cashins} from a retailer account whose PIN
 * comes RSA-encrypted (PKCS#1 v1.5), answered {@code {transactionId, status, requestId, reference,
 * description}}; no idempotency (a second cash-in under the same reference is a second cash-in). The
 * transactions are the operator's own, found by the search and status calls of {@link FakeOperator}.
 */
public final class FakeCashIns {

    private final FakeProviders fake;
    private final KeyPair keys;
    private final Map<String, Retailer> retailers = new ConcurrentHashMap<>();
    private final AtomicInteger posts = new AtomicInteger();
    private final AtomicInteger pinCalls = new AtomicInteger();
    private final AtomicInteger created = new AtomicInteger();
    private final AtomicInteger ids = new AtomicInteger();
    private final FakeHold hold = new FakeHold();
    private volatile String nextStatus = "SUCCESS";
    private volatile long answerDelayMillis;

    /**
     * A retailer account: whose API client may use it, its PIN, its balance, and the wrong PINs in a row
     * (the operator's table: 2011 two tries left, 2012 one, 2013 blocked, docs/providers.md §3.6).
     */
    private static final class Retailer {
        final String clientId;
        volatile String pin;
        volatile BigDecimal balance;
        int wrongInARow;
        int wrongInAll;
        boolean blocked;

        Retailer(String clientId, String pin, BigDecimal balance) {
            this.clientId = clientId;
            this.pin = pin;
            this.balance = balance;
        }
    }

    FakeCashIns(FakeProviders fake) {
        this.fake = fake;
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            this.keys = generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A retailer account of the API client {@code clientId}, with its nine-digit number, PIN and balance. */
    public FakeCashIns retailer(String clientId, String msisdn, String pin, long balance) {
        retailers.put(msisdn, new Retailer(clientId, pin, BigDecimal.valueOf(balance)));
        return this;
    }

    public BigDecimal balance(String msisdn) {
        return retailers.get(msisdn).balance;
    }

    /** The merchant changed the retailer account's PIN at the operator: the one Xaalis keeps is now wrong. */
    public void changePin(String msisdn, String pin) {
        retailers.get(msisdn).pin = pin;
    }

    /** The wrong PINs the operator was sent for this retailer account, in all. */
    public synchronized int wrongPins(String msisdn) {
        return retailers.get(msisdn).wrongInAll;
    }

    public synchronized boolean blocked(String msisdn) {
        return retailers.get(msisdn).blocked;
    }

    /** Calls that carried a retailer PIN (cash-ins and balance reads), of any account. */
    public int pinCalls() {
        return pinCalls.get();
    }

    public FakeHold hold() {
        return hold;
    }

    /** The status the next cash-ins are answered with ({@code SUCCESS}, {@code PENDING}, …). */
    public void answerWith(String status) {
        nextStatus = status;
    }

    /** The cash-in is made, but its answer comes this late. */
    public void answerAfter(long millis) {
        answerDelayMillis = millis;
    }

    public int posts() {
        return posts.get();
    }

    /** Cash-ins made: money sent. */
    public int created() {
        return created.get();
    }

    void restoreSettings() {
        nextStatus = "SUCCESS";
        answerDelayMillis = 0;
        hold.release();
    }

    FakeProviders.Answer publicKey() {
        ObjectNode key = FakeProviders.JSON.createObjectNode();
        key.put("keyId", 7);
        key.put("keyType", "RSA");
        key.put("keySize", 2048);
        key.put("key", Base64.getEncoder().encodeToString(keys.getPublic().getEncoded()));
        return FakeProviders.Answer.of(200, key.toString());
    }

    /** The retailer balance read: {@code {idType, id, encryptedPinCode, wallet}} → {@code {value, unit}} (§3.6). */
    FakeProviders.Answer retailerBalance(String clientId, JsonNode body, String path) {
        pinCalls.incrementAndGet();
        Retailer retailer = retailers.get(text(body, "id"));
        if (!"MSISDN".equals(text(body, "idType")) || text(body, "encryptedPinCode") == null) {
            return FakeOperator.problem(
                    400, "Bad Request", path, "23", "Missing body field: idType, id, encryptedPinCode");
        }
        if (retailer == null || !retailer.clientId.equals(clientId)) {
            return FakeOperator.problem(403, "Forbidden", path, "11", "Access forbidden");
        }
        FakeProviders.Answer pinError = pinError(retailer, decrypt(text(body, "encryptedPinCode")), path);
        if (pinError != null) {
            return pinError;
        }
        ObjectNode answer = FakeProviders.JSON.createObjectNode();
        answer.put("value", retailer.balance.doubleValue());
        answer.put("unit", "XOF");
        return FakeProviders.Answer.of(200, answer.toString());
    }

    /**
     * A cash-in by an authenticated API client; {@code record} keeps the transaction where the operator's
     * searches find it.
     */
    FakeProviders.Answer cashIn(
            String clientId, JsonNode body, String path, java.util.function.Consumer<ObjectNode> record) {
        // As set when the request arrived: a test may change them while it is being answered.
        long delay = answerDelayMillis;
        String status = nextStatus;
        posts.incrementAndGet();
        pinCalls.incrementAndGet();
        if (hold.hold(FakeHold.Point.BEFORE, body.toString())) {
            return FakeOperator.problem(503, "Service Unavailable", path, "5", "dropped: the call never arrived");
        }
        FakeProviders.Answer scripted = fake.scripted("mm.cashin");
        if (scripted != null) {
            return scripted;
        }
        FakeProviders.Answer answer = make(clientId, body, path, status, record);
        hold.hold(FakeHold.Point.AFTER, body.toString());
        return delay > 0 ? new FakeProviders.Answer(answer.status(), answer.body(), delay) : answer;
    }

    private synchronized FakeProviders.Answer make(
            String clientId,
            JsonNode body,
            String path,
            String nextStatus,
            java.util.function.Consumer<ObjectNode> record) {
        JsonNode partner = body.path("partner");
        JsonNode customer = body.path("customer");
        JsonNode amount = body.path("amount");
        String reference = text(body, "reference");
        if (!"MSISDN".equals(text(partner, "idType"))
                || text(partner, "id") == null
                || text(partner, "encryptedPinCode") == null
                || !"MSISDN".equals(text(customer, "idType"))
                || text(customer, "id") == null
                || !amount.path("value").isNumber()) {
            return FakeOperator.problem(
                    400, "Bad Request", path, "23", "Missing body field: partner, customer and amount are required");
        }
        if (!text(customer, "id").matches("\\d{9}") || !text(partner, "id").matches("\\d{9}")) {
            return violation(path, "customer.id", "must match \"^\\d{9}$\"");
        }
        if (!"XOF".equals(text(amount, "unit"))) {
            return violation(path, "amount.unit", "must be XOF");
        }
        if (reference != null && reference.length() > 50) {
            return violation(path, "reference", "size must be between 0 and 50");
        }
        Retailer retailer = retailers.get(text(partner, "id"));
        if (retailer == null || !retailer.clientId.equals(clientId)) {
            return FakeOperator.problem(403, "Forbidden", path, "11", "Access forbidden");
        }
        FakeProviders.Answer pinError = pinError(retailer, decrypt(text(partner, "encryptedPinCode")), path);
        if (pinError != null) {
            return pinError;
        }
        BigDecimal value = amount.path("value").decimalValue();
        if (retailer.balance.compareTo(value) < 0) {
            return FakeOperator.businessError(path, "2020", "Balance insufficient");
        }
        retailer.balance = retailer.balance.subtract(value);
        Instant now = fake.clock().instant();
        String transactionId = "CI" + String.format("%06d", now.getEpochSecond() % 1_000_000) + ".1200.A"
                + String.format("%05d", ids.incrementAndGet());
        ObjectNode tx = FakeProviders.JSON.createObjectNode();
        tx.putObject("amount").put("value", value.doubleValue()).put("unit", "XOF");
        tx.put("requestDate", now.toString());
        tx.put("reference", reference);
        tx.putObject("partner")
                .put("id", text(partner, "id"))
                .put("idType", "MSISDN")
                .put("walletType", "PRINCIPAL");
        tx.putObject("customer")
                .put("id", text(customer, "id"))
                .put("idType", "MSISDN")
                .put("walletType", "PRINCIPAL");
        tx.put("type", "CASHIN");
        tx.put("transactionId", transactionId);
        tx.put("createdAt", now.toString());
        tx.put("updatedAt", now.toString());
        tx.put("channel", "API");
        tx.put("status", nextStatus);
        tx.put("owner", clientId); // the fake's own bookkeeping, taken out of what it answers
        record.accept(tx);
        created.incrementAndGet();
        ObjectNode answer = FakeProviders.JSON.createObjectNode();
        answer.put("transactionId", transactionId);
        answer.put("status", nextStatus);
        answer.put("requestId", "req-" + ids.get());
        answer.put("reference", reference);
        answer.put("description", nextStatus.equals("SUCCESS") ? "Transaction effectuée avec succès" : "En cours");
        return FakeProviders.Answer.of(200, answer.toString());
    }

    /** The operator's PIN errors (its table: 2011, 2012, then 2013 and the account blocked); null for the right PIN. */
    private synchronized FakeProviders.Answer pinError(Retailer retailer, String pin, String path) {
        if (retailer.blocked) {
            return FakeOperator.businessError(path, "2013", "Invalid PIN code, your account is blocked");
        }
        if (retailer.pin.equals(pin)) {
            retailer.wrongInARow = 0;
            return null;
        }
        retailer.wrongInAll++;
        retailer.wrongInARow++;
        return switch (retailer.wrongInARow) {
            case 1 -> FakeOperator.businessError(path, "2011", "Invalid PIN code, 2 remaining tentatives left");
            case 2 -> FakeOperator.businessError(path, "2012", "Invalid PIN code, 1 remaining tentative left");
            default -> {
                retailer.blocked = true;
                yield FakeOperator.businessError(path, "2013", "Invalid PIN code, your account is blocked");
            }
        };
    }

    /** The PIN an {@code encryptedPinCode} carries, as the operator reads it with its private key. */
    public String decrypted(String encrypted) {
        return decrypt(encrypted);
    }

    private String decrypt(String encrypted) {
        try {
            Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding");
            cipher.init(Cipher.DECRYPT_MODE, keys.getPrivate());
            return new String(cipher.doFinal(Base64.getDecoder().decode(encrypted)), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return "";
        }
    }

    private static FakeProviders.Answer violation(String path, String field, String message) {
        return FakeProviders.Answer.of(
                400,
                "{\"type\":\"https://developers.orange-sonatel.com/documentation/errors/bad-request\",\"title\":"
                        + "\"Bad Request\",\"instance\":\"" + path + "\",\"status\":\"400\",\"code\":\"24\",\"detail\":"
                        + "\"Invalid body field\",\"violations\":[{\"field\":\"" + field + "\",\"message\":"
                        + FakeProviders.JSON.writeValueAsString(message) + "}]}");
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isString() ? value.stringValue() : null;
    }
}
