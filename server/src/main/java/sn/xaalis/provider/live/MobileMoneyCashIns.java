package sn.xaalis.provider.live;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.crypto.Cipher;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.provider.ConnectionCheck;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.InstallationPins;
import sn.xaalis.provider.PayoutAnswer;
import sn.xaalis.provider.PayoutTransfer;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderAccount;
import sn.xaalis.provider.RetailerPins;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The operator's cash-in ({@code /api/eWallet/v1/cashins}, docs/providers.md §3.6): money from the
 * merchant's retailer account to a customer, the retailer's PIN RSA-encrypted with the operator's key.
 * The operator documents no idempotency, so a cash-in is sent once and only ever looked for afterwards.
 * The PIN goes with one call at a time and, once refused, with none (the third wrong PIN in a row blocks
 * the retailer account): see {@link RetailerPins}.
 */
final class MobileMoneyCashIns {

    private static final String SENDING = "/api/eWallet/v1/cashins";
    /** The operator's code for a revoked encryption key: read the key again. */
    private static final String KEY_REVOKED = "4003";
    /** "Pending, please do not retry": the outcome is not known yet. */
    private static final String PENDING = "51";
    /**
     * The operator's PIN errors: 2010 the PIN must be changed, 2011 and 2012 wrong with 2 and 1 tries left,
     * 2013 wrong and the retailer account blocked (§3.6).
     */
    private static final Set<String> PIN_ERRORS = Set.of("2010", "2011", "2012", "2013");

    private final MobileMoneyApi api;
    private final JsonMapper json;
    private final RetailerPins pins;
    private final InstallationPins installationPins;
    /** The longest a call with the PIN holds it: a token, the key (twice after a 4003), the call itself. */
    private final Duration longest;
    /** The operator's encryption key per API client: it changes rarely, and 4003 says when. */
    private final Map<String, PublicKey> keys = new ConcurrentHashMap<>();

    MobileMoneyCashIns(
            MobileMoneyApi api,
            JsonMapper json,
            RetailerPins pins,
            InstallationPins installationPins,
            Duration callDeadline) {
        this.api = api;
        this.json = json;
        this.pins = pins;
        this.installationPins = installationPins;
        this.longest = callDeadline.multipliedBy(5);
    }

    @Nullable
    String blocked(Credentials credentials) {
        return credentials instanceof Credentials.Operator operator && operator.sendsPayouts()
                ? null
                : "add the retailer number and PIN payouts are sent from to this application's connection";
    }

    PayoutAnswer send(ProviderAccount account, PayoutTransfer transfer) {
        Credentials.Operator operator = MobileMoneyApi.operator(account);
        if (!operator.sendsPayouts()) {
            return failed(
                    "no-retailer-account",
                    account.connectionId() == null
                            ? "set xaalis.providers.mobilemoney.retailer-number and retailer-pin: the installation's"
                                    + " payouts are sent from that retailer account"
                            : blocked(operator));
        }
        // Not sent while the PIN is refused or in use: the payout waits in the queue, no try burned.
        return withPin(account, PayoutAnswer.NotSent::new, () -> sendWithPin(account, operator, transfer));
    }

