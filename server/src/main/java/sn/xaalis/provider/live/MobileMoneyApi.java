package sn.xaalis.provider.live;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.ProviderAccount;
import sn.xaalis.provider.ProviderProperties;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A call to the MOBILEMONEY_SN API with the account's OAuth2 token: every use case of {@link
 * MobileMoneyProvider} goes through here. A token the operator revoked early is replaced once.
 */
final class MobileMoneyApi {

    static final String JSON_TYPE = "application/json";

    /**
     * One request to the API.
     *
     * @param reference our payment reference, for the log (null for set-up calls)
     * @param body the JSON body (null for none)
     * @param recordedBody what the exchanges' log keeps of the body (null for the body itself)
     * @param idempotent whether a failed attempt may be repeated safely
     */
    record Request(
            String operation,
            @Nullable String reference,
            String method,
            String path,
            @Nullable ObjectNode body,
            @Nullable String recordedBody,
            boolean idempotent) {

        /** A read: safe to repeat. */
        static Request get(String operation, @Nullable String reference, String path) {
            return new Request(operation, reference, "GET", path, null, null, true);
        }

        /** A write: never sent twice. */
        static Request post(String operation, @Nullable String reference, String path, ObjectNode body) {
            return new Request(operation, reference, "POST", path, body, null, false);
        }

        Request recordedAs(String recorded) {
            return new Request(operation, reference, method, path, body, recorded, idempotent);
        }
    }

    private final ProviderProperties.MobileMoney settings;
    private final ProviderHttp http;
    private final MobileMoneyTokens tokens;
    private final JsonMapper json;

    MobileMoneyApi(
            ProviderProperties.MobileMoney settings, ProviderHttp http, MobileMoneyTokens tokens, JsonMapper json) {
        this.settings = settings;
        this.http = http;
        this.tokens = tokens;
        this.json = json;
    }

    ProviderHttp.Reply call(ProviderAccount account, Request request) {
        String issued;
        switch (tokens.current(account)) {
            case MobileMoneyTokens.Outcome.Refused refused -> {
                return new ProviderHttp.Reply.Refusal(refused.reason());
            }
            case MobileMoneyTokens.Outcome.Issued token -> issued = token.token();
        }
        ProviderHttp.Reply reply = http.send(withToken(account, request, issued));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.status() == 401) {
            tokens.reject(account, issued);
            if (tokens.current(account) instanceof MobileMoneyTokens.Outcome.Issued fresh) {
                reply = http.send(withToken(account, request, fresh.token()));
            }
        }
        return reply;
    }

    private ProviderHttp.Call withToken(ProviderAccount account, Request request, String token) {
        // Content-Type on every call, GETs included: the operator answers 415 without it.
        return new ProviderHttp.Call(
                account.connectionId(),
                request.operation(),
                request.reference(),
                request.method(),
                URI.create(Replies.base(settings.baseUrl()) + request.path()),
                Map.of("Authorization", "Bearer " + token),
                JSON_TYPE,
                request.body() == null ? null : json.writeValueAsString(request.body()),
                request.recordedBody(),
                request.idempotent());
    }

    /** Why a call that got no usable answer failed, in words safe for the merchant. */
    String unavailable(ProviderHttp.Reply reply) {
        return http.unavailable(reply);
    }

    /** Whether transactions can be looked up (a setting: not every contract has the call). */
    boolean looksUp() {
        return settings.transactionLookup();
    }

    boolean reachable() {
        return settings.reachable();
    }

    static Credentials.Operator operator(ProviderAccount account) {
        return (Credentials.Operator) account.credentials();
    }

    static String encode(String value) {
        return URLEncoder.encode(value == null ? "" : value, StandardCharsets.UTF_8);
    }
}
