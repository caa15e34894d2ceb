package sn.xaalis.codepayment;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.merchant.Caller;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentStatusBody;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ErrorBody;
import sn.xaalis.platform.JsonBodies;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /api/v1/{endpoint_key}/payments/{reference}/otp}: the customer's number and one-time
 * code, from the merchant's server. Answers 200 with the ended payment, 202 while the operator has not
 * answered, 400 on {@code otp} for a code it refused (these three are kept under an Idempotency-Key);
 * the usual errors otherwise.
 */
@RestController
class CodePaymentController {

    private static final int MAX_BODY_BYTES = 4 * 1024;
    static final String PHONE_RULE = "must be a Senegal mobile number, such as 77 123 45 67 or +221 77 123 45 67";
    static final String CODE_RULE =
            "must be the one-time code (4 to 8 digits) the customer got from the operator's USSD menu";

    private final CodePayments payments;
    private final Idempotency idempotency;
    private final JsonMapper json;
    private final Clock clock;

    CodePaymentController(CodePayments payments, Idempotency idempotency, JsonMapper json, Clock clock) {
        this.payments = payments;
        this.idempotency = idempotency;
        this.json = json;
        this.clock = clock;
    }

    @PostMapping({"/api/v1/{endpoint_key}/payments/{reference}/otp", "/api/v1/{endpoint_key}/payments/{reference}/otp/"
    })
    ResponseEntity<String> pay(
            Caller caller,
            @PathVariable String reference,
            HttpServletRequest request,
            @RequestHeader(name = Idempotency.HEADER, required = false) String header) {
        JsonNode body = JsonBodies.parseObject(JsonBodies.read(request, MAX_BODY_BYTES), json);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String phone = text(body, "customer_phone", errors);
        String otp = text(body, "otp", errors);
        if (phone == null || otp == null || !errors.isEmpty()) { // a missing field is always among the errors
            throw ApiException.invalid(errors);
        }
        String key = Idempotency.validKey(header);
        // The key covers the payment and the number, never the code: nothing derived from it is kept.
        var keyed = Idempotency.Keyed.of(
                caller.applicationId(),
                caller.environment(),
                key,
                () -> Idempotency.fingerprint(
                        "POST",
                        request.getRequestURI(),
                        CustomerPhone.parse(phone)
                                .map(CustomerPhone::nationalNumber)
                                .orElse(phone)
                                .getBytes(StandardCharsets.UTF_8)));
        var answer = idempotency.executeThenRecord(
                keyed, () -> answer(payments.pay(caller, reference, phone, otp, CodeChannel.API)));
        var response = ResponseEntity.status(answer.response().status()).contentType(MediaType.APPLICATION_JSON);
        if (answer.replayed()) {
            response.header(Idempotency.REPLAYED_HEADER, "true");
        }
        return response.body(answer.response().body());
    }

    /** The answer for an outcome, or the error it calls for. */
    private Idempotency.StoredResponse answer(CodeOutcome outcome) {
        return switch (outcome) {
            case CodeOutcome.Finished finished -> body(200, finished.payment());
            case CodeOutcome.Awaiting awaiting -> body(202, awaiting.payment());
            // An answer like the others, kept under the key: a retry must not spend another try.
            case CodeOutcome.CodeRefused refused ->
                new Idempotency.StoredResponse(
                        400,
                        json.writeValueAsString(ErrorBody.of(
                                HttpStatus.BAD_REQUEST,
                                "Invalid request: otp",
                                Map.of(
                                        "otp",
                                        List.of("was refused: " + refused.reason() + "; " + refused.triesLeft()
                                                + (refused.triesLeft() == 1 ? " try" : " tries")
                                                + " left for this payment")),
                                clock.instant())));
            case CodeOutcome.Invalid invalid -> {
                Map<String, List<String>> errors = new LinkedHashMap<>();
                if (invalid.fields().contains("customer_phone")) {
                    errors.put("customer_phone", List.of(PHONE_RULE));
                }
                if (invalid.fields().contains("otp")) {
                    errors.put("otp", List.of(CODE_RULE));
                }
                throw ApiException.invalid(errors);
            }
            case CodeOutcome.NotFound notFound -> throw ApiException.notFound("No payment with this reference");
            case CodeOutcome.WrongProvider wrong ->
                throw ApiException.invalid(Map.of(
                        "provider",
                        List.of("a " + wrong.provider() + " payment takes no one-time code; only MOBILEMONEY_SN"
                                + " payments do")));
            case CodeOutcome.NotPayable notPayable ->
                throw new ApiException(
                        HttpStatus.CONFLICT,
                        "Only a PROCESSING payment takes a one-time code; this one is " + notPayable.status());
            case CodeOutcome.Busy busy ->
                throw new ApiException(
                        HttpStatus.CONFLICT,
                        "Another code for this payment is being checked or awaits the operator's answer; read the"
                                + " payment's status, which settles by asking the operator");
            case CodeOutcome.Throttled throttled -> {
                HttpHeaders headers = new HttpHeaders();
                headers.set(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, throttled.retryAfterSeconds())));
                throw new ApiException(
                        HttpStatus.TOO_MANY_REQUESTS,
                        "Too many one-time codes for this number or application; try again later",
                        Map.of(),
                        headers);
            }
            case CodeOutcome.Unavailable unavailable ->
                throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, unavailable.reason());
        };
    }

    private Idempotency.StoredResponse body(int status, Payment payment) {
        return new Idempotency.StoredResponse(status, json.writeValueAsString(PaymentStatusBody.of(payment)));
    }

    private static @Nullable String text(JsonNode body, String field, Map<String, List<String>> errors) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            errors.put(field, List.of("is required"));
            return null;
        }
        if (!value.isString()) {
            errors.put(field, List.of("must be a string"));
            return null;
        }
        return value.stringValue();
    }
}
