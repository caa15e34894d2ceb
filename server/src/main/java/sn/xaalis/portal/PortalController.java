package sn.xaalis.portal;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.ApplicationChanges;
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.merchant.IssuedKeys;
import sn.xaalis.merchant.MerchantOnboarding;
import sn.xaalis.pages.PageController;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.Environment;
import sn.xaalis.webhook.WebhookDeliveries;

/** Sign-in, the application list and each application's settings. */
@PageController
class PortalController {

    private final MerchantOnboarding merchants;
    private final MerchantAuthentication authentication;
    private final WebhookDeliveries deliveries;

    PortalController(
            MerchantOnboarding merchants, MerchantAuthentication authentication, WebhookDeliveries deliveries) {
        this.merchants = merchants;
        this.authentication = authentication;
        this.deliveries = deliveries;
    }

    @GetMapping("/portal/login")
    String login() {
        return "portal/login";
    }

    @GetMapping({"/", "/portal", "/portal/"})
    String home() {
        return "redirect:/portal/dashboard";
    }

    @GetMapping("/portal/applications")
    ModelAndView applications(@AuthenticationPrincipal PortalUser user) {
        return page("portal/applications", user)
                .addObject("applications", merchants.applicationsOf(user.merchantId()))
                .addObject("errors", Map.of());
    }

