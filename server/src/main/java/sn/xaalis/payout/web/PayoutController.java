package sn.xaalis.payout.web;

import jakarta.servlet.http.HttpServletRequest;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
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
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.payout.PayoutCreation;
import sn.xaalis.payout.PayoutJson;
import sn.xaalis.payout.PayoutQueries;
import sn.xaalis.payout.PayoutRefusal;
import sn.xaalis.payout.PayoutStatus;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.JsonBodies;
import sn.xaalis.platform.ListParameters;
import sn.xaalis.provider.Provider;
import tools.jackson.databind.json.JsonMapper;

/** The payout API: create (with a required {@code Idempotency-Key}), read one, list. Paths with or without the slash. */
@RestController
class PayoutController {

    private static final int MAX_BODY_BYTES = 32 * 1024;
    private static final String STATUS_RULE = "must be one of " + List.of(PayoutStatus.values());
    private static final String PROVIDER_RULE = "must be one of WALLET_SN, MOBILEMONEY_SN";

    private final PayoutCreation creation;
    private final PayoutQueries queries;
    private final PayoutRequestReader reader;
    private final JsonMapper json;

    PayoutController(PayoutCreation creation, PayoutQueries queries, PayoutRequestReader reader, JsonMapper json) {
        this.creation = creation;
        this.queries = queries;
        this.reader = reader;
        this.json = json;
    }

    record PageJson(List<PayoutJson> data, boolean hasMore, @Nullable String nextCursor) {}

    @PostMapping({"/api/v1/{endpoint_key}/payouts/", "/api/v1/{endpoint_key}/payouts"})
    ResponseEntity<byte[]> create(
            Caller caller,
            HttpServletRequest request,
            @RequestHeader(name = Idempotency.HEADER, required = false) String idempotencyKey) {
        String key = Idempotency.validKey(idempotencyKey);
        byte[] body = JsonBodies.read(request, MAX_BODY_BYTES);
        var parsed = reader.read(body);
        var outcome = creation.create(
                caller,
                parsed,
                key,
                Idempotency.fingerprint("POST", request.getRequestURI(), body),
                request.getRemoteAddr());
        var response = ResponseEntity.status(HttpStatus.CREATED).contentType(MediaType.APPLICATION_JSON);
        if (outcome.replayed()) {
            response.header(Idempotency.REPLAYED_HEADER, "true");
        }
        return response.body(json.writeValueAsBytes(PayoutJson.of(outcome.payout())));
    }

    @GetMapping(
            value = {"/api/v1/{endpoint_key}/payouts/{reference}/", "/api/v1/{endpoint_key}/payouts/{reference}"},
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> read(Caller caller, @PathVariable String reference) {
        return queries.find(caller, reference)
                .map(payout -> ResponseEntity.ok()
                        .contentType(MediaType.APPLICATION_JSON)
                        .body(json.writeValueAsBytes(PayoutJson.of(payout))))
                .orElseThrow(PayoutRefusal.NoSuchPayout::new);
    }

    @GetMapping(
            value = {"/api/v1/{endpoint_key}/payouts/", "/api/v1/{endpoint_key}/payouts"},
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> list(
            Caller caller,
            @RequestParam(required = false) String status,
            @RequestParam(required = false) String provider,
            @RequestParam(name = "created_from", required = false) String createdFrom,
            @RequestParam(name = "created_to", required = false) String createdTo,
            @RequestParam(required = false) String cursor,
            @RequestParam(required = false, defaultValue = "20") String limit) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        PayoutStatus statusFilter = ListParameters.named("status", status, PayoutStatus::fromName, STATUS_RULE, errors);
        Provider providerFilter = ListParameters.named("provider", provider, Provider::fromName, PROVIDER_RULE, errors);
        Instant from = ListParameters.instant("created_from", createdFrom, errors);
        Instant to = ListParameters.instant("created_to", createdTo, errors);
        PaymentFilter.Position after = PaymentFilter.Position.fromParameter(cursor, errors);
        int size = ListParameters.limit(limit, errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        var page = queries.list(caller, new PayoutQueries.Filter(statusFilter, providerFilter, from, to, after), size);
        PageJson body = new PageJson(
                page.payouts().stream().map(PayoutJson::of).toList(),
                page.next() != null,
                page.next() == null ? null : page.next().cursor());
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsBytes(body));
    }
}
