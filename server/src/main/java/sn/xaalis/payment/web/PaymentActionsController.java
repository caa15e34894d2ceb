package sn.xaalis.payment.web;

import jakarta.servlet.http.HttpServletRequest;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.merchant.Caller;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.payment.PaymentOperations;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.payment.PaymentStatusBody;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.JsonBodies;
import sn.xaalis.platform.ListParameters;
import sn.xaalis.provider.Provider;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** D15 additions (list, cancel, refund) and the sandbox simulation API (D13). */
@RestController
class PaymentActionsController {

    private static final int MAX_BODY_BYTES = 4 * 1024;
    private static final String STATUS_RULE = "must be one of " + List.of(PaymentStatus.values());
    private static final String PROVIDER_RULE = "must be one of WALLET_SN, MOBILEMONEY_SN";

    private final PaymentOperations operations;
    private final Idempotency idempotency;
    private final JsonMapper json;

    PaymentActionsController(PaymentOperations operations, Idempotency idempotency, JsonMapper json) {
        this.operations = operations;
        this.idempotency = idempotency;
        this.json = json;
    }

    record PageJson(List<PaymentStatusBody> data, boolean hasMore, @Nullable String nextCursor) {}

    @GetMapping(
            value = {"/api/v1/{endpoint_key}/payments/", "/api/v1/{endpoint_key}/payments"},
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> list(
            Caller caller,
            @RequestParam(required = false) String status,
            @RequestParam(required = false) String provider,
            @RequestParam(required = false) String environment,
            @RequestParam(name = "created_from", required = false) String createdFrom,
            @RequestParam(name = "created_to", required = false) String createdTo,
            @RequestParam(required = false) String cursor,
            @RequestParam(required = false, defaultValue = "20") String limit) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        PaymentStatus statusFilter =
                ListParameters.named("status", status, PaymentStatus::fromName, STATUS_RULE, errors);
        Provider providerFilter = ListParameters.named("provider", provider, Provider::fromName, PROVIDER_RULE, errors);
        ListParameters.named("environment", environment, Environment::fromValue, "must be sandbox or live", errors);
        Instant from = ListParameters.instant("created_from", createdFrom, errors);
        Instant to = ListParameters.instant("created_to", createdTo, errors);
        PaymentFilter.Position after = PaymentFilter.Position.fromParameter(cursor, errors);
        int size = ListParameters.limit(limit, errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        // The environment comes from the keys; asking for the other one simply matches nothing.
        if (environment != null && !environment.equals(caller.environment().value())) {
            return PaymentJson.sized(json.writeValueAsBytes(new PageJson(List.of(), false, null)));
        }
        var page = operations.list(caller, new PaymentFilter(statusFilter, providerFilter, from, to, after), size);
        return PaymentJson.sized(json.writeValueAsBytes(new PageJson(
                page.payments().stream().map(PaymentStatusBody::of).toList(),
                page.nextCursor() != null,
                page.nextCursor())));
    }

    @PostMapping({
        "/api/v1/{endpoint_key}/payments/{reference}/cancel/",
        "/api/v1/{endpoint_key}/payments/{reference}/cancel"
    })
    ResponseEntity<String> cancel(
            Caller caller,
            @PathVariable String reference,
            HttpServletRequest request,
            @RequestHeader(name = Idempotency.HEADER, required = false) String key) {
        return idempotent(caller, request, key, new byte[0], () -> operations.cancel(caller, reference));
    }

    @PostMapping({
        "/api/v1/{endpoint_key}/payments/{reference}/refund/",
        "/api/v1/{endpoint_key}/payments/{reference}/refund"
    })
    ResponseEntity<String> refund(
            Caller caller,
            @PathVariable String reference,
            HttpServletRequest request,
            @RequestHeader(name = Idempotency.HEADER, required = false) String key) {
        return idempotent(caller, request, key, new byte[0], () -> operations.refund(caller, reference));
    }

    @PostMapping({
        "/api/v1/{endpoint_key}/sandbox/payments/{reference}/simulate",
        "/api/v1/{endpoint_key}/sandbox/payments/{reference}/simulate/"
    })
    ResponseEntity<String> simulate(
            Caller caller,
            @PathVariable String reference,
            HttpServletRequest request,
            @RequestHeader(name = Idempotency.HEADER, required = false) String key) {
        byte[] body = JsonBodies.read(request, MAX_BODY_BYTES);
        JsonNode node = JsonBodies.parseObject(body, json);
        JsonNode outcomeNode = node.get("outcome");
        PaymentStatus outcome = outcomeNode != null && outcomeNode.isString()
                ? PaymentStatus.fromName(outcomeNode.stringValue())
                        .filter(PaymentOperations.SIMULATED::contains)
                        .orElse(null)
                : null;
        if (outcome == null) {
            throw ApiException.invalid(
                    Map.of("outcome", List.of("must be one of SUCCESS, FAILED, CANCELLED, EXPIRED")));
        }
        JsonNode message = node.get("error_message");
        String errorMessage = message != null && message.isString() ? message.stringValue() : null;
        if (errorMessage != null && errorMessage.length() > 500) {
            throw ApiException.invalid(Map.of("error_message", List.of("must be at most 500 characters")));
        }
        return idempotent(
                caller, request, key, body, () -> operations.simulate(caller, reference, outcome, errorMessage));
    }

    private ResponseEntity<String> idempotent(
            Caller caller, HttpServletRequest request, @Nullable String header, byte[] body, Supplier<Payment> action) {
        String key = Idempotency.validKey(header);
        var keyed = Idempotency.Keyed.of(
                caller.applicationId(),
                caller.environment(),
                key,
                () -> Idempotency.fingerprint("POST", request.getRequestURI(), body));
        var answer = idempotency.execute(
                keyed,
                () -> new Idempotency.StoredResponse(200, json.writeValueAsString(PaymentStatusBody.of(action.get()))));
        var response = ResponseEntity.status(answer.response().status()).contentType(MediaType.APPLICATION_JSON);
        if (answer.replayed()) {
            response.header(Idempotency.REPLAYED_HEADER, "true");
        }
        return response.body(answer.response().body());
    }
}
