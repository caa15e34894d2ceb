package sn.xaalis.ledger;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.merchant.Caller;
import sn.xaalis.payment.Amounts;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.payment.PaymentProperties;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ListParameters;
import sn.xaalis.platform.Timestamps;
import tools.jackson.databind.json.JsonMapper;

/**
 * The balance API: what the caller's application is owed in its keys' environment, and the
 * transactions behind it. Paths with or without the trailing slash, as everywhere in the API.
 */
@RestController
class BalanceController {

    private final Balances balances;
    private final PaymentProperties payments;
    private final JsonMapper json;

    BalanceController(Balances balances, PaymentProperties payments, JsonMapper json) {
        this.balances = balances;
        this.payments = payments;
        this.json = json;
    }

    record BalanceJson(String environment, String currency, String available, String pending) {}

    record LineJson(
            String id,
            String type,
            String amount,
            String fee,
            String net,
            @Nullable String reference,
            String createdAt,
            @Nullable String availableOn,
            @Nullable String description) {

        static LineJson of(Balances.Line line) {
            return new LineJson(
                    line.id().toString(),
                    line.type(),
                    Amounts.format(line.amount()),
                    Amounts.format(line.fee()),
                    Amounts.format(line.net()),
                    line.reference(),
                    java.util.Objects.requireNonNull(Timestamps.micros(line.createdAt())),
                    line.availableOn() == null ? null : line.availableOn().toString(),
                    line.description());
        }
    }

    record PageJson(List<LineJson> data, boolean hasMore, @Nullable String nextCursor) {}

    @GetMapping(
            value = {"/api/v1/{endpoint_key}/balance/", "/api/v1/{endpoint_key}/balance"},
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> balance(Caller caller) {
        // The installation's first currency: XOF unless the operator allows others.
        var balance = balances.balance(
                caller.applicationId(),
                caller.environment(),
                payments.currencies().getFirst());
        return ok(new BalanceJson(
                balance.environment().value(),
                balance.currency(),
                Amounts.format(balance.available()),
                Amounts.format(balance.pending())));
    }

    @GetMapping(
            value = {"/api/v1/{endpoint_key}/balance/transactions/", "/api/v1/{endpoint_key}/balance/transactions"},
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> transactions(
            Caller caller,
            @RequestParam(required = false) String cursor,
            @RequestParam(required = false, defaultValue = "20") String limit) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        PaymentFilter.Position after = PaymentFilter.Position.fromParameter(cursor, errors);
        int size = ListParameters.limit(limit, errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        // One more than the page: whether there is a next page, without counting.
        var lines = balances.transactions(caller.applicationId(), caller.environment(), after, size + 1);
        boolean more = lines.size() > size;
        var page = more ? lines.subList(0, size) : lines;
        return ok(new PageJson(
                page.stream().map(LineJson::of).toList(),
                more,
                more ? page.getLast().position().cursor() : null));
    }

    private ResponseEntity<byte[]> ok(Object body) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsBytes(body));
    }
}
