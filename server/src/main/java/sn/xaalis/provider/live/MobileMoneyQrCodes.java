package sn.xaalis.provider.live;

import static sn.xaalis.provider.live.MobileMoneyApi.encode;
import static sn.xaalis.provider.live.MobileMoneyApi.operator;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.SequencedMap;
import org.jspecify.annotations.Nullable;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.ProviderAccount;
import sn.xaalis.provider.ProviderResult;
import sn.xaalis.provider.SessionReference;
import sn.xaalis.provider.SessionRequest;
import sn.xaalis.provider.SessionState;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** MOBILEMONEY_SN's QR-code payments: a code for each payment, and whether a transaction paid it. */
final class MobileMoneyQrCodes {

    static final long MAX_VALIDITY_SECONDS = 86_400;

    private final MobileMoneyApi api;
    private final JsonMapper json;
    private final Clock clock;

    MobileMoneyQrCodes(MobileMoneyApi api, JsonMapper json, Clock clock) {
        this.api = api;
        this.json = json;
        this.clock = clock;
    }

    ProviderResult create(ProviderAccount account, SessionRequest request) {
        // Not idempotent at the operator, and an unpaid QR code cannot be looked up: no second attempt.
        // A code lost this way costs nothing: it expires unpaid.
        ProviderHttp.Reply reply = api.call(
                account,
                MobileMoneyApi.Request.post(
                        "create-qrcode", request.reference(), "/api/eWallet/v4/qrcode", body(account, request)));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            return created(Replies.parse(json, answered.body()));
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            return new ProviderResult.Refused(Replies.reason(json, answered));
        }
        return new ProviderResult.Unavailable(api.unavailable(reply));
    }

    private ObjectNode body(ProviderAccount account, SessionRequest request) {
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
        return body;
    }

    private static ProviderResult created(JsonNode qr) {
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

    /** The QR image as the answer carries it: bare base64, some integrations saw a data: prefix. */
    private static @Nullable String png(@Nullable String qrCode) {
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
    SessionState state(ProviderAccount account, SessionReference session) {
        if (!api.looksUp()) {
            return new SessionState.Unknown("MOBILEMONEY_SN transaction look-ups are turned off");
        }
        ProviderHttp.Reply reply = api.call(
                account,
                MobileMoneyApi.Request.get(
                        "find-transactions",
                        session.reference(),
                        "/api/eWallet/v1/transactions?reference=" + encode(session.reference())));
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
        return new SessionState.Unreachable(api.unavailable(reply));
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
        ProviderHttp.Reply reply = api.call(
                account,
                MobileMoneyApi.Request.get(
                        "transaction-status",
                        reference,
                        "/api/eWallet/v1/transactions/" + encode(transactionId) + "/status"));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            return "SUCCESS".equals(Replies.text(Replies.parse(json, answered.body()), "status"))
                    ? new SessionState.Paid()
                    : new SessionState.Open();
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            return new SessionState.Unknown("MOBILEMONEY_SN does not know transaction " + transactionId);
        }
        return new SessionState.Unreachable(api.unavailable(reply));
    }
}
