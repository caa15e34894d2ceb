package sn.xaalis.connection;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantCredentials;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.merchant.MerchantRefusal;
import sn.xaalis.pages.PageController;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.portal.PortalUser;
import sn.xaalis.portal.Reauthentication;
import sn.xaalis.portal.UnconfirmedPage;
import sn.xaalis.provider.Provider;

/**
 * Settings → Payment methods in the portal: the merchant connects the application's own provider
 * accounts (behind sign-in and CSRF like every /portal page). Saving or removing credentials asks for
 * the password again, or the authenticator's code when the merchant enrolled one. A refused form comes back
 * with each field's error beside it and what was typed, secrets excepted; a done action redirects to the
 * page (post-redirect-get), which says how it went.
 */
@PageController
class ConnectionPageController {

    private static final String PAGE = "connections/portal";

    private final ConnectionSettings settings;
    private final MerchantApplications merchants;
    private final MerchantPreferences preferences;
    private final Reauthentication reauthentication;
    private final MerchantCredentials credentials;

    ConnectionPageController(
            ConnectionSettings settings,
            MerchantApplications merchants,
            MerchantPreferences preferences,
            Reauthentication reauthentication,
            MerchantCredentials credentials) {
        this.credentials = credentials;
        this.settings = settings;
        this.merchants = merchants;
        this.preferences = preferences;
        this.reauthentication = reauthentication;
    }

    /** One provider's card: its connection if any, and whether the installation's account stands in. */
    record Card(
            Provider provider, @Nullable ConnectionView connection, boolean installationAccount, List<String> fields) {}

    /** What the page says after an action, by message key; {@code detail} is the provider's own words. */
    record Outcome(String key, @Nullable String detail, boolean ok) {}

    @GetMapping("/portal/applications/{id}/payment-methods")
    ModelAndView page(@AuthenticationPrincipal PortalUser user, @PathVariable ApplicationId id, Model model) {
        ApplicationDetails application = merchants.details(user.merchantId(), id);
        // What the action redirected here said, as the flash attributes of done(...).
        Provider acted = model.getAttribute("doneBy") instanceof String name
                ? Provider.fromName(name).orElse(null)
                : null;
        Outcome outcome = acted != null && model.getAttribute("doneKey") instanceof String key
                ? new Outcome(
                        key,
                        model.getAttribute("doneDetail") instanceof String detail ? detail : null,
                        Boolean.TRUE.equals(model.getAttribute("doneOk")))
                : null;
        return page(user, application, acted, outcome, Map.of(), Map.of());
    }

    @PostMapping("/portal/applications/{id}/payment-methods/{provider}")
    ModelAndView save(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @PathVariable String provider,
            @RequestParam Map<String, String> form,
            HttpServletRequest request,
            RedirectAttributes flash) {
        merchants.details(user.merchantId(), id);
        try {
            credentials.requireConfirmed(user.merchantId());
        } catch (MerchantRefusal.Unconfirmed e) {
            return UnconfirmedPage.of(user);
        }
        return reauthenticated(user, id, provider, form, request, "save", (application, known) -> {
            Map<String, String> fields = new LinkedHashMap<>();
            ConnectionRequest.fieldsOf(known).forEach(field -> fields.put(field, form.get(field)));
            try {
                ConnectionView saved = settings.save(id, known, fields);
                return done(id, known, checked(saved), flash);
            } catch (ConnectionRefusal.FieldsInvalid e) {
                ModelAndView view = page(user, application, known, null, e.errors(), kept(known, form));
                view.setStatus(HttpStatus.BAD_REQUEST);
                return view;
            } catch (ConnectionRefusal.MerchantCodeTaken e) {
                ModelAndView view = page(user, application, known, null, e.errors(), kept(known, form));
                view.setStatus(HttpStatus.CONFLICT);
                return view;
            }
        });
    }

    @PostMapping("/portal/applications/{id}/payment-methods/{provider}/test")
    ModelAndView test(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @PathVariable String provider,
            RedirectAttributes flash) {
        merchants.details(user.merchantId(), id);
        Provider known = provider(provider);
        return done(id, known, checked(settings.test(id, known)), flash);
    }

