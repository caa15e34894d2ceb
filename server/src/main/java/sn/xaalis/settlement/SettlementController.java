package sn.xaalis.settlement;

import jakarta.servlet.http.HttpServletRequest;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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
import sn.xaalis.payment.Amounts;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.JsonBodies;
import sn.xaalis.platform.ListParameters;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The settlement API: pay the available balance out to the merchant's own number (a required
 * {@code Idempotency-Key}), read one, list. Paths with or without the trailing slash.
 */
@RestController
class SettlementController {

    private static final int MAX_BODY_BYTES = 4 * 1024;
    /** No rule of its own past the day's caps: a whole balance may be settled at once. */
    private static final BigDecimal MAXIMUM = new BigDecimal("999999999999");

    private final SettlementCreation creation;
    private final SettlementStore store;
    private final JsonMapper json;

    SettlementController(SettlementCreation creation, SettlementStore store, JsonMapper json) {
        this.creation = creation;
        this.store = store;
        this.json = json;
    }

    record PageJson(List<SettlementJson> data, boolean hasMore, @Nullable String nextCursor) {}

    @PostMapping({"/api/v1/{endpoint_key}/settlements/", "/api/v1/{endpoint_key}/settlements"})
    ResponseEntity<byte[]> create(
            Caller caller,
            HttpServletRequest request,
            @RequestHeader(name = Idempotency.HEADER, required = false) String idempotencyKey) {
        String key = Idempotency.validKey(idempotencyKey);
        if (key == null) {
            throw new SettlementRefusal.KeyRequired();
        }
        boolean empty = request.getContentType() == null && request.getContentLengthLong() <= 0;
        byte[] body = empty ? new byte[0] : JsonBodies.read(request, MAX_BODY_BYTES);
        BigDecimal amount = body.length == 0 ? null : amount(JsonBodies.parseObject(body, json));
        var outcome = creation.settle(new SettlementCreation.Request(
                caller.applicationId(),
                caller.environment(),
                amount,
                key,
                Idempotency.fingerprint("POST", request.getRequestURI(), body),
                "api",
                request.getRemoteAddr()));
        var response = ResponseEntity.status(HttpStatus.CREATED).contentType(MediaType.APPLICATION_JSON);
        if (outcome.replayed()) {
            response.header(Idempotency.REPLAYED_HEADER, "true");
        }
        return response.body(json.writeValueAsBytes(SettlementJson.of(outcome.settlement())));
    }

    /** The body's amount (a string of whole francs, as elsewhere in the API), or null for all available. */
    private static @Nullable BigDecimal amount(JsonNode body) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        body.propertyNames().forEach(name -> {
            if (!name.equals("amount")) {
                errors.put(name, List.of("is not a field of a settlement"));
            }
        });
        JsonNode amount = body.get("amount");
        BigDecimal value = null;
        if (amount != null && !amount.isNull()) {
            if (!amount.isString()) {
                errors.put("amount", List.of("must be a string such as \"4500\""));
            } else {
                switch (Amounts.parse(amount.asString(), true, MAXIMUM, true)) {
                    case Amounts.Parsed.Valid valid -> value = valid.value();
                    case Amounts.Parsed.Invalid invalid ->
                        errors.put(
                                "amount",
                                List.of(
                                        invalid.rule() == Amounts.Rule.WHOLE
                                                ? "must be whole francs"
                                                : invalid.reason()));
                }
            }
        }
        if (!errors.isEmpty()) {
            throw new SettlementRefusal.FieldsInvalid(errors);
        }
        return value;
    }

    @GetMapping(
            value = {"/api/v1/{endpoint_key}/settlements/{id}/", "/api/v1/{endpoint_key}/settlements/{id}"},
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> read(Caller caller, @PathVariable String id) {
        UUID uuid;
        try {
            uuid = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw new SettlementRefusal.NoSuchSettlement();
        }
        return store.find(caller.applicationId(), caller.environment(), uuid)
                .map(s -> ResponseEntity.ok()
                        .contentType(MediaType.APPLICATION_JSON)
                        .body(json.writeValueAsBytes(SettlementJson.of(s))))
                .orElseThrow(SettlementRefusal.NoSuchSettlement::new);
    }

    @GetMapping(
            value = {"/api/v1/{endpoint_key}/settlements/", "/api/v1/{endpoint_key}/settlements"},
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> list(
            Caller caller,
            @RequestParam(required = false) String cursor,
            @RequestParam(required = false, defaultValue = "20") String limit) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        PaymentFilter.Position after = PaymentFilter.Position.fromParameter(cursor, errors);
        int size = ListParameters.limit(limit, errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        var rows = store.list(caller.applicationId(), caller.environment(), after, size + 1);
        boolean more = rows.size() > size;
        var page = more ? rows.subList(0, size) : rows;
        var last = page.isEmpty() ? null : page.getLast();
        PageJson body = new PageJson(
                page.stream().map(SettlementJson::of).toList(),
                more,
                more && last != null ? new PaymentFilter.Position(last.createdAt(), last.id()).cursor() : null);
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsBytes(body));
    }
}
