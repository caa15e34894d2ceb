package sn.xaalis.operator;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.audit.AuditQuery;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.connection.ConnectionHealth;
import sn.xaalis.merchant.ApplicationSummary;
import sn.xaalis.merchant.LiveApprovals;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantRegister;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.PaymentStatistics;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.verification.MerchantVerification;
import sn.xaalis.verification.VerificationDecisions;
import sn.xaalis.webhook.WebhookDeliveries;

/**
 * The merchants an operator looks after: the list with a search, and a merchant's page with what tells
 * whether it is in trouble (its connections, its webhooks, what it collected), and its approval for live
 * payments, given or suspended here.
 */
@PageController
class MerchantsConsoleController {

    private final MerchantRegister register;
    private final MerchantApplications applications;
    private final ConnectionHealth connections;
    private final WebhookDeliveries webhooks;
    private final PaymentStatistics statistics;
    private final LiveApprovals approvals;
    private final AuditTrail audit;
    private final MerchantVerification verification;
    private final VerificationDecisions decisions;
    private final Clock clock;

    MerchantsConsoleController(
            MerchantRegister register,
            MerchantApplications applications,
            ConnectionHealth connections,
            WebhookDeliveries webhooks,
            PaymentStatistics statistics,
            LiveApprovals approvals,
            AuditTrail audit,
            MerchantVerification verification,
            VerificationDecisions decisions,
            Clock clock) {
        this.verification = verification;
        this.decisions = decisions;
        this.register = register;
        this.applications = applications;
        this.connections = connections;
        this.webhooks = webhooks;
        this.statistics = statistics;
        this.approvals = approvals;
        this.audit = audit;
        this.clock = clock;
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

    /** One application as the merchant's page shows it. */
    record AppView(
            ApplicationSummary app, List<ConnectionHealth.Health> connections, WebhookDeliveries.Health webhooks) {}

    @GetMapping("/operator/merchants/{id}")
    ModelAndView merchant(@PathVariable String id) {
        MerchantId merchantId = merchantId(id);
        MerchantRegister.Entry merchant = register.find(merchantId).orElseThrow(ConsoleModel.NotFound::new);
        // A merchant has a few applications: two small reads each, none of them over its payments.
        List<AppView> apps = applications.applicationsOf(merchantId).stream()
                .map(app -> new AppView(app, connections.of(app.id()), webhooks.health(app.id())))
                .toList();
        Set<ApplicationId> ids = apps.stream().map(a -> a.app().id()).collect(Collectors.toSet());
        PaymentStatistics.Summary volume =
                statistics.summary(ids, Environment.LIVE, clock.instant().minus(Duration.ofDays(30)));
        return new ModelAndView("operator/merchant")
                .addObject("merchant", merchant)
                .addObject("apps", apps)
                .addObject("volume", volume)
                .addObject("successful", volume.byStatus().getOrDefault(PaymentStatus.SUCCESS, 0L))
                .addObject("verification", verification.of(merchantId))
                .addObject("documents", verification.documents(merchantId))
                .addObject(
                        "changes", audit.search(new AuditQuery(merchantId.value(), null, null, null, null, null), 10));
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

    @PostMapping("/operator/merchants/{id}/suspension")
    String suspend(@PathVariable String id, RedirectAttributes flash) {
        MerchantId merchantId = merchantId(id);
        register.find(merchantId).orElseThrow(ConsoleModel.NotFound::new);
        approvals.withdrawApproval(merchantId);
        flash.addFlashAttribute("notice", "operator.merchant.suspended");
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
