package sn.xaalis.portal;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.ApplicationChanges;
import sn.xaalis.merchant.ApplicationCreation;
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.merchant.ApplicationSettings;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantRefusal;
import sn.xaalis.merchant.MerchantRole;
import sn.xaalis.merchant.NewApplicationRequest;
import sn.xaalis.pages.PageController;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/** Sign-in, the application list and each application's settings. */
@PageController
class PortalController {

    private final MerchantApplications merchants;
    private final ApplicationCreation creation;
    private final ApplicationSettings settings;
    private final ApplicationPage applicationPage;

    PortalController(
            MerchantApplications merchants,
            ApplicationCreation creation,
            ApplicationSettings settings,
            ApplicationPage applicationPage) {
        this.merchants = merchants;
        this.creation = creation;
        this.settings = settings;
        this.applicationPage = applicationPage;
    }

    /** The sign-in page; {@code continue} is the counter's page to come back to, when it is one (SignInReturn). */
    @GetMapping("/portal/login")
    ModelAndView login(@RequestParam(name = SignInReturn.PARAMETER, required = false) @Nullable String back) {
        return new ModelAndView("portal/login").addObject("back", SignInReturn.valid(back));
    }

    @GetMapping({"/", "/portal", "/portal/"})
    String home(@AuthenticationPrincipal @Nullable PortalUser user) {
        return "redirect:" + landing(user);
    }

    /** Where a person lands after signing in: the page of their role's daily work. */
    static String landing(@Nullable Object principal) {
        return principal instanceof PortalUser user && user.role() == MerchantRole.CASHIER
                ? "/portal/counter"
                : "/portal/dashboard";
    }

    /**
     * What a refused request is shown, whatever its method: {@link PortalSecurity} forwards it here. Opened
     * directly, it says the same, with the same 403.
     */
    @RequestMapping("/portal/forbidden")
    ModelAndView forbidden(@AuthenticationPrincipal PortalUser user) {
        ModelAndView view = page("portal/forbidden", user).addObject("landing", landing(user));
        view.setStatus(HttpStatus.FORBIDDEN);
        return view;
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
            var created = creation.createApplication(
                    user.merchantId(),
                    new NewApplicationRequest(name, null, null, null, EnumSet.allOf(Provider.class)));
            return applicationPage
                    .view(user, created.application(), Map.of(), Notice.of("notice.applicationCreated"), null)
                    .addObject("issued", created.sandboxKeys());
        } catch (MerchantRefusal.FieldsInvalid | MerchantRefusal.NoSuchMerchant e) {
            ModelAndView view = applications(user).addObject("errors", e.errors());
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
    }

    @GetMapping("/portal/applications/{id}")
    ModelAndView application(@AuthenticationPrincipal PortalUser user, @PathVariable ApplicationId id) {
        ApplicationDetails application = merchants.details(user.merchantId(), id);
        return applicationPage.view(user, application, Map.of(), null, null);
    }

    @PostMapping("/portal/applications/{id}/settings")
    ModelAndView saveSettings(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
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
            ApplicationDetails saved = settings.update(user.merchantId(), id, changes);
            return applicationPage.view(user, saved, Map.of(), Notice.of("notice.settingsSaved"), null);
        } catch (MerchantRefusal.FieldsInvalid e) {
            ApplicationDetails current = merchants.details(user.merchantId(), id);
            var submitted =
                    Map.of("webhook_url", webhookUrl, "callback_url_success", success, "callback_url_failure", failure);
            ModelAndView view = applicationPage.view(user, current, e.errors(), null, submitted);
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
    }

    @PostMapping("/portal/applications/{id}/providers")
    ModelAndView saveProviders(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam String environment,
            @RequestParam(name = "provider", required = false) @Nullable List<String> providers) {
        Environment env =
                Environment.fromValue(environment).orElseThrow(() -> ApiException.notFound("No such environment"));
        Set<Provider> active = EnumSet.noneOf(Provider.class);
        if (providers != null) {
            providers.forEach(name -> Provider.fromName(name).ifPresent(active::add));
        }
        ApplicationDetails saved = settings.setProviders(user.merchantId(), id, env, active);
        return applicationPage.view(user, saved, Map.of(), Notice.of("notice.providersSaved." + env.value()), null);
    }

    @PostMapping("/portal/applications/{id}/live")
    ModelAndView switchLive(
            @AuthenticationPrincipal PortalUser user, @PathVariable ApplicationId id, @RequestParam boolean enabled) {
        var changes = new ApplicationChanges(
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(enabled));
        try {
            ApplicationDetails saved = settings.update(user.merchantId(), id, changes);
            return applicationPage.view(
                    user, saved, Map.of(), Notice.of(enabled ? "notice.live" : "notice.sandboxOnly"), null);
        } catch (MerchantRefusal.NotReadyForLive e) {
            ModelAndView view =
                    applicationPage.view(user, merchants.details(user.merchantId(), id), e.errors(), null, null);
            view.setStatus(HttpStatus.UNPROCESSABLE_CONTENT);
            return view;
        }
    }

    private static ModelAndView page(String template, PortalUser user) {
        return new ModelAndView(template).addObject("user", user);
    }
}
