package sn.xaalis.provider.live;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import sn.xaalis.provider.PayoutAnswer;
import sn.xaalis.provider.PayoutTransfer;
import sn.xaalis.provider.ProviderAccount;
import sn.xaalis.provider.ProviderProperties;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The wallet's payouts ({@code /v1/payout}, docs/providers.md §2.4): our reference is both the
 * {@code Idempotency-Key} (the wallet guarantees one payout per key) and the {@code client_reference} a
 * payout sent without an answer is searched by.
 */
final class WalletPayouts {

    private final ProviderProperties.Wallet settings;
    private final ProviderHttp http;
    private final JsonMapper json;

    WalletPayouts(ProviderProperties.Wallet settings, ProviderHttp http, JsonMapper json) {
        this.settings = settings;
        this.http = http;
        this.json = json;
    }

    PayoutAnswer send(ProviderAccount account, PayoutTransfer transfer) {
        ObjectNode body = json.createObjectNode();
        body.put("currency", transfer.currency());
        body.put(
                "receive_amount",
                transfer.amount().stripTrailingZeros().toBigIntegerExact().toString());
        body.put("mobile", transfer.recipientPhone());
        if (transfer.recipientName() != null) {
            body.put("name", transfer.recipientName());
        }
        body.put("client_reference", transfer.reference());
        if (transfer.reason() != null) {
            body.put("payment_reason", transfer.reason());
        }
        // Sent once: a lost answer is read back (find), so one payout is one call in the exchanges' log.
        ProviderHttp.Reply reply = http.send(call(
                account,
                "send-payout",
                transfer.reference(),
                "POST",
                "/v1/payout",
                Map.of("Idempotency-Key", transfer.reference()),
                json.writeValueAsString(body),
                false));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            return payout(Replies.parse(json, answered.body()));
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && certainRefusal(answered)) {
            return refused(Replies.parse(json, answered.body()), answered);
        }
        return unclear(reply);
    }

    PayoutAnswer find(ProviderAccount account, PayoutTransfer transfer) {
        if (transfer.providerReference() != null) {
            ProviderHttp.Reply reply = http.send(call(
                    account,
                    "get-payout",
                    transfer.reference(),
                    "GET",
                    "/v1/payout/" + WalletProvider.encode(transfer.providerReference()),
                    Map.of(),
                    null,
                    true));
            return reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()
                    ? payout(Replies.parse(json, answered.body()))
                    : new PayoutAnswer.Unknown(http.unavailable(reply));
        }
        ProviderHttp.Reply reply = http.send(call(
                account,
                "find-payout",
                transfer.reference(),
                "GET",
                "/v1/payouts/search?client_reference=" + WalletProvider.encode(transfer.reference()),
                Map.of(),
                null,
                true));
        if (!(reply instanceof ProviderHttp.Reply.Answered answered && answered.ok())) {
            return new PayoutAnswer.Unknown(http.unavailable(reply));
        }
        JsonNode result = Replies.parse(json, answered.body()).path("result");
        if (!result.isArray()) {
            return new PayoutAnswer.Unknown("WALLET_SN answered the search without a result list");
        }
        for (JsonNode payout : result) {
            if (transfer.reference().equals(Replies.text(payout, "client_reference"))) {
                return payout(payout); // one per key: the wallet's guarantee
            }
        }
        return new PayoutAnswer.Absent();
    }

    /** {@code GET /v1/balance}: {@code {amount, currency}} (§2.4). */
    Optional<BigDecimal> balance(ProviderAccount account) {
        ProviderHttp.Reply reply =
                http.send(call(account, "balance", null, "GET", "/v1/balance", Map.of(), null, true));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            JsonNode body = Replies.parse(json, answered.body());
            return "XOF".equals(Replies.text(body, "currency"))
                    ? Optional.ofNullable(amount(Replies.text(body, "amount")))
                    : Optional.empty();
        }
        return Optional.empty();
    }

    /** A payout object: {@code processing}, {@code succeeded}, {@code failed} or {@code reversed}. */
    private static PayoutAnswer payout(JsonNode payout) {
        String id = Replies.text(payout, "id");
        BigDecimal fee = amount(Replies.text(payout, "fee"));
        return switch (String.valueOf(Replies.text(payout, "status"))) {
            case "processing" -> new PayoutAnswer.Pending(id);
            case "succeeded" -> new PayoutAnswer.Settled(PayoutAnswer.Outcome.SUCCEEDED, fee, id, null, null);
            case "reversed" -> new PayoutAnswer.Settled(PayoutAnswer.Outcome.REVERSED, fee, id, null, null);
            case "failed" -> {
                JsonNode error = payout.path("payout_error");
                yield new PayoutAnswer.Settled(
                        PayoutAnswer.Outcome.FAILED,
                        null,
                        id,
                        Replies.text(error, "error_code"),
                        Replies.text(error, "error_message"));
            }
            default -> new PayoutAnswer.Unknown("WALLET_SN answered a payout without a known status");
        };
    }

    /** A 4xx other than 408 and 429: the wallet refused before any payout existed. */
    private static boolean certainRefusal(ProviderHttp.Reply.Answered answered) {
        return answered.status() >= 400
                && answered.status() < 500
                && answered.status() != 408
                && answered.status() != 429;
    }

    private PayoutAnswer refused(JsonNode body, ProviderHttp.Reply.Answered answered) {
        String code = Replies.text(body, "code");
        return new PayoutAnswer.Settled(
                PayoutAnswer.Outcome.FAILED,
                null,
                null,
                code != null ? code : "http-" + answered.status(),
                answered.status() == 401 || answered.status() == 403
                        ? http.unavailable(answered)
                        : Replies.reason(body, answered.status()));
    }

    /** A timeout, a 5xx, 408 or 429: the wallet may have created it; only a read tells. No call at all: not sent. */
    private PayoutAnswer unclear(ProviderHttp.Reply reply) {
        if (reply instanceof ProviderHttp.Reply.NoAnswer none && !reply.uncertain()) {
            return new PayoutAnswer.NotSent(none.reason());
        }
        return new PayoutAnswer.Unknown(http.unavailable(reply));
    }

    private static @Nullable BigDecimal amount(@Nullable String value) {
        try {
            return value == null ? null : new BigDecimal(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private ProviderHttp.Call call(
            ProviderAccount account,
            String operation,
            @Nullable String reference,
            String method,
            String path,
            Map<String, String> headers,
            @Nullable String body,
            boolean idempotent) {
        return WalletProvider.call(settings, account, operation, reference, method, path, headers, body, idempotent);
    }
}
