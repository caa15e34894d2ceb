package sn.xaalis.payout.portal;

import jakarta.servlet.http.HttpServletRequest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
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
import sn.xaalis.egress.Cidr;
import sn.xaalis.pages.PageController;
import sn.xaalis.payout.PayoutBatches;
import sn.xaalis.payout.PayoutQueries;
import sn.xaalis.payout.PayoutReference;
import sn.xaalis.payout.PayoutRefusal;
import sn.xaalis.payout.PayoutReviews;
import sn.xaalis.payout.PayoutSettings;
import sn.xaalis.payout.PayoutStatus;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.portal.PortalUser;
import sn.xaalis.portal.Reauthentication;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderPayouts;

/**
 * The Payouts page (behind sign-in and CSRF like every /portal page): the switch and caps, which ask for
 * the password or the authenticator's code; the latest payouts and files; and the merchant's word on a
 * payout left for review, asked for likewise.
 */
@PageController
class PayoutPageController {

    static final String PAGE = "payouts/portal";
    private static final int RECENT = 20;

    private final PayoutPortal portal;
    private final PayoutSettings settings;
    private final PayoutQueries queries;
    private final PayoutBatches batches;
    private final PayoutReviews reviews;
    private final Reauthentication reauthentication;
    private final ProviderPayouts providers;

    PayoutPageController(
            PayoutPortal portal,
            PayoutSettings settings,
            PayoutQueries queries,
            PayoutBatches batches,
            PayoutReviews reviews,
            Reauthentication reauthentication,
            ProviderPayouts providers) {
        this.providers = providers;
        this.portal = portal;
        this.settings = settings;
        this.queries = queries;
        this.batches = batches;
        this.reviews = reviews;
        this.reauthentication = reauthentication;
    }

