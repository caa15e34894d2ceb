package sn.xaalis.operator;

import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.merchant.LiveApprovals;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantRegister;
import sn.xaalis.merchant.Suspension;
import sn.xaalis.pages.PageController;

/**
 * Suspending a merchant, a step of its own: the page says what stops and asks why (a common cause and the
 * operator's words, both told to the merchant) and in which language to tell it. Nothing stops until the
 * operator confirms there.
 */
@PageController
class SuspensionConsoleController {

    private final MerchantRegister register;
    private final LiveApprovals approvals;

    SuspensionConsoleController(MerchantRegister register, LiveApprovals approvals) {
        this.register = register;
        this.approvals = approvals;
    }

    @GetMapping("/operator/merchants/{id}/suspension")
    ModelAndView confirm(@PathVariable String id) {
        MerchantRegister.Entry merchant = merchant(id);
        if (!merchant.approval().approved()) {
            return new ModelAndView("redirect:/operator/merchants/" + merchant.id());
        }
        return form(merchant, "", "", "fr", Map.of());
    }

    @PostMapping("/operator/merchants/{id}/suspension")
    ModelAndView suspend(
            @PathVariable String id,
            @RequestParam(defaultValue = "") String cause,
            @RequestParam(defaultValue = "") String reason,
            @RequestParam(defaultValue = "fr") String language,
            RedirectAttributes flash) {
        MerchantRegister.Entry merchant = merchant(id);
        var chosen = Suspension.Cause.fromValue(cause);
        var problem = Suspension.reasonProblem(reason);
        if (chosen.isEmpty() || problem.isPresent()) {
            Map<String, List<String>> errors = new java.util.LinkedHashMap<>();
            if (chosen.isEmpty()) {
                errors.put("cause", List.of("operator.suspend.error.cause"));
            }
            problem.ifPresent(p -> errors.put("reason", List.of("operator.suspend.error.reason." + p)));
            ModelAndView again = form(merchant, cause, reason, language, errors);
            again.setStatus(HttpStatus.BAD_REQUEST);
            return again;
        }
        approvals.suspend(merchant.id(), chosen.orElseThrow(), reason, Suspension.mailLanguage(language));
        flash.addFlashAttribute("notice", "operator.merchant.suspended");
        return new ModelAndView("redirect:/operator/merchants/" + merchant.id());
    }

    private ModelAndView form(
            MerchantRegister.Entry merchant,
            String cause,
            String reason,
            String language,
            Map<String, List<String>> errors) {
        return new ModelAndView("operator/suspend")
                .addObject("merchant", merchant)
                .addObject("causes", Suspension.Cause.values())
                .addObject("cause", cause)
                .addObject("reason", reason)
                .addObject("language", "en".equals(language) ? "en" : "fr")
                .addObject("reasonMax", Suspension.REASON_MAX)
                .addObject("errors", errors);
    }

    private MerchantRegister.Entry merchant(String id) {
        MerchantId merchantId = MerchantsConsoleController.merchantId(id);
        return register.find(merchantId).orElseThrow(ConsoleModel.NotFound::new);
    }
}
