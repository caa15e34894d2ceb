package sn.xaalis.provider.live;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SequencedMap;
import java.util.Set;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.CodeRequest;
import sn.xaalis.provider.CodeResult;
import sn.xaalis.provider.ConnectionCheck;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.LiveProvider;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderAccount;
import sn.xaalis.provider.ProviderAction;
import sn.xaalis.provider.ProviderExchanges;
import sn.xaalis.provider.ProviderProperties;
import sn.xaalis.provider.ProviderResult;
import sn.xaalis.provider.SessionReference;
import sn.xaalis.provider.SessionRequest;
import sn.xaalis.provider.SessionState;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * MOBILEMONEY_SN in live: the operator's QR-code merchant payments behind OAuth2 client credentials, in
 * one merchant code's account. Field by field as docs/providers.md records it.
 */
@Component
public class MobileMoneyProvider implements LiveProvider {

    static final long MAX_VALIDITY_SECONDS = 86_400;
    static final String JSON_TYPE = "application/json";
    private static final String CALLBACKS = "/api/notification/v1/merchantcallback";
    private static final String ONE_STEP = "/api/eWallet/v1/payments/onestep";
    private static final Set<String> FAILED = Set.of("FAILED", "REJECTED", "CANCELLED");
    /** The operator's codes for a balance too low to pay (docs/providers.md §3.4). */
    private static final Set<String> INSUFFICIENT_BALANCE = Set.of("2020", "2021", "2022");

    private final ProviderProperties.MobileMoney settings;
    private final ProviderHttp http;
    private final MobileMoneyTokens tokens;
    private final JsonMapper json;
    private final Clock clock;

    MobileMoneyProvider(
            ProviderProperties properties,
            ProviderExchanges exchanges,
            ProviderCallMetrics metrics,
            JsonMapper json,
            Clock clock) {
        this.settings = properties.mobilemoney();
        this.http = new ProviderHttp(Provider.MOBILEMONEY_SN, properties.http(), exchanges, metrics, clock);
        this.tokens = new MobileMoneyTokens(settings, http, json, clock);
        this.json = json;
        this.clock = clock;
    }

    @Override
    public Provider provider() {
        return Provider.MOBILEMONEY_SN;
    }

    @Override
    public boolean reachable() {
        return settings.reachable();
    }

    @Override
    public boolean serves(Provider provider, Environment environment) {
        return provider == Provider.MOBILEMONEY_SN && environment == Environment.LIVE && reachable();
    }

    /** Whether transactions can be looked up (a setting: not every contract has the call). */
    boolean looksUp() {
        return settings.transactionLookup();
    }

