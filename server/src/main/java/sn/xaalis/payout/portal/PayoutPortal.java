package sn.xaalis.payout.portal;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.merchant.Caller;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.payout.PayoutProperties;
import sn.xaalis.payout.PayoutQueries;
import sn.xaalis.payout.PayoutSettings;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.portal.PortalUser;
import sn.xaalis.portal.Reauthentication;
import sn.xaalis.provider.Provider;

/**
 * What every Payouts page starts from: the signed-in merchant's own application (anyone else's is the
 * same 404 as none), acting in the environment chosen, as its keys would.
 */
@Component
class PayoutPortal {

    private final MerchantApplications merchants;
    private final ApplicationDirectory directory;
    private final MerchantPreferences preferences;
    private final PayoutSettings settings;
    private final Reauthentication reauthentication;
    private final PayoutQueries queries;
    private final PayoutProperties limits;

    PayoutPortal(
            PayoutProperties limits,
            MerchantApplications merchants,
            ApplicationDirectory directory,
            MerchantPreferences preferences,
            PayoutSettings settings,
            Reauthentication reauthentication,
            PayoutQueries queries) {
        this.queries = queries;
        this.limits = limits;
        this.merchants = merchants;
        this.directory = directory;
        this.preferences = preferences;
        this.settings = settings;
        this.reauthentication = reauthentication;
    }

    /** The merchant, its application and the environment a page acts in. */
    record Context(PortalUser user, ApplicationDetails app, Caller caller) {

        Environment environment() {
            return caller.environment();
        }

        /** The page's address with its environment, for links and redirects. */
        String path(String rest) {
            return "/portal/applications/" + app.id() + "/payouts" + rest + (rest.contains("?") ? "&" : "?") + "env="
                    + caller.environment().value();
        }
    }

    /** @throws ApiException 404 for an application not the merchant's, an unknown or unavailable environment */
    Context context(PortalUser user, ApplicationId id, String env) {
        ApplicationDetails app = merchants.details(user.merchantId(), id);
        Environment environment =
                Environment.fromValue(env).orElseThrow(() -> ApiException.notFound("No such environment"));
        Caller caller = directory.caller(app.id(), environment).orElseThrow(() -> ApiException.notFound("Not live"));
        return new Context(user, app, caller);
    }

    /**
     * The merchant's application when its live payouts were asked for and it is not live yet (the page
     * says so, as the counter does, rather than a 404); empty otherwise.
     *
     * @throws ApiException 404 for an application not the merchant's
     */
    Optional<ApplicationDetails> notLive(PortalUser user, ApplicationId id, String env) {
        ApplicationDetails app = merchants.details(user.merchantId(), id);
        return Environment.fromValue(env)
                .filter(environment -> environment == Environment.LIVE)
                .filter(live -> directory.caller(app.id(), live).isEmpty())
                .map(live -> app);
    }

    /** A page of the Payouts section, with what each of them shows. */
    ModelAndView page(Context context, String template) {
        PayoutSettings.Settings own = settings.of(context.app().id());
        String held = held(context, own);
        return new ModelAndView(template)
                .addObject("user", context.user())
                .addObject("zone", preferences.timeZone(context.user().merchantId()))
                .addObject("app", context.app())
                .addObject("env", context.environment().value())
                .addObject("base", context.path(""))
                .addObject(
                        "providers",
                        List.copyOf(context.caller().providers()).stream()
                                .sorted()
                                .toList())
                .addObject("settings", own)
                .addObject("limits", limits)
                .addObject("held", held)
                .addObject("heldCount", held == null ? 0 : queries.waiting(context.caller()))
                .addObject("asksForCode", reauthentication.asksForCode(context.user()))
                .addObject("errors", Map.<String, List<String>>of());
    }

    /**
     * Why the payouts waiting in this environment are held rather than sent (the sender skips them):
     * {@code suspended} when the operator withdrew a live merchant's approval, {@code off} when payouts
     * are turned off; null when they go.
     */
    private static @Nullable String held(Context context, PayoutSettings.Settings own) {
        if (!context.caller().liveApproved()) {
            return "suspended";
        }
        return own.enabled() ? null : "off";
    }

    /** The providers this application can pay out with in the page's environment. */
    static boolean active(Context context, Provider provider) {
        return context.caller().providers().contains(provider);
    }
}
