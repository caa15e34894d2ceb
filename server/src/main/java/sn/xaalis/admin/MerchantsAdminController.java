package sn.xaalis.admin;

import static sn.xaalis.admin.OperatorRequests.failIfAny;
import static sn.xaalis.admin.OperatorRequests.text;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.merchant.LiveApproval;
import sn.xaalis.merchant.LiveApprovals;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantSignUp;
import sn.xaalis.merchant.Suspension;
import sn.xaalis.platform.JsonBodies;
import sn.xaalis.platform.Timestamps;
import tools.jackson.databind.JsonNode;

/** Operator onboarding of merchants: creating one, and its approval for live payments. */
@RestController
@RequestMapping("/admin/v1")
record MerchantsAdminController(MerchantSignUp signUp, LiveApprovals approvals, OperatorRequests requests) {

    record MerchantJson(MerchantId id, String name, String email) {}

    @PostMapping("/merchants")
    ResponseEntity<MerchantJson> createMerchant(HttpServletRequest request) {
        JsonNode body = requests.readObject(request);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String name = text(body, "name", errors);
        String email = text(body, "email", errors);
        String password = text(body, "password", errors);
        failIfAny(errors);
        var merchant = signUp.createMerchant(name, email, password);
        return ResponseEntity.status(HttpStatus.CREATED)
                .body(new MerchantJson(merchant.id(), merchant.name(), merchant.email()));
    }

    /** A merchant's approval for live payments, as the operator API shows it; why, while suspended. */
    record ApprovalJson(
            MerchantId merchantId,
            String approval,
            @Nullable String approvedAt,
            @Nullable String withdrawnAt,
            @Nullable String suspensionCause,
            @Nullable String suspensionReason,
            @Nullable String suspendedBy) {}

    private ApprovalJson json(MerchantId merchantId, LiveApproval approval) {
        Suspension suspension =
                approval.withdrawn() ? approvals.suspension(merchantId).orElse(null) : null;
        return new ApprovalJson(
                merchantId,
                approval.state().value(),
                Timestamps.micros(approval.approvedAt()),
                Timestamps.micros(approval.withdrawnAt()),
                suspension == null ? null : suspension.cause().value(),
                suspension == null ? null : suspension.reason(),
                suspension == null ? null : suspension.by());
    }

    @GetMapping("/merchants/{merchantId}/approval")
    ApprovalJson approval(@PathVariable MerchantId merchantId) {
        return json(merchantId, approvals.approval(merchantId));
    }

    /** Approves a merchant for live payments: a self-service sign-up may then go live. */
    @PostMapping("/merchants/{merchantId}/approval")
    ApprovalJson approve(@PathVariable MerchantId merchantId) {
        return json(merchantId, approvals.approve(merchantId));
    }

    /**
     * Withdraws the approval (suspends the merchant): its live payments and payouts are refused until it is
     * approved again, and it is told by e-mail. The body says why: {@code reason} (required in a body, 1 to
     * 500 characters, told to the merchant), {@code cause} (optional: documents, complaints, fraud, unpaid,
     * request, other) and {@code language} of the e-mail (fr or en, French by default). A request without a
     * body, as before reasons existed, still suspends, with no reason given.
     */
    @DeleteMapping("/merchants/{merchantId}/approval")
    ApprovalJson withdraw(@PathVariable MerchantId merchantId, HttpServletRequest request) {
        boolean noBody = request.getContentLengthLong() == 0
                || (request.getContentLengthLong() < 0 && request.getHeader("Transfer-Encoding") == null);
        byte[] raw = noBody ? new byte[0] : JsonBodies.read(request, 16 * 1024);
        if (new String(raw, StandardCharsets.UTF_8).isBlank()) {
            return json(merchantId, approvals.suspend(merchantId, Suspension.Cause.OTHER, null, Locale.FRENCH));
        }
        JsonNode body = requests.readObject(raw);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String reason = text(body, "reason", errors);
        if (!errors.containsKey("reason")) {
            Suspension.reasonProblem(reason)
                    .ifPresent(problem -> errors.put(
                            "reason",
                            List.of(
                                    "blank".equals(problem)
                                            ? "is required: say why the merchant is suspended (it is told to the merchant)"
                                            : "must be at most " + Suspension.REASON_MAX + " characters")));
        }
        String cause = text(body, "cause", errors);
        Suspension.Cause chosen = Suspension.Cause.OTHER;
        if (cause != null) {
            chosen = Suspension.Cause.fromValue(cause).orElse(null);
            if (chosen == null) {
                errors.put("cause", List.of("must be one of documents, complaints, fraud, unpaid, request, other"));
            }
        }
        String language = text(body, "language", errors);
        if (language != null && !language.equals("fr") && !language.equals("en")) {
            errors.put("language", List.of("must be fr or en"));
        }
        failIfAny(errors);
        return json(
                merchantId,
                approvals.suspend(
                        merchantId,
                        java.util.Objects.requireNonNull(chosen),
                        reason,
                        Suspension.mailLanguage(language)));
    }
}
