package sn.xaalis.statement;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.ZoneId;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.pages.PageController;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.portal.PortalUser;

/**
 * The portal's statement of an application ("Relevé"), its download and its printable page, for the
 * merchant's own applications only (another merchant's is the same 404 as none), in the merchant's time
 * zone. Owners only: no rule of the portal's table opens it to another role.
 */
@PageController
class StatementPortalController {

    private final MerchantApplications applications;
    private final MerchantPreferences preferences;
    private final StatementViews views;
    private final StatementCsv csv;

    StatementPortalController(
            MerchantApplications applications,
            MerchantPreferences preferences,
            StatementViews views,
            StatementCsv csv) {
        this.applications = applications;
        this.preferences = preferences;
        this.views = views;
        this.csv = csv;
    }

    @GetMapping("/portal/applications/{id}/statement")
    ModelAndView page(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "this-month") String period,
            @RequestParam(defaultValue = "") String from,
            @RequestParam(defaultValue = "") String to,
            @RequestParam(defaultValue = "") String env,
            @RequestParam(required = false) @Nullable String after) {
        ApplicationDetails app = applications.details(user.merchantId(), id);
        var choice = views.choose(app, period, from, to, env, zone(user));
        return views.page("statements/portal", app, choice, after, base(app), views.pageSize())
                .addObject("user", user);
    }

    @GetMapping("/portal/applications/{id}/statement/print")
    ModelAndView print(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "this-month") String period,
            @RequestParam(defaultValue = "") String from,
            @RequestParam(defaultValue = "") String to,
            @RequestParam(defaultValue = "") String env) {
        ApplicationDetails app = applications.details(user.merchantId(), id);
        var choice = views.choose(app, period, from, to, env, zone(user));
        return views.page("statements/print", app, choice, null, base(app), StatementViews.PRINTED)
                .addObject("user", user)
                .addObject("back", base(app) + choice.query());
    }

    @GetMapping("/portal/applications/{id}/statement.csv")
    void download(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "this-month") String period,
            @RequestParam(defaultValue = "") String from,
            @RequestParam(defaultValue = "") String to,
            @RequestParam(defaultValue = "") String env,
            Locale locale,
            HttpServletResponse response)
            throws IOException {
        ApplicationDetails app = applications.details(user.merchantId(), id);
        var choice = views.choose(app, period, from, to, env, zone(user));
        csv.write(app, views.account(app, choice.environment()), choice.period(), locale, response);
    }

    private ZoneId zone(PortalUser user) {
        return preferences.timeZone(user.merchantId());
    }

    private static String base(ApplicationDetails app) {
        return "/portal/applications/" + app.id() + "/statement";
    }
}
