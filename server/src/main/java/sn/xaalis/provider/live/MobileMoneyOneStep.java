package sn.xaalis.provider.live;

import static sn.xaalis.provider.live.MobileMoneyApi.operator;

import java.util.Set;
import sn.xaalis.provider.CodeRequest;
import sn.xaalis.provider.CodeResult;
import sn.xaalis.provider.FailureReason;
import sn.xaalis.provider.ProviderAccount;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * MOBILEMONEY_SN's one-step payment: the customer's number and one-time code, our merchant code and
 * reference. Never sent twice: an answer that does not settle it is settled by looking the
 * transaction up (by our reference), as for a QR code.
 */
final class MobileMoneyOneStep {

    private static final String ONE_STEP = "/api/eWallet/v1/payments/onestep";
    private static final Set<String> FAILED = Set.of("FAILED", "REJECTED", "CANCELLED");

    private final MobileMoneyApi api;
    private final JsonMapper json;

    MobileMoneyOneStep(MobileMoneyApi api, JsonMapper json) {
        this.api = api;
        this.json = json;
    }

    CodeResult pay(ProviderAccount account, CodeRequest request) {
        ObjectNode body = body(account, request);
        ObjectNode recorded = body.deepCopy();
        ((ObjectNode) recorded.get("customer")).put("otp", "[not kept]");
        ProviderHttp.Reply reply = api.call(
                account,
                MobileMoneyApi.Request.post("pay-with-code", request.reference(), ONE_STEP, body)
                        .recordedAs(json.writeValueAsString(recorded)));
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.ok()) {
            return answer(Replies.parse(json, answered.body()));
        }
        if (reply instanceof ProviderHttp.Reply.Answered answered && answered.refused()) {
            String code = Replies.text(Replies.parse(json, answered.body()), "code");
            String reason = "MOBILEMONEY_SN: " + Replies.reason(json, answered);
            // A balance too low to pay ends the payment: no other code can help (docs/providers.md §3.4).
            if (code != null && FailureReason.MOBILEMONEY_SN_CODES.get(code) == FailureReason.INSUFFICIENT_FUNDS) {
                return new CodeResult.Declined(reason);
            }
            // The code not taken (2050 transaction failed, 2051 no such code, 2052 expired, used or wrong:
            // docs/providers.md §3.5) and any other business refusal (2000 unknown customer, ...): a refused
            // try; the customer may get another code from the USSD menu, as the form says.
            return new CodeResult.Refused(reason);
        }
        return reply.uncertain()
                ? new CodeResult.Unanswered(api.unavailable(reply), null)
                : new CodeResult.NotSent(api.unavailable(reply));
    }

    private ObjectNode body(ProviderAccount account, CodeRequest request) {
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
        return body;
    }

    /** A 2xx answer: paid, refused, or not finished yet. */
    private static CodeResult answer(JsonNode answer) {
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
        return new CodeResult.Unanswered("MOBILEMONEY_SN has not finished the payment (" + status + ")", transactionId);
    }
}
