package sn.xaalis.payment.web;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.merchant.Caller;
import sn.xaalis.payment.PaymentInitiation;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.payment.PaymentStatusBody;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.JsonBodies;
import tools.jackson.databind.json.JsonMapper;

/** SPEC §4.1 and §4.2. Paths are accepted with and without the trailing slash. */
@RestController
class PaymentController {

    private static final int MAX_BODY_BYTES = 64 * 1024;

    private final PaymentInitiation initiation;
    private final PaymentQueries queries;
    private final InitiationRequestReader reader;
    private final JsonMapper json;

    PaymentController(
            PaymentInitiation initiation, PaymentQueries queries, InitiationRequestReader reader, JsonMapper json) {
        this.initiation = initiation;
        this.queries = queries;
        this.reader = reader;
        this.json = json;
    }

    @PostMapping({"/api/v1/{endpoint_key}/payments/initiate/", "/api/v1/{endpoint_key}/payments/initiate"})
    ResponseEntity<String> initiate(
            Caller caller,
            HttpServletRequest request,
            @RequestHeader(name = Idempotency.HEADER, required = false) String idempotencyKey) {
        String key = Idempotency.validKey(idempotencyKey);
        byte[] body = JsonBodies.read(request, MAX_BODY_BYTES);
        var parsed = reader.read(body);
        var keyed = Idempotency.Keyed.of(
                caller.applicationId(),
                caller.environment(),
                key,
                () -> Idempotency.fingerprint("POST", request.getRequestURI(), body));
        var outcome = initiation.initiate(
                caller, parsed, keyed, initiated -> json.writeValueAsString(PaymentJson.Initiated.of(initiated)));
        var response = ResponseEntity.status(outcome.status()).contentType(MediaType.APPLICATION_JSON);
        if (outcome.replayed()) {
            response.header(Idempotency.REPLAYED_HEADER, "true");
        }
        return response.body(outcome.body());
    }

    // produces: the answer is rendered before it is returned, so Accept is checked here, up front.
    @GetMapping(
            value = {
                "/api/v1/{endpoint_key}/payments/{reference}/status/",
                "/api/v1/{endpoint_key}/payments/{reference}/status"
            },
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> status(Caller caller, @PathVariable String reference) {
        return queries.find(caller, reference)
                .map(payment -> PaymentJson.sized(json.writeValueAsBytes(PaymentStatusBody.of(payment))))
                .orElseThrow(() -> ApiException.notFound("No payment with this reference"));
    }
}