    @Override
    public ProviderResult createSession(ProviderAccount account, SessionRequest request) {
        long validity = Math.clamp(
                Duration.between(clock.instant(), request.expiresAt()).toSeconds(), 1, MAX_VALIDITY_SECONDS);
        ObjectNode body = json.createObjectNode();
        body.put("code", operator(account).merchantCode());
        body.put("name", request.merchantName() == null ? "Xaalis" : request.merchantName());
        ObjectNode amount = body.putObject("amount");
        amount.put("unit", request.currency());
        amount.put("value", request.amount().stripTrailingZeros().toBigIntegerExact());
        body.put("validity", validity);
        body.put("callbackSuccessUrl", request.successUrl());
        body.put("callbackCancelUrl", request.errorUrl());
        // Our reference twice: as the operator's searchable reference, and in metadata (echoed back).
        body.putObject("metadata").put("reference", request.reference());
        body.put("reference", request.reference());
        // Not idempotent at the operator, and an unpaid QR code cannot be looked up: no second attempt.
        // A code lost this way costs nothing: it expires unpaid.
        ProviderHttp.Reply reply = authorized(
                account, "create-qrcode", request.reference(), "POST", "/api/eWallet/v4/qrcode", body, false);
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            JsonNode qr = Replies.parse(json, answered.body());
            String qrId = Replies.text(qr, "qrId");
            // deepLink is the partner app's (MAXIT) link in the operator's description; deepLinks has both.
            String deepLink = Replies.text(qr, "deepLink");
            String om = Replies.text(qr.path("deepLinks"), "OM");
            String maxit = Replies.text(qr.path("deepLinks"), "MAXIT");
            if (maxit == null) {
                maxit = deepLink;
            }
            if (qrId == null || (om == null && maxit == null)) {
                return new ProviderResult.Unavailable("MOBILEMONEY_SN answered without a QR code; try again");
            }
            SequencedMap<String, String> links = new LinkedHashMap<>();
            links.put("MM", om != null ? om : maxit);
            links.put("APP2", maxit != null ? maxit : om);
            return new ProviderResult.Created(
                    qrId,
                    links,
                    png(Replies.text(qr, "qrCode")),
                    Replies.instant(Replies.text(qr.path("validFor"), "endDateTime")),
                    null);
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            return new ProviderResult.Refused(Replies.reason(json, answered));
        }
        return new ProviderResult.Unavailable(http.unavailable(reply));
    }

    /** The QR image as the answer carries it: bare base64, some integrations saw a data: prefix. */
    private static String png(String qrCode) {
        if (qrCode == null || qrCode.isBlank()) {
            return null;
        }
        int comma = qrCode.indexOf(',');
        return qrCode.startsWith("data:") && comma > 0 ? qrCode.substring(comma + 1) : qrCode;
    }

    /**
     * What the operator's transactions under our reference say: paid when one of them succeeded for
     * the amount. A failed attempt leaves the QR code payable, so anything else is still open.
     */
    @Override
    public SessionState sessionState(ProviderAccount account, SessionReference session) {
        if (!looksUp()) {
            return new SessionState.Unknown("MOBILEMONEY_SN transaction look-ups are turned off");
        }
        ProviderHttp.Reply reply = authorized(
                account,
                "find-transactions",
                session.reference(),
                "GET",
                "/api/eWallet/v1/transactions?reference=" + encode(session.reference()),
                null,
                true);
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            JsonNode found = Replies.parse(json, answered.body());
            if (!found.isArray()) {
                return new SessionState.Unknown("MOBILEMONEY_SN answered the search without a list");
            }
            for (JsonNode transaction : found) {
                if (paidFor(transaction, session, operator(account))) {
                    return new SessionState.Paid();
                }
            }
            return new SessionState.Open();
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            return new SessionState.Unknown("MOBILEMONEY_SN: " + Replies.reason(json, answered));
        }
        return new SessionState.Unreachable(http.unavailable(reply));
    }

    /** Its {@code type} filter is broken at the operator (docs/providers.md): filtered here instead. */
    private static boolean paidFor(JsonNode transaction, SessionReference session, Credentials.Operator operator) {
        String type = Replies.text(transaction, "type");
        String partner = Replies.text(transaction.path("partner"), "id");
        String value = Replies.text(transaction.path("amount"), "value");
        return "SUCCESS".equals(Replies.text(transaction, "status"))
                && session.reference().equals(Replies.text(transaction, "reference"))
                && (type == null || type.equals("MERCHANT_PAYMENT"))
                && (partner == null || partner.equals(operator.merchantCode()))
                && value != null
                && sameAmount(value, session.amount());
    }

    private static boolean sameAmount(String value, BigDecimal expected) {
        try {
            return new BigDecimal(value).compareTo(expected) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** One transaction's status, as the operator's own source of truth gives it. */
    SessionState transactionState(ProviderAccount account, String reference, String transactionId) {
        ProviderHttp.Reply reply = authorized(
                account,
                "transaction-status",
                reference,
                "GET",
                "/api/eWallet/v1/transactions/" + encode(transactionId) + "/status",
                null,
                true);
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            return "SUCCESS".equals(Replies.text(Replies.parse(json, answered.body()), "status"))
                    ? new SessionState.Paid()
                    : new SessionState.Open();
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            return new SessionState.Unknown("MOBILEMONEY_SN does not know transaction " + transactionId);
        }
        return new SessionState.Unreachable(http.unavailable(reply));
    }

    /**
     * The operator's one-step payment: the customer's number and one-time code, our merchant code and
     * reference. Never sent twice: an answer that does not settle it is settled by looking the
     * transaction up (by our reference), as for a QR code.
     */
    @Override
    public CodeResult payWithCode(ProviderAccount account, CodeRequest request) {
        ObjectNode body = json.createObjectNode();
        ObjectNode customer = body.putObject("customer");
        customer.put("idType", "MSISDN");
        customer.put("id", request.customerNumber());
        customer.put("otp", request.code());
        ObjectNode partner = body.putObject("partner");
        partner.put("idType", "CODE");
        partner.put("id", operator(account).merchantCode());
        ObjectNode amount = body.putObject("amount");
        amount.put("value", request.amount().stripTrailingZeros().toBigIntegerExact());
        amount.put("unit", "XOF");
        body.put("reference", request.reference());
        ObjectNode recorded = body.deepCopy();
        ((ObjectNode) recorded.get("customer")).put("otp", "[not kept]");
        ProviderHttp.Reply reply = authorized(
                account,
                "pay-with-code",
                request.reference(),
                "POST",
                ONE_STEP,
                body,
                json.writeValueAsString(recorded),
                false);
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            JsonNode answer = Replies.parse(json, answered.body());
            String status = Replies.text(answer, "status");
            String transactionId = Replies.text(answer, "transactionId");
            if ("SUCCESS".equals(status) && transactionId != null) {
                return new CodeResult.Paid(transactionId);
            }
            if (status != null && FAILED.contains(status)) {
                // The operator does not say whether the code or the balance failed: a try of the code.
                String description = Replies.text(answer, "description");
                return new CodeResult.Refused(
                        "MOBILEMONEY_SN: " + (description == null ? "payment " + status : description));
            }
            return new CodeResult.Unanswered(
                    "MOBILEMONEY_SN has not finished the payment (" + status + ")", transactionId);
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            String code = Replies.text(Replies.parse(json, answered.body()), "code");
            String reason = "MOBILEMONEY_SN: " + Replies.reason(json, answered);
            return code != null && INSUFFICIENT_BALANCE.contains(code)
                    ? new CodeResult.Declined(reason)
                    : new CodeResult.Refused(reason);
        }
        return reply.uncertain()
                ? new CodeResult.Unanswered(http.unavailable(reply), null)
                : new CodeResult.NotSent(http.unavailable(reply));
    }

    /**
     * The operator offers no call to withdraw a QR code: cancelling is ours alone, and a payment made
     * on it anyway still reaches us through a notification (and is refused by the state machine).
     */
    @Override
    public ProviderAction cancel(ProviderAccount account, SessionReference session) {
        return new ProviderAction.Done();
    }

    /** The operator's merchant-payment API has no refund call; say so rather than pretend. */
    @Override
    public ProviderAction refund(ProviderAccount account, SessionReference session) {
        return new ProviderAction.Refused(
                "MOBILEMONEY_SN has no refund API; refund the customer from the operator's merchant portal");
    }

    /**
     * Registers the account's notification address with the operator, with the {@code apiKey} it will
     * send back on every notification, then reads the registration back.
     */
    @Override
    public ConnectionCheck setUp(ProviderAccount account, String inboundUrl, String merchantName) {
        Credentials.Operator operator = operator(account);
        ObjectNode body = json.createObjectNode();
        body.put("apiKey", operator.notificationKey());
        body.put("callbackUrl", inboundUrl);
        body.put("code", operator.merchantCode());
        body.put("name", merchantName == null ? "Xaalis" : merchantName);
        ProviderHttp.Reply reply = authorized(account, "register-callback", null, "POST", CALLBACKS, body, false);
        if (reply instanceof ProviderHttp.Reply.Refusal refusal) {
            return ConnectionCheck.failed(refusal.reason());
        }
        if (!(reply instanceof ProviderHttp.Reply.Answered answered && answered.ok())) {
            return failure(reply);
        }
        return test(account, inboundUrl);
    }

    /** A token, then the operator's list of the merchant code's callbacks: ours must be in it. */
    @Override
    public ConnectionCheck test(ProviderAccount account, String inboundUrl) {
        Credentials.Operator operator = operator(account);
        ProviderHttp.Reply reply = authorized(
                account,
                "read-callback",
                null,
                "GET",
                CALLBACKS + "?code=" + encode(operator.merchantCode()),
                null,
                true);
        if (reply instanceof ProviderHttp.Reply.Refusal refusal) {
            return ConnectionCheck.failed(refusal.reason());
        }
        if (!(reply instanceof ProviderHttp.Reply.Answered answered && answered.ok())) {
            return failure(reply);
        }
        JsonNode registered = Replies.parse(json, answered.body());
        // A list, as the operator describes it; one integration saw a single object.
        for (JsonNode callback :
                registered.isArray() ? registered : json.createArrayNode().add(registered)) {
            if (inboundUrl.equals(Replies.text(callback, "callbackUrl"))) {
                return ConnectionCheck.ok("MOBILEMONEY_SN sends merchant code " + operator.merchantCode()
                        + "'s notifications to this connection");
            }
        }
        return ConnectionCheck.failed("MOBILEMONEY_SN has no callback to this connection's address for merchant code "
                + operator.merchantCode() + "; save the connection again to register it");
    }

    private ConnectionCheck failure(ProviderHttp.Reply reply) {
        if (reply instanceof ProviderHttp.Reply.Answered answered
                && answered.status() >= 400
                && answered.status() < 500) {
            return ConnectionCheck.failed("MOBILEMONEY_SN refused: " + Replies.reason(json, answered));
        }
        return ConnectionCheck.failed(http.unavailable(reply));
    }

    /** A call with the account's token; a token the operator revoked early is replaced once. */
    private ProviderHttp.Reply authorized(
            ProviderAccount account,
            String operation,
            String reference,
            String method,
            String path,
            ObjectNode body,
            boolean idempotent) {
        return authorized(account, operation, reference, method, path, body, null, idempotent);
    }

    /** @param recordedBody what the exchanges' log keeps of the body (null for the body itself) */
    private ProviderHttp.Reply authorized(
            ProviderAccount account,
            String operation,
            String reference,
            String method,
            String path,
            ObjectNode body,
            String recordedBody,
            boolean idempotent) {
        MobileMoneyTokens.Outcome token = tokens.current(account);
        if (token instanceof MobileMoneyTokens.Outcome.Refused refused) {
            return new ProviderHttp.Reply.Refusal(refused.reason());
        }
        String issued = ((MobileMoneyTokens.Outcome.Issued) token).token();
        ProviderHttp.Reply reply =
                http.send(call(operation, reference, method, path, body, recordedBody, issued, idempotent));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.status() == 401) {
            tokens.reject(account, issued);
            if (tokens.current(account) instanceof MobileMoneyTokens.Outcome.Issued fresh) {
                reply = http.send(
                        call(operation, reference, method, path, body, recordedBody, fresh.token(), idempotent));
            }
        }
        return reply;
    }

    private ProviderHttp.Call call(
            String operation,
            String reference,
            String method,
            String path,
            ObjectNode body,
            String recordedBody,
            String token,
            boolean idempotent) {
        // Content-Type on every call, GETs included: the operator answers 415 without it.
        return new ProviderHttp.Call(
                operation,
                reference,
                method,
                URI.create(Replies.base(settings.baseUrl()) + path),
                Map.of("Authorization", "Bearer " + token),
                JSON_TYPE,
                body == null ? null : json.writeValueAsString(body),
                recordedBody,
                idempotent);
    }

    static Credentials.Operator operator(ProviderAccount account) {
        return (Credentials.Operator) account.credentials();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value == null ? "" : value, StandardCharsets.UTF_8);
    }
}
