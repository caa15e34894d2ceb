package sn.xaalis.admin;

import jakarta.servlet.http.HttpServletRequest;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.ledger.Adjustment;
import sn.xaalis.ledger.AdjustmentRefusal;
import sn.xaalis.ledger.Adjustments;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.payment.Amounts;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.JsonBodies;
import sn.xaalis.platform.Timestamps;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Manual adjustments of an application's available balance (issue 49): a credit or a debit with its
 * reason, made once per {@code Idempotency-Key} (required), and the list of those made.
 */
@RestController
@RequestMapping("/admin/v1")
class AdjustmentsAdminController {

    private static final int MAX_BODY_BYTES = 4 * 1024;
    private static final Set<String> FIELDS = Set.of("environment", "amount", "reason");
    /** The list is short: adjustments are exceptions, a few per application. */
    private static final int LISTED = 100;

    private final Adjustments adjustments;
    private final MerchantApplications applications;
    private final OperatorRequests requests;
    private final JsonMapper json;

    AdjustmentsAdminController(
            Adjustments adjustments, MerchantApplications applications, OperatorRequests requests, JsonMapper json) {
        this.adjustments = adjustments;
        this.applications = applications;
        this.requests = requests;
        this.json = json;
    }

    record AdjustmentJson(
            String id,
            String applicationId,
            String environment,
            String currency,
            String amount,
            String reason,
            String operator,
            String createdAt) {
        static AdjustmentJson of(Adjustment a) {
            return new AdjustmentJson(
                    a.id().toString(),
                    a.applicationId().toString(),
                    a.environment().value(),
                    a.currency(),
                    Amounts.format(a.amount()),
                    a.reason(),
                    a.operator(),
                    java.util.Objects.requireNonNull(Timestamps.micros(a.createdAt())));
        }
    }

    record ListJson(List<AdjustmentJson> data) {}

    @PostMapping("/applications/{application_id}/adjustments")
    ResponseEntity<byte[]> adjust(
            @PathVariable("application_id") ApplicationId applicationId,
            HttpServletRequest request,
            @RequestHeader(name = Idempotency.HEADER, required = false) @Nullable String idempotencyKey) {
        String key = Idempotency.validKey(idempotencyKey);
        if (key == null) {
            throw new AdjustmentRefusal.KeyRequired();
        }
        byte[] raw = JsonBodies.read(request, MAX_BODY_BYTES);
        JsonNode body = requests.readObject(raw);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        body.propertyNames().forEach(name -> {
            if (!FIELDS.contains(name)) {
                errors.put(name, List.of("is not a field of an adjustment"));
            }
        });
        Optional<Environment> environment = environment(body, errors);
        BigDecimal amount = amount(body, errors);
        String reason = OperatorRequests.text(body, "reason", errors);
        if (!errors.containsKey("reason")) {
            Adjustments.reasonProblem(reason).ifPresent(p -> errors.put("reason", List.of(Adjustments.reasonRule(p))));
        }
        OperatorRequests.failIfAny(errors);
        var outcome = adjustments.adjust(new Adjustments.Request(
                applicationId,
                environment.orElseThrow(),
                java.util.Objects.requireNonNull(amount),
                java.util.Objects.requireNonNull(reason),
                key,
                Idempotency.fingerprint("POST", request.getRequestURI(), raw),
                AuditTrail.currentActor().map(AuditActor::auditName).orElse("admin")));
        var response = ResponseEntity.status(HttpStatus.CREATED).contentType(MediaType.APPLICATION_JSON);
        if (outcome.replayed()) {
            response.header(Idempotency.REPLAYED_HEADER, "true");
        }
        return response.body(json.writeValueAsBytes(AdjustmentJson.of(outcome.adjustment())));
    }

    @GetMapping("/applications/{application_id}/adjustments")
    ListJson list(@PathVariable("application_id") ApplicationId applicationId) {
        applications.operatorDetails(applicationId); // 404 for an application that does not exist
        return new ListJson(adjustments.of(applicationId, LISTED).stream()
                .map(AdjustmentJson::of)
                .toList());
    }

    private static Optional<Environment> environment(JsonNode body, Map<String, List<String>> errors) {
        String value = OperatorRequests.text(body, "environment", errors);
        Optional<Environment> environment = value == null ? Optional.empty() : Environment.fromValue(value);
        if (environment.isEmpty() && !errors.containsKey("environment")) {
            errors.put("environment", List.of("must be sandbox or live"));
        }
        return environment;
    }

    /** Signed whole francs, as a string ({@code "-1500"}, preferred) or a JSON integer. */
    private static @Nullable BigDecimal amount(JsonNode body, Map<String, List<String>> errors) {
        JsonNode value = body.get("amount");
        BigDecimal amount = null;
        if (value != null && value.isString()) {
            amount = Adjustments.francs(value.stringValue(), false);
        } else if (value != null && value.isIntegralNumber()) {
            amount = new BigDecimal(value.bigIntegerValue());
        }
        Optional<String> problem = Adjustments.amountProblem(amount);
        if (value == null || value.isNull()) {
            errors.put("amount", List.of("is required"));
        } else if (problem.isPresent()) {
            errors.put("amount", List.of(problem.get() + ", such as \"-1500\""));
        }
        return amount;
    }
}
