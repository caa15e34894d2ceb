package sn.xaalis.paymentlink;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.merchant.ApplicationSummary;
import sn.xaalis.merchant.Caller;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.portal.PortalUser;
import sn.xaalis.provider.Provider;
import sn.xaalis.qr.QrCodePng;

/**
 * The merchant's links in the portal (behind its sign-in and CSRF, like every /portal page): the list
 * across the merchant's applications, a form to create one, and deactivation. Only the signed-in
 * merchant's links exist here.
 */
@PageController
class PortalLinksController {

    private static final int PAGE = 20;
    private static final String CREATED_MESSAGE_KEY = "links.portal.created";
    private static final String DEACTIVATED_MESSAGE_KEY = "links.portal.deactivated";

    private final LinkCatalog catalog;
    private final MerchantApplications merchants;
    private final ApplicationDirectory directory;
    private final LinkMessages messages;
    private final MerchantPreferences preferences;

    PortalLinksController(
            LinkCatalog catalog,
            MerchantApplications merchants,
            ApplicationDirectory directory,
            LinkMessages messages,
            MerchantPreferences preferences) {
        this.catalog = catalog;
        this.merchants = merchants;
        this.directory = directory;
        this.messages = messages;
        this.preferences = preferences;
    }

    /** One link as the list shows it, with the address of its WhatsApp message and what it has brought. */
    record Row(
            PaymentLink link,
            String url,
            String qrCode,
            String whatsApp,
            String application,
            String state,
            LinkTakings takings) {}

    @GetMapping("/portal/links")
    ModelAndView links(
            @AuthenticationPrincipal PortalUser user,
            @RequestParam(required = false) String cursor,
            @RequestParam(required = false) String created,
            @RequestParam(required = false) String deactivated,
            Locale locale) {
        // The parameter names one of the merchant's links; anything else says nothing (no text of the
        // address's own ends up in the page's notice).
        PaymentLink justCreated = created == null
                ? null
                : catalog.find(user.merchantId(), created).orElse(null);
        ModelAndView view = page(user, cursor, LinkForm.EMPTY, Map.of(), HttpStatus.OK, locale, justCreated);
        String key = created != null ? CREATED_MESSAGE_KEY : DEACTIVATED_MESSAGE_KEY;
        String code = created != null ? created : deactivated;
        if (code != null) {
            catalog.find(user.merchantId(), code)
                    .ifPresent(link -> view.addObject("notice", messages.say(key, locale, link.code())));
        }
        return view;
    }

    @PostMapping("/portal/links")
    ModelAndView create(
            @AuthenticationPrincipal PortalUser user,
            @RequestParam(defaultValue = "") String application,
            @RequestParam(defaultValue = "") String environment,
            @RequestParam(defaultValue = "") String amount,
            @RequestParam(name = "min_amount", defaultValue = "") String minAmount,
            @RequestParam(name = "max_amount", defaultValue = "") String maxAmount,
            @RequestParam(defaultValue = "") String description,
            @RequestParam(name = "provider", required = false) List<String> providers,
            @RequestParam(name = "single_use", required = false) String singleUse,
            @RequestParam(name = "expires_at", defaultValue = "") String expiresAt,
            @RequestParam(name = "max_payments_per_hour", defaultValue = "") String cap,
            Locale locale) {
        List<String> chosen = providers == null ? List.of() : List.copyOf(providers);
        var values = new LinkForm(
                application,
                environment,
                amount,
                minAmount,
                maxAmount,
                description,
                chosen,
                singleUse != null,
                expiresAt,
                cap);
        Map<String, List<Problem>> problems = new LinkedHashMap<>();
        Caller owner = owner(user, application, environment, problems);
        if (owner != null) {
            LinkDraft draft = values.draft(() -> preferences.timeZone(user.merchantId()), locale, problems);
            try {
                PaymentLink link = catalog.create(owner, draft);
                return LinkMessages.seeOther("/portal/links?created=" + link.code());
            } catch (LinkRules.Refused refused) {
                problems.putAll(refused.problems());
            }
        }
        return page(user, null, values, messages.say(problems, "XOF", locale), HttpStatus.BAD_REQUEST, locale, null);
    }

