package sn.xaalis.provider.live;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SequencedMap;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.provider.ConnectionCheck;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.LiveProvider;
import sn.xaalis.provider.PayoutAnswer;
import sn.xaalis.provider.PayoutChannel;
import sn.xaalis.provider.PayoutTransfer;
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
 * WALLET_SN in live: the wallet's checkout sessions ({@code /v1/checkout/sessions}), each call in one
 * merchant's account (its API key). Field by field as docs/providers.md records it.
 */
@Component
public class WalletProvider implements LiveProvider, PayoutChannel {

    private final ProviderProperties.Wallet settings;
    private final ProviderHttp http;
    private final JsonMapper json;
    private final WalletPayouts payouts;

    WalletProvider(
            ProviderProperties properties,
            ProviderExchanges exchanges,
            ProviderCallMetrics metrics,
            JsonMapper json,
            Clock clock) {
        this.settings = properties.wallet();
        this.http = new ProviderHttp(Provider.WALLET_SN, properties.http(), exchanges, metrics, clock);
        this.json = json;
        this.payouts = new WalletPayouts(settings, http, json);
    }

    @Override
    public Provider provider() {
        return Provider.WALLET_SN;
    }

    @Override
    public boolean reachable() {
        return settings.reachable();
    }

    @Override
    public boolean serves(Provider provider, Environment environment) {
        return provider == Provider.WALLET_SN && environment == Environment.LIVE && reachable();
    }

