package sn.xaalis.portal;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.merchant.ApplicationSummary;
import sn.xaalis.merchant.Caller;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentOperations;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.payment.PaymentRefusal;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.payment.PaymentTransitions;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.webhook.NotificationId;
import sn.xaalis.webhook.WebhookDeliveries;

/**
 * What staff can do from a payment's page: refund or cancel it (asked to confirm, and the password
 * again for a live refund; the API's rules and notifications), resend a notification, and in sandbox
 * play the customer.
 */
@PageController
class TransactionActionsController {

    private final MerchantApplications merchants;
    private final PaymentQueries payments;
    private final PaymentOperations operations;
    private final WebhookDeliveries deliveries;
    private final MerchantAuthentication authentication;
    private final MessageSource messages;

    TransactionActionsController(
            MerchantApplications merchants,
            PaymentQueries payments,
            PaymentOperations operations,
            WebhookDeliveries deliveries,
            MerchantAuthentication authentication,
            MessageSource messages) {
        this.messages = messages;
        this.merchants = merchants;
        this.payments = payments;
        this.operations = operations;
        this.deliveries = deliveries;
        this.authentication = authentication;
    }

    /** The confirmation page: what will happen, and the password field for a live refund. */
    @GetMapping("/portal/transactions/{reference}/{action:refund|cancel}")
    ModelAndView confirm(
            @AuthenticationPrincipal PortalUser user, @PathVariable String reference, @PathVariable String action) {
        return confirmPage(user, find(user, reference), action, Map.of());
    }

    @PostMapping("/portal/transactions/{reference}/{action:refund|cancel}")
    ModelAndView act(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable String reference,
            @PathVariable String action,
            @RequestParam(defaultValue = "") String password,
            HttpServletRequest request,
            RedirectAttributes flash) {
        Payment payment = find(user, reference);
        boolean refund = action.equals("refund");
        if (passwordRequired(payment, action)
                && !authentication.confirmPassword(user, password, request.getRemoteAddr())) {
            ModelAndView view = confirmPage(user, payment, action, Map.of("password", List.of("is not correct")));
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
        ApplicationSummary app =
                TransactionsController.applicationOf(TransactionsController.applications(merchants, user), payment);
        // Refunds and cancels stay possible whatever the approval: they move no money to the merchant.
        Caller caller =
                new Caller(app.id(), user.merchantId(), app.endpointKey(), payment.environment(), Set.of(), true);
        try {
            if (refund) {
                operations.refund(caller, reference, "portal:refund");
            } else {
                operations.cancel(caller, reference, "portal:cancel");
            }
            flash.addFlashAttribute("notice", Notice.of(refund ? "notice.refunded" : "notice.cancelled"));
        } catch (PaymentRefusal e) {
            flash.addFlashAttribute("failure", failure(e));
        }
        return new ModelAndView(
                "redirect:/portal/transactions/" + payment.reference().value());
    }

    @PostMapping("/portal/transactions/{reference}/notifications/{notificationId}/resend")
    String resend(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable String reference,
            @PathVariable NotificationId notificationId,
            RedirectAttributes flash) {
        Payment payment = find(user, reference);
        if (merchants.details(user.merchantId(), payment.applicationId()).webhookUrl() == null) {
            // Queued again, it could only fail again for want of an address: say so instead.
            flash.addFlashAttribute("failure", Notice.of("notice.noWebhookUrl"));
            return "redirect:/portal/transactions/" + payment.reference().value();
        }
        switch (deliveries.requestResend(payment.applicationId(), notificationId)) {
            case WebhookDeliveries.Resend.Resent resent ->
                flash.addFlashAttribute("notice", Notice.of("notice.resent"));
            case WebhookDeliveries.Resend.StillDelivering running ->
                flash.addFlashAttribute("failure", Notice.of("notice.notResent"));
            case WebhookDeliveries.Resend.Unknown unknown -> throw ApiException.notFound("No such notification");
        }
        return "redirect:/portal/transactions/" + payment.reference().value();
    }

    @PostMapping("/portal/transactions/{reference}/sandbox/{action}")
    String sandboxAction(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable String reference,
            @PathVariable String action,
            @RequestParam(required = false) @Nullable String reason,
            RedirectAttributes flash) {
        PaymentStatus outcome =
                switch (action) {
                    case "approve" -> PaymentStatus.SUCCESS;
                    case "decline" -> PaymentStatus.FAILED;
                    case "cancel" -> PaymentStatus.CANCELLED;
                    case "expire" -> PaymentStatus.EXPIRED;
                    default -> throw ApiException.notFound("No such action");
                };
        Set<ApplicationId> apps =
                TransactionsController.applications(merchants, user).keySet();
        PaymentTransitions.Outcome result = operations.sandboxAction(apps, reference, outcome, reason);
        Notice notice =
                switch (result) {
                    case PaymentTransitions.Outcome.Changed changed ->
                        Notice.of("notice.paymentNow", statusName(outcome));
                    case PaymentTransitions.Outcome.Refused refused -> Notice.of("notice.notPossible");
                    case PaymentTransitions.Outcome.Lost lost -> Notice.of("notice.notPossible");
                };
        flash.addFlashAttribute("notice", notice);
        return "redirect:/portal/transactions/" + reference;
    }

    private static final String STATUS_MESSAGE_KEY_PREFIX = "status.";

    private String statusName(PaymentStatus status) {
        return Objects.requireNonNullElse(
                messages.getMessage(
                        STATUS_MESSAGE_KEY_PREFIX + status.name(),
                        null,
                        status.name(),
                        LocaleContextHolder.getLocale()),
                status.name());
    }

    @ExceptionHandler({ApiException.class, PaymentRefusal.NoSuchSandboxPayment.class})
    ModelAndView notFound(RuntimeException e) {
        if (e instanceof ApiException api && api.status() != HttpStatus.NOT_FOUND) {
            throw api;
        }
        return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
    }

    private Payment find(PortalUser user, String reference) {
        return payments.findAmong(
                        TransactionsController.applications(merchants, user).keySet(), reference)
                .orElseThrow(() -> ApiException.notFound("No such payment"));
    }

    private ModelAndView confirmPage(
            PortalUser user, Payment payment, String action, Map<String, List<String>> errors) {
        return new ModelAndView("portal/confirm")
                .addObject("user", user)
                .addObject("p", payment)
                .addObject("action", action)
                .addObject("errors", errors)
                .addObject("passwordRequired", passwordRequired(payment, action));
    }

    /** Money leaves the merchant's account only on a live refund: that one asks who is there. */
    private static boolean passwordRequired(Payment payment, String action) {
        return action.equals("refund") && payment.environment() == Environment.LIVE;
    }

    /** The API's refusal, said for a person: not possible now, refused by the provider, or unreachable. */
    private static Notice failure(PaymentRefusal refusal) {
        return switch (refusal) {
            case PaymentRefusal.ProviderUnavailable unavailable -> Notice.of("notice.providerUnavailable");
            case PaymentRefusal.ProviderRefused refused -> Notice.of("notice.providerRefused", refused.reason());
            case PaymentRefusal.InsufficientBalance insufficient -> Notice.of("notice.insufficientBalance");
            case PaymentRefusal.RefundInProgress inProgress -> Notice.of("notice.refundInProgress");
            default -> Notice.of("notice.notPossible");
        };
    }
}