    /**
     * Deactivating is permanent, so the list's button leads here first, as a refund or a cancel does:
     * what the link is, and what deactivating it does.
     */
    @GetMapping("/portal/links/{code}/deactivate")
    ModelAndView confirmDeactivation(@AuthenticationPrincipal PortalUser user, @PathVariable String code) {
        PaymentLink link = catalog.find(user.merchantId(), code).orElse(null);
        if (link == null) {
            return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
        }
        if (!link.active()) {
            // Already done (a second tab, the back button): nothing left to confirm.
            return LinkMessages.seeOther("/portal/links");
        }
        String application = merchants.applicationsOf(user.merchantId()).stream()
                .filter(app -> app.id().equals(link.applicationId()))
                .map(ApplicationSummary::name)
                .findFirst()
                .orElse("");
        return new ModelAndView("links/confirm")
                .addObject("user", user)
                .addObject("link", link)
                .addObject("url", catalog.url(link))
                .addObject("applicationName", application);
    }

    @PostMapping("/portal/links/{code}/deactivate")
    ModelAndView deactivate(@AuthenticationPrincipal PortalUser user, @PathVariable String code) {
        if (!catalog.deactivate(user.merchantId(), code)) {
            return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
        }
        return LinkMessages.seeOther("/portal/links?deactivated=" + code);
    }

    /** The application and environment chosen, if they are the merchant's and can take payments. */
    private @Nullable Caller owner(
            PortalUser user, String application, String environment, Map<String, List<Problem>> problems) {
        ApplicationId id = merchants.applicationsOf(user.merchantId()).stream()
                .map(ApplicationSummary::id)
                .filter(app -> app.toString().equals(application))
                .findFirst()
                .orElse(null);
        if (id == null) {
            LinkRules.add(problems, "application", Problem.of("application.unknown", "choose an application"));
        }
        Environment env = Environment.fromValue(environment).orElse(null);
        if (env == null) {
            LinkRules.add(problems, "environment", Problem.of("environment.unknown", "choose an environment"));
        }
        if (id == null || env == null) {
            return null;
        }
        Caller owner = directory.caller(id, env).orElse(null);
        if (owner == null) {
            LinkRules.add(problems, "environment", Problem.of("environment.notLive", "the application is not live"));
        }
        return owner;
    }

    private ModelAndView page(
            PortalUser user,
            @Nullable String cursor,
            LinkForm values,
            Map<String, List<String>> errors,
            HttpStatus status,
            Locale locale,
            @Nullable PaymentLink justCreated) {
        List<ApplicationSummary> applications = merchants.applicationsOf(user.merchantId());
        Map<ApplicationId, String> names = new LinkedHashMap<>();
        applications.forEach(app -> names.put(app.id(), app.name()));
        PaymentFilter.Position after =
                cursor == null ? null : PaymentFilter.Position.parse(cursor).orElse(null);
        var page = catalog.ofMerchant(user.merchantId(), after, PAGE);
        var now = catalog.now();
        // The link just created is shown first, above the form, where the merchant is looking; not again below.
        List<PaymentLink> listed = page.links().stream()
                .filter(link -> justCreated == null || !link.id().equals(justCreated.id()))
                .toList();
        List<PaymentLink> shown = new ArrayList<>(listed);
        if (justCreated != null) {
            shown.add(justCreated);
        }
        var takings = catalog.takings(shown); // one query for the whole page, not one per link
        Function<PaymentLink, Row> row = link -> {
            String url = catalog.url(link);
            return new Row(
                    link,
                    url,
                    "data:image/png;base64," + QrCodePng.base64(url),
                    LinkShare.whatsApp(shareText(user, link, url, locale)),
                    names.getOrDefault(link.applicationId(), ""),
                    link.state(now).name(),
                    takings.getOrDefault(link.id(), LinkTakings.NONE));
        };
        List<Row> rows = listed.stream().map(row).toList();
        ModelAndView view = new ModelAndView("links/portal", status);
        view.addObject("user", user);
        view.addObject("zone", preferences.timeZone(user.merchantId()));
        view.addObject("rows", rows);
        view.addObject("createdRow", justCreated == null ? null : row.apply(justCreated));
        view.addObject("next", page.nextCursor());
        view.addObject("applications", applications);
        view.addObject("allProviders", Provider.values());
        view.addObject("values", values);
        view.addObject("errors", errors);
        view.addObject("maxDescription", LinkRules.MAX_DESCRIPTION);
        return view;
    }

    /** The message a customer receives (TEST first for a test link): the shop's name, the link's own description when it has one, the address. */
    private String shareText(PortalUser user, PaymentLink link, String url, Locale locale) {
        String shop = user.name() == null ? "" : user.name();
        String text = link.description() == null
                ? messages.say("links.portal.shareText", locale, shop, url)
                : messages.say("links.portal.shareTextFor", locale, shop, link.description(), url);
        // A test link's message says so, lest a customer believe a test payment paid for anything.
        return link.environment() == Environment.SANDBOX
                ? messages.say("links.portal.shareText.test", locale, text)
                : text;
    }
}