    private PayoutAnswer sendWithPin(ProviderAccount account, Credentials.Operator operator, PayoutTransfer transfer) {
        for (int attempt = 1; ; attempt++) {
            PublicKey key;
            try {
                key = key(account);
            } catch (KeyUnavailable e) {
                // No cash-in was asked for yet: nothing can have been sent.
                return e.certain ? failed("encryption-key", e.why) : new PayoutAnswer.NotSent(e.why);
            }
            ProviderHttp.Reply reply = api.call(account, cashIn(operator, transfer, key));
            if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
                return transaction(Replies.parse(json, answered.body()));
            }
            if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
                JsonNode problem = Replies.parse(json, answered.body());
                String code = Replies.text(problem, "code");
                if (KEY_REVOKED.equals(code) && attempt == 1) {
                    keys.remove(operator.clientId()); // refused, so not sent: once more with the new key
                    continue;
                }
                if (PENDING.equals(code) || answered.status() == 408) {
                    return new PayoutAnswer.Unknown("MOBILEMONEY_SN: " + Replies.reason(problem, answered.status()));
                }
                if (PIN_ERRORS.contains(code)) {
                    // Refused, so not sent: it waits for the merchant's new PIN instead of failing.
                    return new PayoutAnswer.NotSent(pinRefused(account, operator, problem, answered.status()));
                }
                return failed(
                        code != null ? code : "http-" + answered.status(), Replies.reason(problem, answered.status()));
            }
            if (reply instanceof ProviderHttp.Reply.Answered answered
                    && (answered.status() == 401 || answered.status() == 403)) {
                // The account was refused (a 401 even with a fresh token): the operator made no cash-in.
                JsonNode problem = Replies.parse(json, answered.body());
                String code = Replies.text(problem, "code");
                return failed(
                        code != null ? code : "http-" + answered.status(),
                        api.unavailable(answered) + ": " + Replies.reason(problem, answered.status()));
            }
            if (reply instanceof ProviderHttp.Reply.Refusal refusal) {
                return failed("credentials", refusal.reason()); // the token was refused: no cash-in was asked for
            }
            if (reply instanceof ProviderHttp.Reply.NoAnswer none && !reply.uncertain()) {
                return new PayoutAnswer.NotSent(none.reason());
            }
            return new PayoutAnswer.Unknown(api.unavailable(reply));
        }
    }

    PayoutAnswer find(ProviderAccount account, PayoutTransfer transfer) {
        if (!api.looksUp()) {
            return new PayoutAnswer.Unknown("MOBILEMONEY_SN transaction look-ups are turned off");
        }
        if (transfer.providerReference() != null) {
            ProviderHttp.Reply reply = api.call(
                    account,
                    MobileMoneyApi.Request.get(
                            "cash-in-status",
                            transfer.reference(),
                            "/api/eWallet/v1/transactions/" + MobileMoneyApi.encode(transfer.providerReference())
                                    + "/status"));
            if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
                return status(
                        Replies.text(Replies.parse(json, answered.body()), "status"),
                        transfer.providerReference(),
                        null);
            }
            return unclear(reply);
        }
        ProviderHttp.Reply reply = api.call(
                account,
                MobileMoneyApi.Request.get(
                        "find-cash-in",
                        transfer.reference(),
                        // without type: the operator's type filter answers nothing (§3.4)
                        "/api/eWallet/v1/transactions?reference=" + MobileMoneyApi.encode(transfer.reference())));
        if (!(reply instanceof ProviderHttp.Reply.Answered answered && answered.ok())) {
            return unclear(reply);
        }
        JsonNode found = Replies.parse(json, answered.body());
        if (!found.isArray()) {
            return new PayoutAnswer.Unknown("MOBILEMONEY_SN answered the search without a list");
        }
        for (JsonNode transaction : found) {
            String type = Replies.text(transaction, "type");
            if (transfer.reference().equals(Replies.text(transaction, "reference"))
                    && (type == null || type.equals("CASHIN"))) {
                return transaction(transaction);
            }
        }
        return new PayoutAnswer.Absent();
    }

    /**
     * The retailer account's balance: {@code POST /api/eWallet/v1/account/retailer/balance} with the PIN
     * encrypted as for a cash-in, answered {@code {value, unit}} (§3.6). A read: nothing moves.
     */
    Optional<BigDecimal> balance(ProviderAccount account) {
        Credentials.Operator operator = MobileMoneyApi.operator(account);
        if (!operator.sendsPayouts()) {
            return Optional.empty();
        }
        return withPin(account, why -> Optional.empty(), () -> {
            ProviderHttp.Reply reply = balanceReply(account, operator);
            if (reply == null || !(reply instanceof ProviderHttp.Reply.Answered answered)) {
                return Optional.empty();
            }
            JsonNode answer = Replies.parse(json, answered.body());
            if (answered.refused() && PIN_ERRORS.contains(Replies.text(answer, "code"))) {
                pinRefused(account, operator, answer, answered.status());
                return Optional.empty();
            }
            JsonNode value = answer.path("value");
            return answered.ok() && "XOF".equals(Replies.text(answer, "unit")) && value.isNumber()
                    ? Optional.of(value.decimalValue())
                    : Optional.empty();
        });
    }

    /**
     * The retailer PIN as the merchant entered it, tried once with a balance read before it is kept: failed
     * only when the operator refused the PIN, in its words.
     */
    ConnectionCheck tryPin(ProviderAccount account) {
        Credentials.Operator operator = MobileMoneyApi.operator(account);
        if (!operator.sendsPayouts()) {
            return ConnectionCheck.ok("no retailer PIN to try");
        }
        ProviderHttp.Reply reply = balanceReply(account, operator);
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            JsonNode problem = Replies.parse(json, answered.body());
            if (PIN_ERRORS.contains(Replies.text(problem, "code"))) {
                return ConnectionCheck.failed(pinReason(problem, answered.status()));
            }
        }
        return ConnectionCheck.ok("MOBILEMONEY_SN did not refuse the retailer PIN");
    }

    /** {@code POST …/retailer/balance} with the PIN; null when the encryption key could not be had (no call). */
    private ProviderHttp.@Nullable Reply balanceReply(ProviderAccount account, Credentials.Operator operator) {
        PublicKey key;
        try {
            key = key(account);
        } catch (KeyUnavailable e) {
            return null;
        }
        ObjectNode body = json.createObjectNode();
        body.put("idType", "MSISDN");
        body.put("id", operator.retailerNumber());
        body.put("encryptedPinCode", encrypt(key, operator.retailerPin()));
        body.put("wallet", "principal");
        return api.call(
                account,
                MobileMoneyApi.Request.post(
                        "retailer-balance", null, "/api/eWallet/v1/account/retailer/balance", body));
    }

    /**
     * Runs a call with the account's PIN when it is its turn, else {@code otherwise} with why not: a
     * connection's, or the installation's own (settlements are sent from it, InstallationPins).
     */
    private <T> T withPin(ProviderAccount account, Function<String, T> otherwise, Supplier<T> call) {
        ConnectionId connection = account.connectionId();
        if (connection == null) {
            return withInstallationPin(MobileMoneyApi.operator(account), otherwise, call);
        }
        return switch (pins.take(connection, longest)) {
            case RetailerPins.Turn.Refused refused -> otherwise.apply(refused.why());
            case RetailerPins.Turn.Busy busy ->
                otherwise.apply("another call with this connection's retailer PIN is under way");
            case RetailerPins.Turn.Yours yours -> {
                try {
                    yield call.get();
                } finally {
                    pins.release(connection, yours);
                }
            }
        };
    }

    private <T> T withInstallationPin(Credentials.Operator operator, Function<String, T> otherwise, Supplier<T> call) {
        return switch (installationPins.take(Provider.MOBILEMONEY_SN, operator, longest)) {
            case RetailerPins.Turn.Refused refused -> otherwise.apply(refused.why());
            case RetailerPins.Turn.Busy busy ->
                otherwise.apply("another call with the installation's retailer PIN is under way");
            case RetailerPins.Turn.Yours yours -> {
                try {
                    yield call.get();
                } finally {
                    installationPins.release(Provider.MOBILEMONEY_SN, yours);
                }
            }
        };
    }

    /** Keeps the operator's refusal of the PIN on its account, so nothing tries it again; the reason. */
    private String pinRefused(ProviderAccount account, Credentials.Operator operator, JsonNode problem, int status) {
        String why = pinReason(problem, status);
        if (account.connectionId() != null) {
            pins.refuse(account.connectionId(), String.valueOf(operator.retailerPin()), why);
        } else {
            installationPins.refuse(Provider.MOBILEMONEY_SN, operator, why);
        }
        return why;
    }

    private static String pinReason(JsonNode problem, int status) {
        return "MOBILEMONEY_SN refused the retailer PIN: " + Replies.reason(problem, status);
    }

    private MobileMoneyApi.Request cashIn(Credentials.Operator operator, PayoutTransfer transfer, PublicKey key) {
        ObjectNode body = json.createObjectNode();
        ObjectNode partner = body.putObject("partner");
        partner.put("idType", "MSISDN");
        partner.put("id", operator.retailerNumber());
        partner.put("encryptedPinCode", encrypt(key, operator.retailerPin()));
        body.putObject("customer").put("idType", "MSISDN").put("id", nineDigits(transfer.recipientPhone()));
        ObjectNode amount = body.putObject("amount");
        amount.put("value", transfer.amount().stripTrailingZeros().toBigIntegerExact());
        amount.put("unit", "XOF");
        body.put("reference", transfer.reference());
        body.put("receiveNotification", true);
        // The exchanges' log keeps no encryptedPinCode (ProviderExchanges redacts it).
        return MobileMoneyApi.Request.post("send-cash-in", transfer.reference(), SENDING, body);
    }

    /** A transaction or the cash-in's answer: {@code {transactionId, status, description?}}. */
    private static PayoutAnswer transaction(JsonNode transaction) {
        return status(
                Replies.text(transaction, "status"),
                Replies.text(transaction, "transactionId"),
                Replies.text(transaction, "description"));
    }

    private static PayoutAnswer status(@Nullable String status, @Nullable String id, @Nullable String description) {
        return switch (String.valueOf(status)) {
            case "SUCCESS" -> new PayoutAnswer.Settled(PayoutAnswer.Outcome.SUCCEEDED, null, id, null, null);
            case "FAILED", "REJECTED", "CANCELLED" ->
                new PayoutAnswer.Settled(
                        PayoutAnswer.Outcome.FAILED,
                        null,
                        id,
                        String.valueOf(status).toLowerCase(Locale.ROOT),
                        description);
            case "PENDING", "INITIATED", "ACCEPTED", "PRE_INITIATED" -> new PayoutAnswer.Pending(id);
            default -> new PayoutAnswer.Unknown("MOBILEMONEY_SN answered a cash-in without a known status");
        };
    }

    /** A read that did not tell: asked again later. */
    private PayoutAnswer unclear(ProviderHttp.Reply reply) {
        return new PayoutAnswer.Unknown(api.unavailable(reply));
    }

    private static PayoutAnswer failed(String code, @Nullable String reason) {
        return new PayoutAnswer.Settled(PayoutAnswer.Outcome.FAILED, null, null, code, reason);
    }

    private PublicKey key(ProviderAccount account) throws KeyUnavailable {
        Credentials.Operator operator = MobileMoneyApi.operator(account);
        PublicKey known = keys.get(operator.clientId());
        if (known != null) {
            return known;
        }
        ProviderHttp.Reply reply =
                api.call(account, MobileMoneyApi.Request.get("public-key", null, "/api/account/v1/publicKeys"));
        if (reply instanceof ProviderHttp.Reply.Refusal refusal) {
            throw new KeyUnavailable(refusal.reason(), true);
        }
        if (!(reply instanceof ProviderHttp.Reply.Answered answered && answered.ok())) {
            throw new KeyUnavailable(api.unavailable(reply), false);
        }
        String encoded = Replies.text(Replies.parse(json, answered.body()), "key");
        try {
            PublicKey key = KeyFactory.getInstance("RSA")
                    .generatePublic(
                            new X509EncodedKeySpec(Base64.getMimeDecoder().decode(String.valueOf(encoded))));
            keys.put(operator.clientId(), key);
            return key;
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new KeyUnavailable("MOBILEMONEY_SN gave an encryption key that cannot be read", false);
        }
    }

    /** PKCS#1 v1.5, base64: what the operator's own client and integrations send. */
    private static String encrypt(PublicKey key, @Nullable String pin) {
        try {
            Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding");
            cipher.init(Cipher.ENCRYPT_MODE, key);
            return Base64.getEncoder()
                    .encodeToString(cipher.doFinal(String.valueOf(pin).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA/ECB/PKCS1Padding is part of every JDK", e);
        }
    }

    /** {@code +221771234567} → {@code 771234567}: the operator's MSISDN form. */
    static String nineDigits(String phone) {
        return phone.startsWith("+221") ? phone.substring(4) : phone;
    }

    private static final class KeyUnavailable extends Exception {
        private final String why;
        private final boolean certain;

        KeyUnavailable(String why, boolean certain) {
            super(why, null, false, false);
            this.why = why;
            this.certain = certain;
        }
    }
}
