package sn.xaalis.portal;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.merchant.GoLiveChecks;
import sn.xaalis.merchant.LiveApprovals;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;
import sn.xaalis.webhook.WebhookDeliveries;

/** An application's page as every action on it answers: its settings, webhooks, providers, keys. */
@Component
record ApplicationPage(LiveApprovals approvals, GoLiveChecks goLive, WebhookDeliveries deliveries) {

    /**
     * @param errors field errors to show, by field
     * @param notice what the last action did, or null
     * @param submitted the settings form as typed (refused), or null for the saved values
     */
    ModelAndView view(
            PortalUser user,
            ApplicationDetails application,
            Map<String, List<String>> errors,
            @Nullable Notice notice,
            @Nullable Map<String, String> submitted) {
        Map<String, String> values = submitted != null
                ? submitted
                : Map.of(
                        "webhook_url", nullToEmpty(application.webhookUrl()),
                        "callback_url_success", nullToEmpty(application.callbackUrlSuccess()),
                        "callback_url_failure", nullToEmpty(application.callbackUrlFailure()));
        WebhookDeliveries.Health health = deliveries.health(application.id());
        return new ModelAndView("portal/application")
                .addObject("user", user)
                .addObject("app", application)
                .addObject("values", values)
                .addObject("errors", errors)
                .addObject("notice", notice)
                .addObject("sandboxProviders", application.providers().get(Environment.SANDBOX))
                .addObject("liveProviders", application.providers().get(Environment.LIVE))
                .addObject("health", health)
                .addObject("lastTest", health.lastTest())
                .addObject("followLastTest", DeliveryTexts.follow(application.id(), health.lastTest()))
                .addObject("allProviders", Provider.values())
                .addObject("approval", approvals.approval(application.merchantId()))
                .addObject(
                        "liveBlockers",
                        application.liveEnabled()
                                ? List.of()
                                : goLive.liveBlockers(application.merchantId(), application.id()));
    }

    private static String nullToEmpty(@Nullable String value) {
        return value == null ? "" : value;
    }
}