    /**
     * Opens a checkout session. The wallet documents no idempotency for it, so a creation whose answer
     * was lost is never sent again: the wallet is asked for a session with our reference instead.
     */
    @Override
    public ProviderResult createSession(@Nullable ProviderAccount account, SessionRequest request) {
        // the sandbox alone opens sessions without an account (PaymentProviders)
        Objects.requireNonNull(account, "a live session's account");
        BigDecimal amount = request.amount().stripTrailingZeros();
        if ("XOF".equals(request.currency()) && amount.scale() > 0) {
            return new ProviderResult.Refused("WALLET_SN takes whole XOF amounts");
        }
        // Exactly the documented fields: the wallet refuses any other ("extra fields not permitted").
        ObjectNode body = json.createObjectNode();
        body.put("amount", amount.setScale(Math.max(0, amount.scale())).toPlainString());
        body.put("currency", request.currency());
        body.put("error_url", request.errorUrl());
        body.put("success_url", request.successUrl());
        body.put("client_reference", request.reference());
        ProviderHttp.Reply reply = http.send(
                call(account, "create-session", request.reference(), "POST", "/v1/checkout/sessions", body, false));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            return created(Replies.parse(json, answered.body()));
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            return new ProviderResult.Refused(Replies.reason(json, answered));
        }
        return reply.uncertain()
                ? settle(account, request.reference(), reply)
                : new ProviderResult.Unavailable(http.unavailable(reply));
    }

    /** After a creation with no clear answer: a session the wallet did open under our reference is ours. */
    private ProviderResult settle(ProviderAccount account, String reference, ProviderHttp.Reply lost) {
        ProviderHttp.Reply reply = http.send(call(
                account,
                "find-session",
                reference,
                "GET",
                "/v1/checkout/sessions/search?client_reference=" + encode(reference),
                null,
                true));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            for (JsonNode session : Replies.parse(json, answered.body()).path("result")) {
                if ("open".equals(Replies.text(session, "checkout_status"))
                        && reference.equals(Replies.text(session, "client_reference"))) {
                    return created(session);
                }
            }
        }
        return new ProviderResult.Unavailable(http.unavailable(lost));
    }

    private ProviderResult created(JsonNode session) {
        String id = Replies.text(session, "id");
        String launch = Replies.text(session, "wave_launch_url");
        if (id == null || launch == null) {
            return new ProviderResult.Unavailable("WALLET_SN answered without a session; try again");
        }
        SequencedMap<String, String> links = new LinkedHashMap<>();
        links.put("WALLET", launch);
        return new ProviderResult.Created(
                id, links, null, Replies.instant(Replies.text(session, "when_expires")), null);
    }

    @Override
    public SessionState sessionState(ProviderAccount account, SessionReference session) {
        ProviderHttp.Reply reply = http.send(call(
                account,
                "get-session",
                session.reference(),
                "GET",
                "/v1/checkout/sessions/" + encode(session.providerReference()),
                null,
                true));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            return state(Replies.parse(json, answered.body()));
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            return new SessionState.Unknown("WALLET_SN: " + Replies.reason(json, answered));
        }
        return new SessionState.Unreachable(http.unavailable(reply));
    }

    /** Expiring a session is how the wallet lets a merchant stop a customer from paying it. */
    @Override
    public ProviderAction cancel(ProviderAccount account, SessionReference session) {
        return act(account, "expire-session", session, "/expire");
    }

    /** A full refund; the wallet documents it as idempotent, so a lost answer may be asked again. */
    @Override
    public ProviderAction refund(ProviderAccount account, SessionReference session) {
        return act(account, "refund", session, "/refund");
    }

    private ProviderAction act(ProviderAccount account, String operation, SessionReference session, String suffix) {
        ProviderHttp.Reply reply = http.send(call(
                account,
                operation,
                session.reference(),
                "POST",
                "/v1/checkout/sessions/" + encode(session.providerReference()) + suffix,
                null,
                true));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            return new ProviderAction.Done();
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            return new ProviderAction.Refused(Replies.reason(json, answered));
        }
        return new ProviderAction.Unavailable(http.unavailable(reply));
    }

    /** Payouts need the key's Payout API access, which only the first payout can prove. */
    @Override
    public PayoutAnswer sendPayout(ProviderAccount account, PayoutTransfer transfer) {
        return payouts.send(account, transfer);
    }

    @Override
    public PayoutAnswer findPayout(ProviderAccount account, PayoutTransfer transfer) {
        return payouts.find(account, transfer);
    }

    @Override
    public Optional<BigDecimal> payoutBalance(ProviderAccount account) {
        return payouts.balance(account);
    }

    /** The wallet guarantees that requests with the same Idempotency-Key never send money twice. */
    @Override
    public boolean resendsPayoutsSafely() {
        return true;
    }

    @Override
    public @Nullable String payoutsBlocked(Credentials credentials) {
        return null;
    }

    /** The wallet has no set-up call: the merchant registers the webhook address in its business portal. */
    @Override
    public ConnectionCheck setUp(ProviderAccount account, String inboundUrl, @Nullable String merchantName) {
        return test(account, inboundUrl);
    }

    /** A search for a reference no session has: 200 proves the key and its access to checkout sessions. */
    @Override
    public ConnectionCheck test(ProviderAccount account, String inboundUrl) {
        ProviderHttp.Reply reply = http.send(call(
                account,
                "check-key",
                null,
                "GET",
                "/v1/checkout/sessions/search?client_reference=xaalis-check-" + RandomTokens.base32Lower(12),
                null,
                true));
        if (reply instanceof ProviderHttp.Reply.Answered answered
                && answered.ok()
                && Replies.parse(json, answered.body()).path("result").isArray()) {
            return ConnectionCheck.ok("WALLET_SN accepted the API key");
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered
                && answered.status() >= 400
                && answered.status() < 500) {
            return ConnectionCheck.failed("WALLET_SN refused: " + Replies.reason(json, answered));
        }
        return ConnectionCheck.failed(http.unavailable(reply));
    }

    /** A session as the wallet reports it: paid, given up or still open (a failed attempt may be retried). */
    static SessionState state(JsonNode session) {
        String payment = Replies.text(session, "payment_status");
        String checkout = Replies.text(session, "checkout_status");
        if ("succeeded".equals(payment)) {
            return new SessionState.Paid();
        }
        // An expired session's payment_status is "cancelled" (the wallet publishes both): the session
        // ran out or was closed, which is an expiry, not a cancellation the merchant asked for.
        if ("expired".equals(checkout)) {
            return new SessionState.Expired();
        }
        if ("cancelled".equals(payment)) {
            return new SessionState.Cancelled();
        }
        if (checkout == null) {
            return new SessionState.Unknown("WALLET_SN gave no checkout_status");
        }
        return new SessionState.Open();
    }

    private ProviderHttp.Call call(
            ProviderAccount account,
            String operation,
            @Nullable String reference,
            String method,
            String path,
            @Nullable ObjectNode body,
            boolean idempotent) {
        return call(
                settings,
                account,
                operation,
                reference,
                method,
                path,
                Map.of(),
                body == null ? null : json.writeValueAsString(body),
                idempotent);
    }

    /** A call in the account's name (its API key as bearer token), with any other headers the call needs. */
    static ProviderHttp.Call call(
            ProviderProperties.Wallet settings,
            ProviderAccount account,
            String operation,
            @Nullable String reference,
            String method,
            String path,
            Map<String, String> headers,
            @Nullable String body,
            boolean idempotent) {
        String apiKey = ((Credentials.Wallet) account.credentials()).apiKey();
        Map<String, String> all = new HashMap<>(headers);
        all.put("Authorization", "Bearer " + apiKey);
        return new ProviderHttp.Call(
                account.connectionId(),
                operation,
                reference,
                method,
                URI.create(Replies.base(settings.baseUrl()) + path),
                Map.copyOf(all),
                body == null ? null : "application/json",
                body,
                null,
                idempotent);
    }

    static String encode(@Nullable String segment) {
        return URLEncoder.encode(segment == null ? "" : segment, StandardCharsets.UTF_8)
                .replace("+", "%20");
    }
}
