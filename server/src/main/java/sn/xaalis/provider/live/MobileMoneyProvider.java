package sn.xaalis.provider.live;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SequencedMap;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.PaymentProvider;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderAction;
import sn.xaalis.provider.ProviderExchanges;
import sn.xaalis.provider.ProviderNotice;
import sn.xaalis.provider.ProviderProperties;
import sn.xaalis.provider.ProviderResult;
import sn.xaalis.provider.SessionReference;
import sn.xaalis.provider.SessionRequest;
import sn.xaalis.provider.SessionState;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * MOBILEMONEY_SN in live: an operator's QR-code merchant payment API behind OAuth2 client credentials.
 * Its notifications carry a shared secret only, so their content is confirmed with the operator before
 * anything changes (issue 5).
 */
@Component
public class MobileMoneyProvider implements PaymentProvider {

    static final long MAX_VALIDITY_SECONDS = 86_400;

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
    public boolean serves(Provider provider, Environment environment) {
        return provider == Provider.MOBILEMONEY_SN && environment == Environment.LIVE && settings.configured();
    }

    @Override
    public ProviderResult createSession(SessionRequest request) {
        long validity = Math.clamp(
                Duration.between(clock.instant(), request.expiresAt()).toSeconds(), 1, MAX_VALIDITY_SECONDS);
        ObjectNode body = json.createObjectNode();
        ObjectNode amount = body.putObject("amount");
        amount.put("unit", request.currency());
        amount.put("value", request.amount().stripTrailingZeros().toBigIntegerExact());
        body.put("code", settings.merchantCode());
        body.put("name", request.merchantName());
        body.put("callbackSuccessUrl", request.successUrl());
        body.put("callbackCancelUrl", request.errorUrl());
        body.put("validity", validity);
        body.putObject("metadata").put("reference", request.reference());
        // Not idempotent at the operator: a second attempt could open a second QR code, so no retry.
        ProviderHttp.Reply reply = authorized(
                "create-qrcode",
                request.reference(),
                "POST",
                "/api/eWallet/v4/qrcode",
                json.writeValueAsString(body),
                false);
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            JsonNode qr = Replies.parse(json, answered.body());
            String qrId = Replies.text(qr, "qrId");
            String om = Replies.text(qr.path("deepLinks"), "OM");
            String maxit = Replies.text(qr.path("deepLinks"), "MAXIT");
            if (om == null) {
                om = Replies.text(qr, "deepLink");
            }
            if (qrId == null || om == null) {
                return new ProviderResult.Unavailable("MOBILEMONEY_SN answered without a QR code; try again");
            }
            SequencedMap<String, String> links = new LinkedHashMap<>();
            links.put("MM", om);
            links.put("APP2", maxit != null ? maxit : om);
            return new ProviderResult.Created(
                    qrId,
                    links,
                    Replies.text(qr, "qrCode"),
                    Replies.instant(Replies.text(qr.path("validFor"), "endDateTime")));
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            return new ProviderResult.Refused(Replies.reason(json, answered));
        }
        return new ProviderResult.Unavailable(http.unavailable(reply));
    }

    /** Only a transaction can be looked up; before a notification named one, there is nothing to ask. */
    @Override
    public SessionState sessionState(SessionReference session) {
        if (session.providerTransactionId() == null) {
            return new SessionState.Unknown("MOBILEMONEY_SN has reported no transaction for this QR code yet");
        }
        return transactionState(session.reference(), session.providerTransactionId());
    }

    private SessionState transactionState(String reference, String transactionId) {
        ProviderHttp.Reply reply = authorized(
                "transaction-status",
                reference,
                "GET",
                "/api/eWallet/v1/transactions/" + URLEncoder.encode(transactionId, StandardCharsets.UTF_8) + "/status",
                null,
                true);
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            String status = Replies.text(Replies.parse(json, answered.body()), "status");
            return state(status);
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            return new SessionState.Unknown("MOBILEMONEY_SN does not know transaction " + transactionId);
        }
        return new SessionState.Unreachable(http.unavailable(reply));
    }

    static SessionState state(String status) {
        if (status == null) {
            return new SessionState.Unknown("MOBILEMONEY_SN gave no status");
        }
        return switch (status) {
            case "SUCCESS" -> new SessionState.Paid();
            case "FAILED", "REJECTED" -> new SessionState.Failed("MOBILEMONEY_SN: " + status);
            case "CANCELLED" -> new SessionState.Cancelled();
            case "INITIATED", "PENDING", "ACCEPTED", "PRE_INITIATED" -> new SessionState.Open();
            default -> new SessionState.Unknown("MOBILEMONEY_SN status " + status);
        };
    }

    /**
     * The operator offers no call to withdraw a QR code: cancelling is ours alone, and a payment made
     * on it anyway still reaches us through a notification (and is refused by the state machine).
     */
    @Override
    public ProviderAction cancel(SessionReference session) {
        return new ProviderAction.Done();
    }

    /** The operator API given to Xaalis has no refund call; say so rather than pretend. */
    @Override
    public ProviderAction refund(SessionReference session) {
        return new ProviderAction.Refused(
                "MOBILEMONEY_SN has no refund API; refund the customer from the operator's merchant portal");
    }

    /**
     * Authenticates a notification by its shared secret, then confirms the transaction with the operator:
     * the body alone is never trusted.
     *
     * @throws RejectedCallback for a missing or wrong secret
     * @throws MalformedCallback for a body without transactionId or metadata.reference
     * @throws UnconfirmedCallback when the operator could not be asked
     */
    public ProviderNotice verifyNotification(String secretHeader, byte[] body) {
        if (!settings.configured()) {
            throw new RejectedCallback("MOBILEMONEY_SN is not configured");
        }
        if (secretHeader == null
                || !MessageDigest.isEqual(
                        secretHeader.getBytes(StandardCharsets.UTF_8),
                        settings.notificationSecret().getBytes(StandardCharsets.UTF_8))) {
            throw new RejectedCallback("missing or wrong X-Notification-Secret");
        }
        JsonNode notification = Replies.parse(json, new String(body, StandardCharsets.UTF_8));
        String transactionId = Replies.text(notification, "transactionId");
        String reference = Replies.text(notification.path("metadata"), "reference");
        if (transactionId == null || reference == null) {
            throw new MalformedCallback("a notification needs transactionId and metadata.reference");
        }
        SessionState confirmed = transactionState(reference, transactionId);
        if (confirmed instanceof SessionState.Unreachable unreachable) {
            throw new UnconfirmedCallback(unreachable.reason());
        }
        String value = Replies.text(notification.path("amount"), "value");
        BigDecimal amount = null;
        if (value != null) {
            try {
                amount = new BigDecimal(value);
            } catch (NumberFormatException e) {
                throw new MalformedCallback("amount.value is not a number");
            }
        }
        return new ProviderNotice(
                Provider.MOBILEMONEY_SN, reference, null, transactionId, confirmed, amount, transactionId);
    }

    private ProviderHttp.Reply authorized(
            String operation, String reference, String method, String path, String body, boolean idempotent) {
        String token = tokens.current();
        if (token == null) {
            return new ProviderHttp.Reply.NoAnswer("no access token (token endpoint unreachable or refused)");
        }
        ProviderHttp.Reply reply = http.send(call(operation, reference, method, path, body, token, idempotent));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.status() == 401) {
            // The operator may revoke a token before its announced expiry: refresh once, then give up.
            tokens.reject(token);
            String fresh = tokens.current();
            if (fresh == null) {
                return reply;
            }
            reply = http.send(call(operation, reference, method, path, body, fresh, idempotent));
        }
        return reply;
    }

    private ProviderHttp.Call call(
            String operation,
            String reference,
            String method,
            String path,
            String body,
            String token,
            boolean idempotent) {
        return new ProviderHttp.Call(
                operation,
                reference,
                method,
                URI.create(base(settings) + path),
                Map.of("Authorization", "Bearer " + token),
                "application/json",
                body,
                null,
                idempotent);
    }

    static String base(ProviderProperties.MobileMoney settings) {
        String base = settings.baseUrl();
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
