package sn.xaalis.paymentlink;

import jakarta.servlet.http.HttpServletRequest;
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
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.JsonBodies;
import sn.xaalis.platform.ListParameters;
import tools.jackson.databind.json.JsonMapper;

/**
 * The links in the merchant API, behind the same key authentication, rate limit and idempotency as
 * payments (the merchant module guards every {@code /api/v1/{endpoint_key}/**} path). Paths are
 * accepted with and without the trailing slash.
 */
@RestController
class LinkApiController {

    private static final int MAX_BODY_BYTES = 16 * 1024;

    private final LinkCatalog catalog;
    private final Idempotency idempotency;
    private final JsonMapper json;

    LinkApiController(LinkCatalog catalog, Idempotency idempotency, JsonMapper json) {
        this.catalog = catalog;
        this.idempotency = idempotency;
        this.json = json;
    }

    @PostMapping({"/api/v1/{endpoint_key}/payment-links/", "/api/v1/{endpoint_key}/payment-links"})
    ResponseEntity<String> create(
            Caller caller,
            HttpServletRequest request,
            @RequestHeader(name = Idempotency.HEADER, required = false) String key) {
        String valid = Idempotency.validKey(key);
        byte[] body = JsonBodies.read(request, MAX_BODY_BYTES);
        LinkDraft draft = LinkJson.draft(body, json);
        return idempotent(caller, request, valid, body, 201, () -> {
            try {
                return catalog.create(caller, draft);
            } catch (LinkRules.Refused refused) {
                throw ApiException.invalid(Problem.said(refused.problems(), Problem::english));
            }
        });
    }

    @GetMapping(
            value = {"/api/v1/{endpoint_key}/payment-links/", "/api/v1/{endpoint_key}/payment-links"},
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> list(
            Caller caller,
            @RequestParam(required = false) String cursor,
            @RequestParam(required = false, defaultValue = "20") String limit) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        PaymentFilter.Position after = PaymentFilter.Position.fromParameter(cursor, errors);
        int size = ListParameters.limit(limit, errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        var page = catalog.ofApplication(caller, after, size);
        var now = catalog.now();
        var data = page.links().stream()
                .map(link -> LinkJson.Link.of(link, catalog.url(link), now))
                .toList();
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_JSON)
                .body(json.writeValueAsString(new LinkJson.Page(data, page.nextCursor() != null, page.nextCursor())));
    }

    /** Like a payment's cancel: an action on the resource, no body read, idempotent. */
    @PostMapping({
        "/api/v1/{endpoint_key}/payment-links/{code}/deactivate/",
        "/api/v1/{endpoint_key}/payment-links/{code}/deactivate"
    })
    ResponseEntity<String> deactivate(
            Caller caller,
            @PathVariable String code,
            HttpServletRequest request,
            @RequestHeader(name = Idempotency.HEADER, required = false) String key) {
        String valid = Idempotency.validKey(key);
        return idempotent(caller, request, valid, new byte[0], 200, () -> catalog.deactivate(caller, code)
                .orElseThrow(() -> ApiException.notFound("No payment link with this code")));
    }

    private ResponseEntity<String> idempotent(
            Caller caller,
            HttpServletRequest request,
            @Nullable String key,
            byte[] body,
            int status,
            Supplier<PaymentLink> action) {
        var keyed = Idempotency.Keyed.of(
                caller.applicationId(),
                caller.environment(),
                key,
                () -> Idempotency.fingerprint("POST", request.getRequestURI(), body));
        var answer = idempotency.execute(keyed, () -> {
            PaymentLink link = action.get();
            String rendered = json.writeValueAsString(LinkJson.Link.of(link, catalog.url(link), catalog.now()));
            return new Idempotency.StoredResponse(status, rendered);
        });
        var response = ResponseEntity.status(answer.response().status()).contentType(MediaType.APPLICATION_JSON);
        if (answer.replayed()) {
            response.header(Idempotency.REPLAYED_HEADER, "true");
        }
        return response.body(answer.response().body());
    }
}
