package sn.xaalis.provider.live;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SequencedMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
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

/** WALLET_SN in live: a wallet with a checkout-session API and HMAC-signed events (issue 5). */
@Component
public class WalletProvider implements PaymentProvider {

    static final long TOLERANCE_SECONDS = 300;

    private final ProviderProperties.Wallet settings;
    private final ProviderHttp http;
    private final JsonMapper json;
    private final Clock clock;

    WalletProvider(
            ProviderProperties properties,
            ProviderExchanges exchanges,
            ProviderCallMetrics metrics,
            JsonMapper json,
            Clock clock) {
        this.settings = properties.wallet();
        this.http = new ProviderHttp(Provider.WALLET_SN, properties.http(), exchanges, metrics, clock);
        this.json = json;
        this.clock = clock;
    }

    @Override
    public boolean serves(Provider provider, Environment environment) {
        return provider == Provider.WALLET_SN && environment == Environment.LIVE && settings.configured();
    }

    @Override
    public ProviderResult createSession(SessionRequest request) {
        BigDecimal amount = request.amount().stripTrailingZeros();
        if ("XOF".equals(request.currency()) && amount.scale() > 0) {
            return new ProviderResult.Refused("WALLET_SN takes whole XOF amounts");
        }
        ObjectNode body = json.createObjectNode();
        body.put("amount", amount.setScale(Math.max(0, amount.scale())).toPlainString());
        body.put("currency", request.currency());
        body.put("client_reference", request.reference());
        body.put("success_url", request.successUrl());
        body.put("error_url", request.errorUrl());
        // Our reference is unique per payment, so a retried creation can never open a second session.
        ProviderHttp.Reply reply = http.send(call(
                "create-session",
                request.reference(),
                "POST",
                "/v1/checkout/sessions",
                json.writeValueAsString(body),
                Map.of("Idempotency-Key", request.reference()),
                true));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            JsonNode session = Replies.parse(json, answered.body());
            String id = Replies.text(session, "id");
            String launch = Replies.text(session, "wave_launch_url");
            if (id == null || launch == null) {
                return new ProviderResult.Unavailable("WALLET_SN answered without a session; try again");
            }
            SequencedMap<String, String> links = new LinkedHashMap<>();
            links.put("WALLET", launch);
            return new ProviderResult.Created(id, links, null, Replies.instant(Replies.text(session, "when_expires")));
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            return new ProviderResult.Refused(Replies.reason(json, answered));
        }
        return new ProviderResult.Unavailable(http.unavailable(reply));
    }

    @Override
    public SessionState sessionState(SessionReference session) {
        ProviderHttp.Reply reply = http.send(call(
                "get-session",
                session.reference(),
                "GET",
                "/v1/checkout/sessions/" + encode(session.providerReference()),
                null,
                Map.of(),
                true));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            return state(Replies.parse(json, answered.body()));
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            return new SessionState.Unknown("WALLET_SN: " + Replies.reason(json, answered));
        }
        return new SessionState.Unreachable(http.unavailable(reply));
    }

    @Override
    public ProviderAction cancel(SessionReference session) {
        return act("expire-session", session, "/expire");
    }

    @Override
    public ProviderAction refund(SessionReference session) {
        return act("refund", session, "/refund");
    }

    private ProviderAction act(String operation, SessionReference session, String suffix) {
        ProviderHttp.Reply reply = http.send(call(
                operation,
                session.reference(),
                "POST",
                "/v1/checkout/sessions/" + encode(session.providerReference()) + suffix,
                null,
                Map.of("Idempotency-Key", session.reference() + ":" + operation),
                true));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            return new ProviderAction.Done();
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            return new ProviderAction.Refused(Replies.reason(json, answered));
        }
        return new ProviderAction.Unavailable(http.unavailable(reply));
    }

    /**
     * Checks a {@code Wave-Signature} and reads the event. Throws {@link RejectedCallback} when the
     * signature is missing, wrong or older than {@link #TOLERANCE_SECONDS} in either direction.
     *
     * @return the notice, or null for an event type that changes nothing
     */
    public ProviderNotice verifyEvent(String signatureHeader, byte[] body) {
        if (!settings.configured()) {
            throw new RejectedCallback("WALLET_SN is not configured");
        }
        if (signatureHeader == null || signatureHeader.isBlank()) {
            throw new RejectedCallback("missing Wave-Signature");
        }
        Long timestamp = null;
        var signatures = new java.util.ArrayList<String>();
        for (String part : signatureHeader.split(",")) {
            String item = part.strip();
            if (item.startsWith("t=")) {
                try {
                    timestamp = Long.parseLong(item.substring(2));
                } catch (NumberFormatException e) {
                    throw new RejectedCallback("malformed Wave-Signature");
                }
            } else if (item.startsWith("v1=")) {
                signatures.add(item.substring(3));
            }
        }
        if (timestamp == null || signatures.isEmpty()) {
            throw new RejectedCallback("malformed Wave-Signature");
        }
        if (Math.abs(clock.instant().getEpochSecond() - timestamp) > TOLERANCE_SECONDS) {
            throw new RejectedCallback("stale Wave-Signature timestamp");
        }
        byte[] expected = sign(settings.webhookSecret(), timestamp, body).getBytes(StandardCharsets.US_ASCII);
        boolean matched = false;
        for (String candidate : signatures) {
            // Every candidate is compared in full: no early exit that would time the match.
            matched |= MessageDigest.isEqual(expected, candidate.getBytes(StandardCharsets.US_ASCII));
        }
        if (!matched) {
            throw new RejectedCallback("Wave-Signature does not match");
        }
        JsonNode event = Replies.parse(json, new String(body, StandardCharsets.UTF_8));
        JsonNode data = event.path("data");
        String type = Replies.text(event, "type");
        String reference = Replies.text(data, "client_reference");
        if (type == null || reference == null) {
            throw new MalformedCallback("an event needs type and data.client_reference");
        }
        SessionState state;
        if ("checkout.session.completed".equals(type)) {
            state = state(data);
        } else if ("checkout.session.payment_failed".equals(type)) {
            state = new SessionState.Failed(failure(data));
        } else {
            state = new SessionState.Open();
        }
        return new ProviderNotice(
                Provider.WALLET_SN,
                reference,
                Replies.text(data, "id"),
                Replies.text(data, "transaction_id"),
                state,
                amount(Replies.text(data, "amount")),
                Replies.text(event, "id"));
    }

    /** {@code hex(HMAC-SHA256(secret, t + "." + body))}, the value of one {@code v1=}. */
    public static String sign(String secret, long timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((timestamp + ".").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private SessionState state(JsonNode session) {
        String payment = Replies.text(session, "payment_status");
        String checkout = Replies.text(session, "checkout_status");
        if ("succeeded".equals(payment)) {
            return new SessionState.Paid();
        }
        if (session.path("last_payment_error").isObject()) {
            return new SessionState.Failed(failure(session));
        }
        if ("cancelled".equals(payment)) {
            return new SessionState.Cancelled();
        }
        if ("expired".equals(checkout)) {
            return new SessionState.Expired();
        }
        return new SessionState.Open();
    }

    private static String failure(JsonNode session) {
        String message = Replies.text(session.path("last_payment_error"), "message");
        return message == null || message.isBlank() ? "The payment failed at WALLET_SN" : message;
    }

    private static BigDecimal amount(String text) {
        if (text == null) {
            return null;
        }
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private ProviderHttp.Call call(
            String operation,
            String reference,
            String method,
            String path,
            String body,
            Map<String, String> extra,
            boolean idempotent) {
        Map<String, String> headers = new LinkedHashMap<>(extra);
        headers.put("Authorization", "Bearer " + settings.apiKey());
        return new ProviderHttp.Call(
                operation,
                reference,
                method,
                URI.create(base() + path),
                headers,
                "application/json",
                body,
                null,
                idempotent);
    }

    private String base() {
        String base = settings.baseUrl();
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment == null ? "" : segment, StandardCharsets.UTF_8)
                .replace("+", "%20");
    }
}
