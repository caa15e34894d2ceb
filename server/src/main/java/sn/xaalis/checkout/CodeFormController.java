package sn.xaalis.checkout;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.codepayment.CodeOutcome;
import sn.xaalis.codepayment.CodePayments;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentPresentation;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.payment.Reference;
import sn.xaalis.platform.ClientAddresses;
import sn.xaalis.provider.Provider;

/**
 * The hosted page's form for a customer without a smartphone: their number and the one-time code from
 * the operator's USSD menu, for a MOBILEMONEY_SN payment. It works without JavaScript: a finished payment
 * goes back to the page (post-redirect-get), which shows the outcome; anything else is the page again
 * with what to do. Like the page's other actions it needs no session or CSRF token (a code is worth
 * nothing without the customer's phone), but a post from another site is refused all the same
 * (Sec-Fetch-Site), and it spends the page's budgets before the codes' own (D29).
 */
@PageController
class CodeFormController {

    /** Longest number shown back; a longer one is not a number anyway. */
    private static final int MAX_PHONE_SHOWN = 40;

    private final CodePayments codes;
    private final PaymentQueries queries;
    private final PaymentPages pages;
    private final CustomerActions actions;
    private final HostedPageView view;

    CodeFormController(
            CodePayments codes,
            PaymentQueries queries,
            PaymentPages pages,
            CustomerActions actions,
            HostedPageView view) {
        this.codes = codes;
        this.queries = queries;
        this.pages = pages;
        this.actions = actions;
        this.view = view;
    }

    @PostMapping("/pay/{reference}/code")
    ModelAndView pay(
            @PathVariable String reference,
            @RequestParam(name = "customer_phone", required = false) String phone,
            @RequestParam(name = "otp", required = false) String otp,
            HttpServletRequest request,
            HttpServletResponse response) {
        // The answer may hold the number typed: no cache keeps it.
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        if ("cross-site".equals(request.getHeader("Sec-Fetch-Site"))) {
            return back(reference, "pay.code.forbidden", HttpStatus.FORBIDDEN);
        }
        OptionalLong wait = actions.refusal(request, reference);
        if (wait.isPresent()) {
            return tooMany(reference, response, wait.getAsLong());
        }
        return pages.respond(
                reference,
                request,
                response,
                queries::presentationByReference,
                presentation -> answer(presentation, phone, otp, request, response));
    }

    private ModelAndView answer(
            PaymentPresentation presentation,
            String phone,
            String otp,
            HttpServletRequest request,
            HttpServletResponse response) {
        Payment payment = presentation.payment();
        String reference = payment.reference().value();
        if (payment.provider() != Provider.MOBILEMONEY_SN) {
            return back(reference, "pay.code.none", HttpStatus.BAD_REQUEST);
        }
        if (payment.status() != PaymentStatus.PROCESSING) {
            return PaymentPages.seeOther("/pay/" + reference);
        }
        String typed = shown(phone);
        CodeOutcome outcome = codes.payOnPage(reference, phone, otp, ClientAddresses.key(request.getRemoteAddr()));
        return switch (outcome) {
            case CodeOutcome.Finished finished -> PaymentPages.seeOther("/pay/" + reference);
            case CodeOutcome.Awaiting awaiting -> view.page(presentation, CodeForm.awaiting(), HttpStatus.ACCEPTED);
            case CodeOutcome.CodeRefused refused ->
                view.page(presentation, CodeForm.refused(typed, refused.triesLeft()), HttpStatus.BAD_REQUEST);
            case CodeOutcome.Invalid invalid ->
                view.page(presentation, CodeForm.invalid(typed, invalid.fields()), HttpStatus.BAD_REQUEST);
            case CodeOutcome.Unavailable unavailable ->
                view.page(presentation, CodeForm.unavailable(typed), HttpStatus.SERVICE_UNAVAILABLE);
            case CodeOutcome.Busy busy -> view.page(presentation, CodeForm.busy(), HttpStatus.CONFLICT);
            case CodeOutcome.NotPayable notPayable -> view.page(presentation, CodeForm.closed(), HttpStatus.CONFLICT);
            case CodeOutcome.Throttled throttled -> tooMany(reference, response, throttled.retryAfterSeconds());
            case CodeOutcome.WrongProvider wrong -> back(reference, "pay.code.none", HttpStatus.BAD_REQUEST);
            case CodeOutcome.NotFound notFound -> PaymentPages.notice("checkout.notfound", HttpStatus.NOT_FOUND);
        };
    }

    /** The number as the form shows it again: as people write it when it is one, else as typed. */
    private static @Nullable String shown(@Nullable String phone) {
        if (phone == null) {
            return null;
        }
        return CustomerPhone.parse(phone)
                .map(CustomerPhone::display)
                .orElse(phone.length() > MAX_PHONE_SHOWN ? null : phone.strip());
    }

    private static ModelAndView tooMany(String reference, HttpServletResponse response, long retryAfterSeconds) {
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, retryAfterSeconds)));
        return back(reference, "pay.code.toomany", HttpStatus.TOO_MANY_REQUESTS);
    }

    /** A notice with a way back to the payment page. */
    private static ModelAndView back(String reference, String messages, HttpStatus status) {
        ModelAndView page = PaymentPages.notice(messages, status);
        if (Reference.isWellFormed(reference)) {
            page.addObject("backUrl", "/pay/" + reference);
        }
        return page;
    }
}
