package sn.xaalis.operator;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.merchant.LiveApprovals;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantRegister;
import sn.xaalis.pages.PageController;
import sn.xaalis.verification.VerificationDecisions;

/**
 * The merchants an operator looks after: the list with a search, and a merchant's page with what tells
 * whether it is in trouble (its connections, its webhooks, what it collected), and its approval for live
 * payments, given back here (suspended with {@link SuspensionConsoleController}).
 */
@PageController
class MerchantsConsoleController {

    private final MerchantRegister register;
    private final MerchantPage merchantPage;
    private final LiveApprovals approvals;
    private final VerificationDecisions decisions;

    MerchantsConsoleController(
            MerchantRegister register,
            MerchantPage merchantPage,
            LiveApprovals approvals,
            VerificationDecisions decisions) {
        this.register = register;
        this.merchantPage = merchantPage;
        this.approvals = approvals;
        this.decisions = decisions;
    }

    @GetMapping("/operator")
    ModelAndView merchants(
            @RequestParam(defaultValue = "") String q, @RequestParam(required = false) @Nullable String after) {
        MerchantRegister.Page page = register.search(q, after);
        // Those waiting for a decision, first (twenty at most, the longest waiting first).
        List<MerchantRegister.Entry> waiting = decisions.waiting(20).stream()
                .flatMap(id -> register.find(id).stream())
                .toList();
        return new ModelAndView("operator/merchants")
                .addObject("waiting", waiting)
                .addObject("q", q)
                .addObject("merchants", page.merchants())
                .addObject("next", page.next());
    }

    @GetMapping("/operator/merchants/{id}")
    ModelAndView merchant(@PathVariable String id) {
        MerchantId merchantId = merchantId(id);
        return merchantPage
                .of(register.find(merchantId).orElseThrow(ConsoleModel.NotFound::new))
                .addObject("suspension", approvals.suspension(merchantId).orElse(null));
    }

    /**
     * Gives live payments back to a suspended merchant. A merchant never approved is approved through
     * its verification ({@link VerificationConsoleController}), not here.
     */
    @PostMapping("/operator/merchants/{id}/approval")
    String reinstate(@PathVariable String id, RedirectAttributes flash) {
        MerchantId merchantId = merchantId(id);
        MerchantRegister.Entry merchant = register.find(merchantId).orElseThrow(ConsoleModel.NotFound::new);
        if (!merchant.approval().withdrawn()) {
            return "redirect:/operator/merchants/" + merchantId;
        }
        approvals.approve(merchantId);
        flash.addFlashAttribute("notice", "operator.merchant.approved");
        return "redirect:/operator/merchants/" + merchantId;
    }

    static MerchantId merchantId(String id) {
        try {
            return MerchantId.valueOf(id);
        } catch (IllegalArgumentException e) {
            throw new ConsoleModel.NotFound();
        }
    }
}
