package sn.xaalis.provider.live;

import static sn.xaalis.provider.live.MobileMoneyApi.encode;
import static sn.xaalis.provider.live.MobileMoneyApi.operator;

import org.jspecify.annotations.Nullable;
import sn.xaalis.provider.ConnectionCheck;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.ProviderAccount;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Where MOBILEMONEY_SN sends a merchant code's notifications: registering our address, and checking it. */
final class MobileMoneyCallbacks {

    private static final String CALLBACKS = "/api/notification/v1/merchantcallback";

    private final MobileMoneyApi api;
    private final JsonMapper json;

    MobileMoneyCallbacks(MobileMoneyApi api, JsonMapper json) {
        this.api = api;
        this.json = json;
    }

    /**
     * Registers the account's notification address with the operator, with the {@code apiKey} it will
     * send back on every notification, then reads the registration back.
     */
    ConnectionCheck register(ProviderAccount account, String inboundUrl, @Nullable String merchantName) {
        Credentials.Operator operator = operator(account);
        ObjectNode body = json.createObjectNode();
        body.put("apiKey", operator.notificationKey());
        body.put("callbackUrl", inboundUrl);
        body.put("code", operator.merchantCode());
        body.put("name", merchantName == null ? "Xaalis" : merchantName);
        ProviderHttp.Reply reply =
                api.call(account, MobileMoneyApi.Request.post("register-callback", null, CALLBACKS, body));
        if (reply instanceof ProviderHttp.Reply.Refusal refusal) {
            return ConnectionCheck.failed(refusal.reason());
        }
        if (!(reply instanceof ProviderHttp.Reply.Answered answered && answered.ok())) {
            return failure(reply);
        }
        return check(account, inboundUrl);
    }

    /** A token, then the operator's list of the merchant code's callbacks: ours must be in it. */
    ConnectionCheck check(ProviderAccount account, String inboundUrl) {
        Credentials.Operator operator = operator(account);
        ProviderHttp.Reply reply = api.call(
                account,
                MobileMoneyApi.Request.get(
                        "read-callback", null, CALLBACKS + "?code=" + encode(operator.merchantCode())));
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
        return ConnectionCheck.failed(api.unavailable(reply));
    }
}
