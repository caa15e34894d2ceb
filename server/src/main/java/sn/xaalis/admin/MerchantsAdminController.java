package sn.xaalis.admin;

import static sn.xaalis.admin.OperatorRequests.failIfAny;
import static sn.xaalis.admin.OperatorRequests.text;

import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
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

    /** A merchant's approval for live payments, as the operator API shows it. */
    record ApprovalJson(
            MerchantId merchantId, String approval, @Nullable String approvedAt, @Nullable String withdrawnAt) {
        static ApprovalJson of(MerchantId merchantId, LiveApproval approval) {
            return new ApprovalJson(
                    merchantId,
                    approval.state().value(),
                    Timestamps.micros(approval.approvedAt()),
                    Timestamps.micros(approval.withdrawnAt()));
        }
    }

    @GetMapping("/merchants/{merchantId}/approval")
    ApprovalJson approval(@PathVariable MerchantId merchantId) {
        return ApprovalJson.of(merchantId, approvals.approval(merchantId));
    }

    /** Approves a merchant for live payments: a self-service sign-up may then go live. */
    @PostMapping("/merchants/{merchantId}/approval")
    ApprovalJson approve(@PathVariable MerchantId merchantId) {
        return ApprovalJson.of(merchantId, approvals.approve(merchantId));
    }

    /** Withdraws the approval: the merchant's live payments are refused until it is approved again. */
    @DeleteMapping("/merchants/{merchantId}/approval")
    ApprovalJson withdraw(@PathVariable MerchantId merchantId) {
        return ApprovalJson.of(merchantId, approvals.withdrawApproval(merchantId));
    }
}