    @GetMapping("/portal/applications/{id}/payouts")
    ModelAndView page(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "sandbox") String env,
            @RequestParam(required = false) @Nullable String done,
            @RequestParam(required = false) @Nullable String payout,
            @RequestParam(defaultValue = "false") boolean showBalances) {
        var notLive = portal.notLive(user, id, env);
        if (notLive.isPresent()) {
            return new ModelAndView("payouts/not-live").addObject("user", user).addObject("app", notLive.get());
        }
        PayoutPortal.Context context = portal.context(user, id, env);
        return page(context)
                .addObject("balances", showBalances ? balances(context) : null)
                .addObject("done", done == null || !done.matches("[A-Za-z]{1,20}") ? null : done)
                .addObject("sent", payout != null && PayoutReference.isWellFormed(payout) ? payout : null);
    }

    /**
     * What each of the application's own live accounts holds, read from its provider: fetched by the page
     * after it is shown (a provider's slow answer never slows the page), or inline without script.
     */
    @GetMapping("/portal/applications/{id}/payouts/balances")
    ModelAndView balances(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "live") String env) {
        PayoutPortal.Context context = portal.context(user, id, env);
        return portal.page(context, "payouts/portal :: balances")
                .addObject("balances", balances(context))
                .addObject("pinHeld", pinHeld(context));
    }

    /** Why each provider's live payouts wait without being sent (a PIN the operator refused), by provider. */
    private Map<Provider, String> pinHeld(PayoutPortal.Context context) {
        Map<Provider, String> held = new EnumMap<>(Provider.class);
        if (context.environment() == Environment.LIVE) {
            for (Provider provider : context.caller().providers()) {
                providers.held(context.app().id(), provider).ifPresent(why -> held.put(provider, why));
            }
        }
        return held;
    }

    private Map<Provider, Optional<BigDecimal>> balances(PayoutPortal.Context context) {
        Map<Provider, Optional<BigDecimal>> balances = new EnumMap<>(Provider.class);
        if (context.environment() == Environment.LIVE) {
            for (Provider provider : context.caller().providers()) {
                balances.put(provider, providers.balance(context.app().id(), provider));
            }
        }
        return balances;
    }

    /** The page with the latest payouts and files; {@code errors} by field for the form that failed. */
    ModelAndView page(PayoutPortal.Context context) {
        return portal.page(context, PAGE)
                .addObject(
                        "payouts",
                        queries.list(context.caller(), new PayoutQueries.Filter(null, null, null, null, null), RECENT)
                                .payouts())
                .addObject(
                        "reviews",
                        queries.list(
                                        context.caller(),
                                        new PayoutQueries.Filter(PayoutStatus.NEEDS_REVIEW, null, null, null, null),
                                        RECENT)
                                .payouts())
                .addObject("files", batches.recent(context.caller(), 5))
                .addObject("pinHeld", pinHeld(context))
                .addObject("form", Map.of())
                .addObject("acted", null);
    }

    @PostMapping("/portal/applications/{id}/payouts/settings")
    ModelAndView saveSettings(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "sandbox") String env,
            @RequestParam Map<String, String> form,
            HttpServletRequest request) {
        PayoutPortal.Context context = portal.context(user, id, env);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        BigDecimal amountCap = whole(form.get("daily_amount_cap"));
        if (amountCap == null || amountCap.signum() <= 0) {
            errors.put("daily_amount_cap", List.of("payouts.error.cap"));
        }
        BigDecimal countCap = whole(form.get("daily_count_cap"));
        if (countCap == null || countCap.signum() <= 0 || countCap.compareTo(BigDecimal.valueOf(1_000_000)) > 0) {
            errors.put("daily_count_cap", List.of("payouts.error.cap"));
        }
        List<Cidr> addresses = new ArrayList<>();
        for (String line :
                String.valueOf(form.getOrDefault("allowed_addresses", "")).split("[\\s,]+")) {
            if (line.isBlank()) {
                continue;
            }
            try {
                addresses.add(Cidr.parse(line.strip()));
            } catch (IllegalArgumentException e) {
                errors.put("allowed_addresses", List.of("payouts.error.address"));
            }
        }
        if (addresses.size() > 20) {
            errors.put("allowed_addresses", List.of("payouts.error.addresses"));
        }
        if (errors.isEmpty() && !reauthentication.confirms(user, form.get("password"), form.get("code"), request)) {
            errors.put(reauthentication.asksForCode(user) ? "code" : "password", List.of("payouts.error.identity"));
        }
        if (!errors.isEmpty() || amountCap == null || countCap == null) {
            ModelAndView view = page(context)
                    .addObject("errors", errors)
                    .addObject("form", form)
                    .addObject("acted", "settings");
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
        settings.save(
                context.app().id(),
                new PayoutSettings.Settings(
                        "on".equals(form.get("enabled")) || "true".equals(form.get("enabled")),
                        amountCap,
                        countCap.intValue(),
                        addresses));
        return redirect(context, "settings");
    }

    @PostMapping("/portal/applications/{id}/payouts/{reference}/resolve")
    ModelAndView resolve(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @PathVariable String reference,
            @RequestParam(defaultValue = "sandbox") String env,
            @RequestParam Map<String, String> form,
            HttpServletRequest request) {
        PayoutPortal.Context context = portal.context(user, id, env);
        queries.find(context.caller(), reference).orElseThrow(PayoutRefusal.NoSuchPayout::new);
        if (!reauthentication.confirms(user, form.get("password"), form.get("code"), request)) {
            ModelAndView view = page(context)
                    .addObject(
                            "errors",
                            Map.of(
                                    reauthentication.asksForCode(user) ? "code" : "password",
                                    List.of("payouts.error.identity")))
                    .addObject("acted", "resolve-" + reference);
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
        boolean paid = "true".equals(form.get("paid"));
        reviews.resolve(context.caller(), reference, paid);
        return redirect(context, paid ? "resolvedPaid" : "resolvedFailed");
    }

    static ModelAndView redirect(PayoutPortal.Context context, String done) {
        return new ModelAndView("redirect:" + context.path("") + "&done=" + done);
    }

    /** A whole number as people type it ({@code 500 000}, or {@code 500,000} as English writes it), or null. */
    static @Nullable BigDecimal whole(@Nullable String typed) {
        if (typed == null) {
            return null;
        }
        String digits = typed.replaceAll("[\\s\\u00a0\\u202f]", "");
        if (digits.matches("[0-9]{1,3}(,[0-9]{3})+")) {
            digits = digits.replace(",", "");
        }
        return digits.matches("[0-9]{1,13}") ? new BigDecimal(digits) : null;
    }
}
