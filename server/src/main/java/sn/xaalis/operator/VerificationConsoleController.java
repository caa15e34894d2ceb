package sn.xaalis.operator;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.pages.PageController;
import sn.xaalis.verification.VerificationDecisions;
import sn.xaalis.verification.VerificationRefusal;

/**
 * A merchant's verification in the console: its documents, served to operators only and as downloads
 * (never rendered by the browser as a page), and the decision: approve, or refuse with a reason.
 */
@PageController
class VerificationConsoleController {

    private final VerificationDecisions decisions;

    VerificationConsoleController(VerificationDecisions decisions) {
        this.decisions = decisions;
    }

    @GetMapping("/operator/merchants/{id}/documents/{document}")
    void document(@PathVariable String id, @PathVariable UUID document, HttpServletResponse response)
            throws IOException {
        var content = decisions
                .document(MerchantsConsoleController.merchantId(id), document)
                .orElseThrow(ConsoleModel.NotFound::new);
        response.setContentType(content.contentType());
        response.setContentLength(content.bytes().length);
        response.setHeader("Content-Disposition", "attachment; filename=\"" + content.fileName() + "\"");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Content-Security-Policy", "sandbox; default-src 'none'");
        response.setHeader("Cache-Control", "no-store");
        response.getOutputStream().write(content.bytes());
    }

    @PostMapping("/operator/merchants/{id}/verification/approve")
    String approve(@PathVariable String id, RedirectAttributes flash) {
        MerchantId merchantId = MerchantsConsoleController.merchantId(id);
        try {
            decisions.approve(merchantId);
            flash.addFlashAttribute("notice", "operator.verification.approved");
        } catch (VerificationRefusal refusal) {
            flash.addFlashAttribute(
                    "failure", refusal.errors().values().iterator().next().getFirst());
        }
        return "redirect:/operator/merchants/" + merchantId;
    }

    @PostMapping("/operator/merchants/{id}/verification/refuse")
    String refuse(@PathVariable String id, @RequestParam(defaultValue = "") String reason, RedirectAttributes flash) {
        MerchantId merchantId = MerchantsConsoleController.merchantId(id);
        try {
            decisions.refuse(merchantId, reason);
            flash.addFlashAttribute("notice", "operator.verification.refused");
        } catch (VerificationRefusal refusal) {
            flash.addFlashAttribute(
                    "failure", refusal.errors().values().iterator().next().getFirst());
        }
        return "redirect:/operator/merchants/" + merchantId;
    }
}
