package sn.xaalis.paymentlink;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.merchant.Caller;
import sn.xaalis.pages.PageController;
import sn.xaalis.platform.Environment;

/**
 * The page a customer opens from a link: no sign-in, French unless the browser asks for English. The
 * form's post only starts a payment the customer must still approve in the provider's app, so it
 * needs no session or CSRF token; a post from another site is refused all the same (Sec-Fetch-Site),
 * and no other site may frame the page.
 */
@PageController
record LinkPageController(
        LinkCatalog catalog, LinkCheckout checkout, ApplicationDirectory directory, LinkMessages messages) {

    private static final String CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline';"
            + " form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    @GetMapping("/l/{code}")
    ModelAndView page(@PathVariable String code, HttpServletResponse response, Locale locale) {
        secure(response);
        PaymentLink link = catalog.publicLink(code).orElse(null);
        if (link == null) {
            return closed("unknown", HttpStatus.NOT_FOUND);
        }
        PaymentLink.State state = link.state(catalog.now());
        if (state != PaymentLink.State.OPEN) {
            return closed(state);
        }
        return form(link, new LinkCheckout.Form(null, null, null, null), Map.of(), locale, HttpStatus.OK);
    }

    @PostMapping("/l/{code}")
    ModelAndView pay(
            @PathVariable String code,
            @RequestParam(required = false) String provider,
            @RequestParam(required = false) String amount,
            @RequestParam(name = "customer_phone", required = false) String phone,
            @RequestParam(name = "customer_name", required = false) String name,
            HttpServletRequest request,
            HttpServletResponse response,
            Locale locale) {
        secure(response);
        if ("cross-site".equals(request.getHeader("Sec-Fetch-Site"))) {
            return closed("forbidden", HttpStatus.FORBIDDEN);
        }
        PaymentLink link = catalog.publicLink(code).orElse(null);
        if (link == null) {
            return closed("unknown", HttpStatus.NOT_FOUND);
        }
        var form = new LinkCheckout.Form(
                blankToNull(provider), blankToNull(amount), blankToNull(phone), blankToNull(name));
        LinkCheckout.Result result = checkout.pay(link, form, locale, request.getRemoteAddr());
        return switch (result) {
            case LinkCheckout.Result.Started started -> LinkMessages.seeOther("/pay/" + started.reference());
            case LinkCheckout.Result.Closed closed -> closed(closed.state());
            case LinkCheckout.Result.Refused refused ->
                form(
                        link,
                        form,
                        messages.say(refused.problems(), link.currency(), locale),
                        locale,
                        HttpStatus.BAD_REQUEST);
            case LinkCheckout.Result.Throttled throttled -> {
                response.setHeader("Retry-After", Long.toString(throttled.retryAfterSeconds()));
                yield closed("busy", HttpStatus.TOO_MANY_REQUESTS);
            }
            case LinkCheckout.Result.Unavailable unavailable -> closed("unavailable", HttpStatus.SERVICE_UNAVAILABLE);
        };
    }

    private ModelAndView form(
            PaymentLink link,
            LinkCheckout.Form values,
            Map<String, List<String>> errors,
            Locale locale,
            HttpStatus status) {
        Caller caller = checkout.caller(link).orElse(null);
        var offered = caller == null ? Set.of() : checkout.offered(link, caller);
        if (offered.isEmpty()) {
            return closed("unavailable", HttpStatus.SERVICE_UNAVAILABLE);
        }
        String merchant = directory
                .storefront(link.applicationId())
                .map(ApplicationDirectory.Storefront::merchantName)
                .orElse("");
        ModelAndView view = new ModelAndView("links/pay", status);
        view.addObject("link", link);
        view.addObject("merchant", merchant);
        view.addObject("sandbox", link.environment() == Environment.SANDBOX);
        view.addObject("providers", List.copyOf(offered));
        view.addObject("values", values);
        view.addObject("errors", errors);
        view.addObject("lang", locale.getLanguage());
        return view;
    }

    private static ModelAndView closed(PaymentLink.State state) {
        String reason = state.name().toLowerCase(Locale.ROOT).replace("_", "-");
        HttpStatus status = state == PaymentLink.State.IN_PROGRESS ? HttpStatus.CONFLICT : HttpStatus.GONE;
        return closed(reason, status);
    }

    /** A page that says, in the customer's language, why no payment can start here. */
    private static ModelAndView closed(String reason, HttpStatus status) {
        ModelAndView view = new ModelAndView("links/closed", status);
        view.addObject("reason", reason);
        return view;
    }

    private static void secure(HttpServletResponse response) {
        response.setHeader("Content-Security-Policy", CSP);
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Referrer-Policy", "same-origin");
    }

    private static @Nullable String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
