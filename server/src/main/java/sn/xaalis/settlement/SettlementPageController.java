package sn.xaalis.settlement;

import jakarta.servlet.http.HttpServletRequest;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.idempotency.IdempotencyRefusal;
import sn.xaalis.ledger.SettlementPostings;
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.merchant.Caller;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.Amounts;
import sn.xaalis.payout.PayoutRefusal;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.portal.PortalUser;
import sn.xaalis.portal.Reauthentication;
import sn.xaalis.provider.Provider;

/**
 * The Settlements page ("Versements", owners only, behind sign-in and CSRF like every /portal page): the
 * available balance, "Retirer" (the amount defaulting to all of it, confirmed with the password or the
 * authenticator's code, under a key made when the page was shown, so a second tap settles nothing
 * twice), the destination (confirmed likewise; usable after the hold, which the page says until when),
 * the daily schedule and the latest settlements.
 */
@PageController
class SettlementPageController {

    static final String PAGE = "settlements/portal";
    private static final int RECENT = 20;
    private static final BigDecimal MAXIMUM = new BigDecimal("999999999999");
    /** What the page can say was done (settlements.done.*). */
    private static final java.util.Set<String> DONE =
            java.util.Set.of("destination", "schedule", "withdrawn", "expired");
    /** The refusals the page has words for (settlements.refused.*); any other is "Other". */
    private static final java.util.Set<String> REFUSALS =
            java.util.Set.of("NoDestination", "DestinationHeld", "InsufficientBalance", "CapReached", "KeyReused");

    private final MerchantApplications merchants;
    private final ApplicationDirectory directory;
    private final MerchantPreferences preferences;
    private final Reauthentication reauthentication;
    private final SettlementDestinations destinations;
    private final SettlementCreation creation;
    private final SettlementStore store;
    private final SettlementPostings postings;
    private final Clock clock;

    SettlementPageController(
            MerchantApplications merchants,
            ApplicationDirectory directory,
            MerchantPreferences preferences,
            Reauthentication reauthentication,
            SettlementDestinations destinations,
            SettlementCreation creation,
            SettlementStore store,
            SettlementPostings postings,
            Clock clock) {
        this.merchants = merchants;
        this.directory = directory;
        this.preferences = preferences;
        this.reauthentication = reauthentication;
        this.destinations = destinations;
        this.creation = creation;
        this.store = store;
        this.postings = postings;
        this.clock = clock;
    }

    /** The merchant's own application in the environment chosen (anyone else's is the same 404 as none). */
    record Context(PortalUser user, ApplicationDetails app, Caller caller) {

        Environment environment() {
            return caller.environment();
        }

        String path() {
            return "/portal/applications/" + app.id() + "/settlements?env="
                    + caller.environment().value();
        }

        String action(String rest) {
            return "/portal/applications/" + app.id() + "/settlements/" + rest + "?env="
                    + caller.environment().value();
        }
    }

    private Context context(PortalUser user, ApplicationId id, String env) {
        ApplicationDetails app = merchants.details(user.merchantId(), id);
        Environment environment =
                Environment.fromValue(env).orElseThrow(() -> ApiException.notFound("No such environment"));
        Caller caller = directory.caller(app.id(), environment).orElseThrow(() -> ApiException.notFound("Not live"));
        return new Context(user, app, caller);
    }