    @PostMapping("/portal/applications")
    ModelAndView createApplication(
            @AuthenticationPrincipal PortalUser user, @RequestParam(defaultValue = "") String name) {
        try {
            var created = merchants.createApplication(
                    user.merchantId(),
                    new MerchantOnboarding.NewApplicationRequest(
                            name, null, null, null, java.util.EnumSet.allOf(sn.xaalis.provider.Provider.class)));
            return settingsPage(user, created.application(), Map.of(), Notice.of("notice.applicationCreated"), null)
                    .addObject("issued", created.sandboxKeys());
        } catch (ApiException e) {
            ModelAndView view = applications(user).addObject("errors", e.errors());
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
    }

    @GetMapping("/portal/applications/{id}")
    ModelAndView application(@AuthenticationPrincipal PortalUser user, @PathVariable UUID id) {
        ApplicationDetails application = merchants.details(user.merchantId(), id);
        return settingsPage(user, application, Map.of(), null, null);
    }

    @PostMapping("/portal/applications/{id}/settings")
    ModelAndView saveSettings(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable UUID id,
            @RequestParam(name = "webhook_url", defaultValue = "") String webhookUrl,
            @RequestParam(name = "callback_url_success", defaultValue = "") String success,
            @RequestParam(name = "callback_url_failure", defaultValue = "") String failure) {
        var changes = new ApplicationChanges(
                Optional.of(webhookUrl),
                Optional.of(success),
                Optional.of(failure),
                Optional.empty(),
                Optional.empty());
        try {
            ApplicationDetails saved = merchants.update(user.merchantId(), id, changes);
            return settingsPage(user, saved, Map.of(), Notice.of("notice.settingsSaved"), null);
        } catch (ApiException e) {
            if (e.status() == HttpStatus.NOT_FOUND) {
                throw e;
            }
            ApplicationDetails current = merchants.details(user.merchantId(), id);
            var submitted =
                    Map.of("webhook_url", webhookUrl, "callback_url_success", success, "callback_url_failure", failure);
            ModelAndView view = settingsPage(user, current, e.errors(), null, submitted);
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
    }

    @PostMapping("/portal/applications/{id}/keys")
    ModelAndView rotateKeys(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable UUID id,
            @RequestParam String environment,
            @RequestParam(defaultValue = "") String password,
            jakarta.servlet.http.HttpServletRequest request) {
        ApplicationDetails application = merchants.details(user.merchantId(), id);
        Environment env =
                Environment.fromValue(environment).orElseThrow(() -> ApiException.notFound("No such environment"));
        if (!authentication.confirmPassword(user, password, request.getRemoteAddr())) {
            ModelAndView view =
                    settingsPage(user, application, Map.of("password", List.of("is not correct")), null, null);
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
        IssuedKeys keys = merchants.issueKeys(id, env);
        return settingsPage(
                        user,
                        merchants.details(user.merchantId(), id),
                        Map.of(),
                        Notice.of("notice.keysIssued", env.value()),
                        null)
                .addObject("issued", keys);
    }

    @PostMapping("/portal/applications/{id}/keys/{apiKey}/revoke")
    ModelAndView revokeKey(
            @AuthenticationPrincipal PortalUser user, @PathVariable UUID id, @PathVariable String apiKey) {
        merchants.details(user.merchantId(), id);
        merchants.revokeKey(id, apiKey);
        return settingsPage(
                user, merchants.details(user.merchantId(), id), Map.of(), Notice.of("notice.keyRevoked", apiKey), null);
    }

    @PostMapping("/portal/applications/{id}/providers")
    ModelAndView saveProviders(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable UUID id,
            @RequestParam String environment,
            @RequestParam(name = "provider", required = false) List<String> providers) {
        Environment env =
                Environment.fromValue(environment).orElseThrow(() -> ApiException.notFound("No such environment"));
        java.util.Set<sn.xaalis.provider.Provider> active = java.util.EnumSet.noneOf(sn.xaalis.provider.Provider.class);
        if (providers != null) {
            providers.forEach(name -> sn.xaalis.provider.Provider.fromName(name).ifPresent(active::add));
        }
        ApplicationDetails saved = merchants.setProviders(user.merchantId(), id, env, active);
        return settingsPage(user, saved, Map.of(), Notice.of("notice.providersSaved", env.value()), null);
    }

    @PostMapping("/portal/applications/{id}/live")
    ModelAndView switchLive(
            @AuthenticationPrincipal PortalUser user, @PathVariable UUID id, @RequestParam boolean enabled) {
        var changes = new ApplicationChanges(
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(enabled));
        try {
            ApplicationDetails saved = merchants.update(user.merchantId(), id, changes);
            return settingsPage(user, saved, Map.of(), Notice.of(enabled ? "notice.live" : "notice.sandboxOnly"), null);
        } catch (ApiException e) {
            if (e.status() == HttpStatus.NOT_FOUND) {
                throw e;
            }
            ModelAndView view = settingsPage(user, merchants.details(user.merchantId(), id), e.errors(), null, null);
            view.setStatus(HttpStatus.UNPROCESSABLE_CONTENT);
            return view;
        }
    }

    @PostMapping("/portal/applications/{id}/webhooks/test")
    ModelAndView sendTestEvent(
            @AuthenticationPrincipal PortalUser user, @PathVariable UUID id, @RequestParam String environment) {
        ApplicationDetails application = merchants.details(user.merchantId(), id);
        Environment env =
                Environment.fromValue(environment).orElseThrow(() -> ApiException.notFound("No such environment"));
        var sent = deliveries.sendTest(id, env);
        Notice notice = application.webhookUrl() == null
                ? Notice.of("notice.testNoUrl")
                : Notice.of("notice.testSent", sent.eventId(), application.webhookUrl());
        return settingsPage(user, application, Map.of(), notice, null);
    }

    /** Served from here so that the pages' CSP can forbid inline script. */
    @GetMapping(value = "/portal/assets/portal.js", produces = "text/javascript")
    @org.springframework.web.bind.annotation.ResponseBody
    String script() {
        return "document.querySelectorAll('[data-copy]').forEach(button => button.addEventListener('click', () => {\n"
                + "  navigator.clipboard.writeText(document.getElementById(button.dataset.copy).textContent)\n"
                + "    .then(() => { button.textContent = button.dataset.copied; });\n"
                + "}));\n";
    }

    /** Another merchant's application, or none at all: the same 404 page. */
    @ExceptionHandler({ApiException.class, MethodArgumentTypeMismatchException.class})
    ModelAndView notFound(Exception e) {
        if (e instanceof ApiException api && api.status() != HttpStatus.NOT_FOUND) {
            throw api;
        }
        return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
    }

    private ModelAndView settingsPage(
            PortalUser user,
            ApplicationDetails application,
            Map<String, List<String>> errors,
            Notice notice,
            Map<String, String> submitted) {
        Map<String, String> values = submitted != null
                ? submitted
                : Map.of(
                        "webhook_url", nullToEmpty(application.webhookUrl()),
                        "callback_url_success", nullToEmpty(application.callbackUrlSuccess()),
                        "callback_url_failure", nullToEmpty(application.callbackUrlFailure()));
        return page("portal/application", user)
                .addObject("app", application)
                .addObject("values", values)
                .addObject("errors", errors)
                .addObject("notice", notice)
                .addObject("sandboxProviders", application.providers().get(Environment.SANDBOX))
                .addObject("liveProviders", application.providers().get(Environment.LIVE))
                .addObject("health", deliveries.health(application.id()))
                .addObject("allProviders", sn.xaalis.provider.Provider.values())
                .addObject("approval", merchants.approval(application.merchantId()))
                .addObject(
                        "liveBlockers",
                        application.liveEnabled()
                                ? List.of()
                                : merchants.liveBlockers(application.merchantId(), application.id()));
    }

    private static ModelAndView page(String template, PortalUser user) {
        return new ModelAndView(template).addObject("user", user);
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
