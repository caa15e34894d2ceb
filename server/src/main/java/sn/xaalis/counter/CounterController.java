package sn.xaalis.counter;

import java.math.BigDecimal;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.view.RedirectView;
import sn.xaalis.merchant.Caller;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.pages.Formats;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.Payment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.portal.PortalUser;
import sn.xaalis.provider.Provider;

/**
 * The cashier's form (behind the portal's sign-in and CSRF): amount, note, how the customer pays; under
 * it the till's payments of the day and what they brought in.
 */
@PageController
record CounterController(CounterDesk desk, CounterDay days, MerchantPreferences preferences, MessageSource messages) {

    static final String ERROR_MESSAGE_KEY_PREFIX = "counter.error.";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    /** The form as typed, to show again with its problems; {@code token} is drawn anew for each blank form. */
    record Values(String amount, String note, String provider, String token) {}

    /** One payment of the day's list: its time already in the merchant's zone. */
    record Row(
            String reference,
            String time,
            String utc,
            BigDecimal amount,
            String currency,
            Provider provider,
            String status) {
        static Row of(Payment payment, ZoneId zone) {
            return new Row(
                    payment.reference().value(),
                    TIME.format(payment.createdAt().atZone(zone)),
                    Timestamps.micros(payment.createdAt()),
                    payment.amount(),
                    payment.currency(),
                    payment.provider(),
                    payment.status().name());
        }
    }

    @GetMapping("/portal/counter")
    ModelAndView counter(
            @AuthenticationPrincipal PortalUser user,
            @RequestParam(required = false) String application,
            @RequestParam(required = false) String environment) {
        var till = desk.till(user.merchantId(), application, environment).orElse(null);
        return page(user, till, blank(), Map.of(), HttpStatus.OK);
    }

    @PostMapping("/portal/counter")
    ModelAndView start(
            @AuthenticationPrincipal PortalUser user,
            @RequestParam(defaultValue = "") String application,
            @RequestParam(defaultValue = "") String environment,
            @RequestParam(defaultValue = "") String amount,
            @RequestParam(defaultValue = "") String note,
            @RequestParam(defaultValue = "") String provider,
            @RequestParam(defaultValue = "") String token,
            Locale locale) {
        var till = desk.chosen(user.merchantId(), application, environment).orElse(null);
        if (till == null) {
            // Another merchant's application, or none: the portal's 404, which tells them apart from nothing.
            return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
        }
        var values = new Values(amount, note, provider, token);
        Caller caller = desk.caller(till).orElse(null);
        if (caller == null) {
            return page(user, till, values, Map.of(), HttpStatus.BAD_REQUEST);
        }
        return switch (desk.start(caller, new CounterDesk.Sale(amount, note, provider, token, user.name()))) {
            case CounterDesk.Started.Payment started -> seeOther("/portal/counter/" + started.reference());
            case CounterDesk.Started.Refused refused ->
                page(user, till, values, errors(refused, locale), HttpStatus.BAD_REQUEST);
            case CounterDesk.Started.Unavailable unavailable ->
                page(
                        user,
                        till,
                        values,
                        Map.of("form", messages.getMessage(ERROR_MESSAGE_KEY_PREFIX + "unavailable", null, locale)),
                        HttpStatus.SERVICE_UNAVAILABLE);
        };
    }

    /** Each field's problem in the cashier's words, amounts written as money. */
    private Map<String, String> errors(CounterDesk.Started.Refused refused, Locale locale) {
        Map<String, String> errors = new LinkedHashMap<>();
        refused.problems()
                .forEach((field, problem) -> errors.put(
                        field,
                        messages.getMessage(
                                ERROR_MESSAGE_KEY_PREFIX + problem.code(),
                                problem.args().stream()
                                        .map(arg -> arg instanceof BigDecimal max
                                                ? Formats.amount(max, "XOF", locale)
                                                : arg)
                                        .toArray(),
                                locale)));
        return errors;
    }

    private ModelAndView page(
            PortalUser user, @Nullable Till till, Values values, Map<String, String> errors, HttpStatus status) {
        ZoneId zone = preferences.timeZone(user.merchantId());
        ModelAndView view = new ModelAndView("counter/counter", status)
                .addObject("user", user)
                .addObject("zone", zone)
                .addObject("till", till)
                .addObject("applications", desk.applications(user.merchantId()))
                .addObject("errors", errors)
                .addObject("latest", CounterDay.LATEST);
        if (till == null) {
            return view.addObject("values", values);
        }
        Caller caller = desk.caller(till).orElse(null);
        List<Provider> offered = caller == null ? List.of() : CounterDesk.offered(caller);
        // A blank form preselects the first way to pay; a form sent back keeps what was chosen.
        Values shown = values.provider().isEmpty() && !offered.isEmpty()
                ? new Values(values.amount(), values.note(), offered.getFirst().name(), values.token())
                : values;
        CounterDay.Day day = days.of(till, zone);
        return view.addObject("values", shown)
                .addObject("caller", caller)
                .addObject("offered", offered)
                .addObject("day", day)
                .addObject(
                        "rows", day.latest().stream().map(p -> Row.of(p, zone)).toList());
    }

    private static Values blank() {
        return new Values("", "", "", UUID.randomUUID().toString());
    }

    /** A 303 to a path of this site, carrying no model attribute in its query. */
    static ModelAndView seeOther(String path) {
        RedirectView view = new RedirectView(path, true);
        view.setStatusCode(HttpStatus.SEE_OTHER);
        view.setExposeModelAttributes(false);
        return new ModelAndView(view);
    }
}
