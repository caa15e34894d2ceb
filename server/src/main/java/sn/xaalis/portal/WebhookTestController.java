package sn.xaalis.portal;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.pages.PageController;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.webhook.WebhookDeliveries;

/**
 * The test event: sent, then shown as what it became (received, refused with a status, unreachable and
 * why), never as "sent" before anything happened. The page follows its first attempt as it comes.
 */
@PageController
record WebhookTestController(MerchantApplications merchants, WebhookDeliveries deliveries) {

    /** Queues the event and answers with the application's page (post, redirect, get: no resend on reload). */
    @PostMapping("/portal/applications/{id}/webhooks/test")
    String send(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam String environment) {
        merchants.details(user.merchantId(), id);
        Environment env =
                Environment.fromValue(environment).orElseThrow(() -> ApiException.notFound("No such environment"));
        deliveries.sendTest(id, env);
        return "redirect:/portal/applications/" + id + "#webhooks";
    }

    /** The latest test event's outcome alone, for the page's script to follow. */
    @GetMapping("/portal/applications/{id}/webhooks/last-test")
    ModelAndView lastTest(@AuthenticationPrincipal PortalUser user, @PathVariable ApplicationId id) {
        var application = merchants.details(user.merchantId(), id);
        var lastTest = deliveries.lastTest(application.id()).orElse(null);
        return new ModelAndView("portal/application :: last-test")
                .addObject("app", application)
                .addObject("lastTest", lastTest)
                .addObject("followLastTest", DeliveryTexts.follow(application.id(), lastTest));
    }
}