    @GetMapping("/portal/applications/{id}/settlements")
    ModelAndView page(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "sandbox") String env,
            @RequestParam(required = false) @Nullable String done) {
        return page(context(user, id, env)).addObject("done", done != null && DONE.contains(done) ? done : null);
    }

    private ModelAndView page(Context context) {
        ApplicationId app = context.app().id();
        Environment env = context.environment();
        Optional<Destination> destination = destinations.of(app, env);
        BigDecimal available = postings.available(app, env, SettlementCreation.CURRENCY);
        return new ModelAndView(PAGE)
                .addObject("user", context.user())
                .addObject("zone", preferences.timeZone(context.user().merchantId()))
                .addObject("app", context.app())
                .addObject("env", env.value())
                .addObject("base", context.path())
                .addObject("withdrawAction", context.action("withdraw"))
                .addObject("destinationAction", context.action("destination"))
                .addObject("scheduleAction", context.action("schedule"))
                .addObject("available", available)
                .addObject("defaultAmount", available.max(BigDecimal.ZERO).setScale(0, RoundingMode.DOWN))
                .addObject("destination", destination.orElse(null))
                .addObject(
                        "heldUntil",
                        destination
                                .filter(d -> !d.usable(clock.instant()))
                                .map(Destination::usableFrom)
                                .orElse(null))
                .addObject(
                        "providers",
                        context.caller().providers().stream().sorted().toList())
                .addObject("settlements", store.list(app, env, null, RECENT))
                .addObject("asksForCode", reauthentication.asksForCode(context.user()))
                .addObject("key", RandomTokens.base62(32))
                .addObject("form", Map.<String, String>of())
                .addObject("acted", "")
                .addObject("errors", Map.<String, List<String>>of());
    }

    private ModelAndView refused(
            Context context, String acted, Map<String, String> form, String field, String message) {
        ModelAndView view = page(context)
                .addObject("acted", acted)
                .addObject("form", form)
                .addObject("errors", Map.of(field, List.of(message)));
        view.setStatus(HttpStatus.BAD_REQUEST);
        return view;
    }

    @PostMapping("/portal/applications/{id}/settlements/destination")
    ModelAndView destination(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "sandbox") String env,
            @RequestParam Map<String, String> form,
            HttpServletRequest request) {
        Context context = context(user, id, env);
        Provider provider = Provider.fromName(form.get("provider"))
                .filter(p -> context.caller().providers().contains(p))
                .orElse(null);
        if (provider == null) {
            return refused(context, "destination", form, "provider", "settlements.error.provider");
        }
        Optional<CustomerPhone> phone = CustomerPhone.parse(text(form, "phone"));
        if (phone.isEmpty()) {
            return refused(context, "destination", form, "phone", "settlements.error.phone");
        }
        if (!reauthentication.confirms(user, form.get("password"), form.get("code"), request)) {
            return refused(
                    context,
                    "destination",
                    form,
                    reauthentication.asksForCode(user) ? "code" : "password",
                    "payouts.error.identity");
        }
        destinations.change(
                user.merchantId(),
                context.app().id(),
                context.app().name(),
                context.environment(),
                provider,
                phone.get(),
                user.email());
        return new ModelAndView("redirect:" + context.path() + "&done=destination");
    }

    @PostMapping("/portal/applications/{id}/settlements/schedule")
    ModelAndView schedule(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "sandbox") String env,
            @RequestParam Map<String, String> form) {
        Context context = context(user, id, env);
        boolean automatic = "on".equals(form.get("automatic"));
        BigDecimal minimum = BigDecimal.ZERO;
        String typed = text(form, "minimum").replaceAll("[\\s\\u00a0\\u202f]", "");
        if (!typed.isEmpty()) {
            if (!(Amounts.parse(typed, true, MAXIMUM, true) instanceof Amounts.Parsed.Valid valid)) {
                return refused(context, "schedule", form, "minimum", "settlements.error.amount");
            }
            minimum = valid.value();
        }
        if (!destinations.schedule(context.app().id(), context.environment(), automatic, minimum)) {
            return refused(context, "schedule", form, "minimum", "settlements.error.noDestination");
        }
        return new ModelAndView("redirect:" + context.path() + "&done=schedule");
    }

    @PostMapping("/portal/applications/{id}/settlements/withdraw")
    ModelAndView withdraw(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "sandbox") String env,
            @RequestParam Map<String, String> form,
            HttpServletRequest request) {
        Context context = context(user, id, env);
        String key = text(form, "key");
        if (!key.matches("[A-Za-z0-9]{32}")) {
            return new ModelAndView("redirect:" + context.path() + "&done=expired");
        }
        String typed = text(form, "amount").replaceAll("[\\s\\u00a0\\u202f]", "");
        if (!(Amounts.parse(typed, true, MAXIMUM, true) instanceof Amounts.Parsed.Valid valid)) {
            return refused(context, "withdraw", form, "amount", "settlements.error.amount");
        }
        if (!reauthentication.confirms(user, form.get("password"), form.get("code"), request)) {
            return refused(
                    context,
                    "withdraw",
                    form,
                    reauthentication.asksForCode(user) ? "code" : "password",
                    "payouts.error.identity");
        }
        try {
            creation.settle(new SettlementCreation.Request(
                    context.app().id(),
                    context.environment(),
                    valid.value(),
                    "portal:" + key,
                    Idempotency.fingerprint(
                            "POST",
                            "portal/settlements",
                            valid.value().toPlainString().getBytes(StandardCharsets.UTF_8)),
                    "portal",
                    request.getRemoteAddr()));
            return new ModelAndView("redirect:" + context.path() + "&done=withdrawn");
        } catch (SettlementRefusal | PayoutRefusal | IdempotencyRefusal refusal) {
            ModelAndView view = page(context)
                    .addObject("acted", "withdraw")
                    .addObject("form", form)
                    .addObject(
                            "refusal",
                            REFUSALS.contains(refusal.getClass().getSimpleName())
                                    ? refusal.getClass().getSimpleName()
                                    : "Other");
            view.setStatus(HttpStatus.CONFLICT);
            return view;
        }
    }

    private static String text(Map<String, String> form, String field) {
        String value = form.get(field);
        return value == null ? "" : value.strip();
    }
}
