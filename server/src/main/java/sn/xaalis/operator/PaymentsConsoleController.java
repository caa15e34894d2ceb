package sn.xaalis.operator;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.pages.Formats;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.PaymentSearch;

/**
 * "Find a payment", for a support desk whose customer says "I paid": by any reference or id the customer
 * or the merchant holds, or by the customer's number and the day (in the installation's time zone).
 */
@PageController
class PaymentsConsoleController {

    private final PaymentSearch search;

    PaymentsConsoleController(PaymentSearch search) {
        this.search = search;
    }

    @GetMapping("/operator/payments")
    ModelAndView find(
            @RequestParam(defaultValue = "") String q,
            @RequestParam(defaultValue = "") String phone,
            @RequestParam(defaultValue = "") String day) {
        ModelAndView view = new ModelAndView("operator/payments")
                .addObject("q", q)
                .addObject("phone", phone)
                .addObject("day", day)
                .addObject("errors", Map.of())
                .addObject("limit", PaymentSearch.LIMIT);
        @Nullable List<PaymentSearch.Found> found = null;
        if (!q.isBlank()) {
            found = search.byKey(q);
        } else if (!phone.isBlank()) {
            LocalDate date;
            try {
                date = LocalDate.parse(day.strip());
            } catch (DateTimeParseException unreadable) {
                view.setStatus(HttpStatus.BAD_REQUEST);
                return view.addObject("errors", Map.of("day", List.of("operator.payments.badDay")));
            }
            found = search.byCustomerPhone(
                    phone,
                    date.atStartOfDay(Formats.DEFAULT_ZONE).toInstant(),
                    date.plusDays(1).atStartOfDay(Formats.DEFAULT_ZONE).toInstant());
        }
        return view.addObject("found", found);
    }
}
