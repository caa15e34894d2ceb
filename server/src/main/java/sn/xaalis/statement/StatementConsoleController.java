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
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.operator.OperatorUser;
import sn.xaalis.pages.PageController;
import sn.xaalis.platform.ApplicationId;

/**
 * The same statement for the operator, of any merchant's application, from the merchant's page in the
 * console (behind the console's sign-in, like every /operator page), in the merchant's time zone: the
 * merchant and the operator read the same days.
 */
@PageController
class StatementConsoleController {

    private final MerchantApplications applications;
    private final MerchantPreferences preferences;
    private final StatementViews views;
    private final StatementCsv csv;

    StatementConsoleController(
            MerchantApplications applications,
            MerchantPreferences preferences,
            StatementViews views,
            StatementCsv csv) {
        this.applications = applications;
        this.preferences = preferences;
        this.views = views;
        this.csv = csv;
    }

    @GetMapping("/operator/merchants/{merchant}/applications/{id}/statement")
    ModelAndView page(
            @AuthenticationPrincipal OperatorUser operator,
            @PathVariable MerchantId merchant,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "this-month") String period,
            @RequestParam(defaultValue = "") String from,
            @RequestParam(defaultValue = "") String to,
            @RequestParam(defaultValue = "") String env,
            @RequestParam(required = false) @Nullable String after) {
        ApplicationDetails app = application(merchant, id);
        var choice = views.choose(app, period, from, to, env, zone(app));
        return views.page("statements/console", app, choice, after, base(app), views.pageSize())
                .addObject("operator", operator);
    }

    @GetMapping("/operator/merchants/{merchant}/applications/{id}/statement/print")
    ModelAndView print(
            @PathVariable MerchantId merchant,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "this-month") String period,
            @RequestParam(defaultValue = "") String from,
            @RequestParam(defaultValue = "") String to,
            @RequestParam(defaultValue = "") String env) {
        ApplicationDetails app = application(merchant, id);
        var choice = views.choose(app, period, from, to, env, zone(app));
        return views.page("statements/print", app, choice, null, base(app), StatementViews.PRINTED)
                .addObject("back", base(app) + choice.query());
    }

    @GetMapping("/operator/merchants/{merchant}/applications/{id}/statement.csv")
    void download(
            @PathVariable MerchantId merchant,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "this-month") String period,
            @RequestParam(defaultValue = "") String from,
            @RequestParam(defaultValue = "") String to,
            @RequestParam(defaultValue = "") String env,
            Locale locale,
            HttpServletResponse response)
            throws IOException {
        ApplicationDetails app = application(merchant, id);
        var choice = views.choose(app, period, from, to, env, zone(app));
        csv.write(app, views.account(app, choice.environment()), choice.period(), locale, response);
    }

    /** The application, if it is this merchant's: a mismatched address is a 404, not another's statement. */
    private ApplicationDetails application(MerchantId merchant, ApplicationId id) {
        return applications.details(merchant, id);
    }

    private ZoneId zone(ApplicationDetails app) {
        return preferences.timeZone(app.merchantId());
    }

    private static String base(ApplicationDetails app) {
        return "/operator/merchants/" + app.merchantId() + "/applications/" + app.id() + "/statement";
    }
}