    @PostMapping("/portal/applications/{id}/payment-methods/{provider}/remove")
    ModelAndView remove(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @PathVariable String provider,
            @RequestParam Map<String, String> form,
            HttpServletRequest request,
            RedirectAttributes flash) {
        return reauthenticated(user, id, provider, form, request, "remove", (application, known) -> {
            try {
                settings.remove(id, known);
                return done(id, known, new Outcome("connections.removed", null, true), flash);
            } catch (ConnectionRefusal.PaymentsStillOpen e) {
                ModelAndView view = page(
                        user,
                        application,
                        known,
                        new Outcome("connections.stillOpen", null, false),
                        Map.of(),
                        Map.of());
                view.setStatus(HttpStatus.CONFLICT);
                return view;
            }
        });
    }

    /** Another merchant's application, an unknown provider, or none at all: the same 404 page. */
    @ExceptionHandler({
        ApiException.class,
        MethodArgumentTypeMismatchException.class,
        MerchantRefusal.NoSuchApplication.class,
        ConnectionRefusal.NoConnection.class
    })
    ModelAndView notFound(Exception e) {
        if (e instanceof ApiException api && api.status() != HttpStatus.NOT_FOUND) {
            throw api;
        }
        return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
    }

    /**
     * Runs {@code action} on the application and provider once the password or code typed confirms that
     * it is the merchant.
     */
    private ModelAndView reauthenticated(
            PortalUser user,
            ApplicationId id,
            String provider,
            Map<String, String> form,
            HttpServletRequest request,
            String actionName,
            BiFunction<ApplicationDetails, Provider, ModelAndView> action) {
        ApplicationDetails application = merchants.details(user.merchantId(), id);
        Provider known = provider(provider);
        if (!reauthentication.confirms(user, form.get("password"), form.get("code"), request)) {
            return refused(user, application, known, actionName, form);
        }
        return action.apply(application, known);
    }

    private ModelAndView refused(
            PortalUser user,
            ApplicationDetails application,
            Provider provider,
            String action,
            Map<String, String> form) {
        String field = reauthentication.asksForCode(user) ? "code" : "password";
        ModelAndView view = page(
                        user,
                        application,
                        provider,
                        null,
                        Map.of(field, List.of("is not correct")),
                        kept(provider, form))
                .addObject("actedAction", action);
        view.setStatus(HttpStatus.BAD_REQUEST);
        return view;
    }

    /**
     * Back to the page, which says {@code outcome}: reloading it sends nothing again. Flash attributes are
     * plain strings, kept in the session until that page is read.
     */
    private static ModelAndView done(ApplicationId id, Provider provider, Outcome outcome, RedirectAttributes flash) {
        flash.addFlashAttribute("doneBy", provider.name());
        flash.addFlashAttribute("doneKey", outcome.key());
        flash.addFlashAttribute("doneOk", outcome.ok());
        if (outcome.detail() != null) {
            flash.addFlashAttribute("doneDetail", outcome.detail());
        }
        return new ModelAndView("redirect:/portal/applications/" + id + "/payment-methods");
    }

    /** What the merchant typed that the refused form shows again: never a secret. */
    private static Map<String, String> kept(Provider provider, Map<String, String> form) {
        Map<String, String> kept = new LinkedHashMap<>();
        for (String field : ConnectionRequest.fieldsOf(provider)) {
            String value = form.get(field);
            if (value != null && !ConnectionRequest.isSecret(field)) {
                kept.put(field, value);
            }
        }
        return kept;
    }

    private static Outcome checked(ConnectionView view) {
        return view.connected()
                ? new Outcome("connections.connected", null, true)
                : new Outcome("connections.failed", view.statusMessage(), false);
    }

    private ModelAndView page(
            PortalUser user,
            ApplicationDetails application,
            @Nullable Provider acted,
            @Nullable Outcome outcome,
            Map<String, List<String>> errors,
            Map<String, String> typed) {
        List<Card> cards = Arrays.stream(Provider.values())
                .map(p -> new Card(
                        p,
                        settings.view(application.id(), p).orElse(null),
                        settings.installationAccount(p),
                        ConnectionRequest.fieldsOf(p)))
                .toList();
        return new ModelAndView(PAGE)
                .addObject("user", user)
                .addObject("zone", preferences.timeZone(user.merchantId()))
                .addObject("app", application)
                .addObject("cards", cards)
                .addObject("acted", acted)
                .addObject("outcome", outcome)
                .addObject("errors", errors)
                .addObject("typed", typed)
                .addObject("actedAction", "save")
                .addObject("asksForCode", reauthentication.asksForCode(user));
    }

    private static Provider provider(String name) {
        return Provider.fromName(name).orElseThrow(() -> ApiException.notFound("No such provider"));
    }
}
