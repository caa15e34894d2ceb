package sn.xaalis.checkout;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import java.util.OptionalLong;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.platform.ApiException;

/**
 * The hosted payment page (D21): {@code /pay/{reference}} for every payment, sandbox and live, no
 * sign-in. It shows what the customer already holds (the merchant's name, the amount, the description,
 * the links to the provider's apps and their QR code, {@link HostedPageView}) and nothing else; a small
 * script follows the status and, when the payment is over, goes on to the merchant the way a provider
 * would. A MOBILEMONEY_SN payment also takes a one-time code there ({@link CodeFormController}).
 */
@PageController
class HostedPageController {

    private final PaymentQueries queries;
    private final ReferenceGuesses guesses;
    private final PaymentPages pages;
    private final CustomerActions actions;
    private final Onward onward;
    private final HostedPageView view;

    HostedPageController(
            PaymentQueries queries,
            ReferenceGuesses guesses,
            PaymentPages pages,
            CustomerActions actions,
            Onward onward,
            HostedPageView view) {
        this.queries = queries;
        this.guesses = guesses;
        this.pages = pages;
        this.actions = actions;
        this.onward = onward;
        this.view = view;
    }

    record StatusView(String status) {}

    @GetMapping("/pay/{reference}")
    ModelAndView page(@PathVariable String reference, HttpServletRequest request, HttpServletResponse response) {
        return pages.respond(reference, request, response, queries::presentationByReference, view::page);
    }

    /** The status alone, for the page's script: one read of the reference index, never cached. */
    @GetMapping("/pay/{reference}/status")
    @ResponseBody
    ResponseEntity<StatusView> status(@PathVariable String reference, HttpServletRequest request) {
        OptionalLong wait = actions.refusal(request, reference);
        if (wait.isPresent()) {
            HttpHeaders headers = new HttpHeaders();
            headers.set(HttpHeaders.RETRY_AFTER, Long.toString(wait.getAsLong()));
            throw new ApiException(
                    HttpStatus.TOO_MANY_REQUESTS, "Too many requests; try again later", Map.of(), headers);
        }
        PaymentStatus status;
        try {
            status = guesses.lookUp(reference, request, queries::statusByReference)
                    .orElseThrow(() -> ApiException.notFound("No such payment"));
        } catch (ReferenceGuesses.TooMany refused) {
            HttpHeaders headers = new HttpHeaders();
            headers.set(HttpHeaders.RETRY_AFTER, Long.toString(refused.retryAfterSeconds()));
            throw new ApiException(
                    HttpStatus.TOO_MANY_REQUESTS, "Too many unknown references; try again later", Map.of(), headers);
        }
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).body(new StatusView(status.name()));
    }

    /**
     * Where the page goes when the payment is over (and its "check again" link): to the merchant's
     * success or error page, else, paid, the return page and, not paid, back to this page, which says so;
     * back to the page too while the payment is still open ({@link Onward}).
     */
    @GetMapping("/pay/{reference}/continue")
    ModelAndView proceed(@PathVariable String reference, HttpServletRequest request, HttpServletResponse response) {
        OptionalLong wait = actions.refusal(request, reference);
        if (wait.isPresent()) {
            return PaymentPages.tooMany(response, wait.getAsLong());
        }
        return pages.respond(reference, request, response, queries::byReference, payment -> {
            if (payment.status() == PaymentStatus.PROCESSING) {
                return PaymentPages.seeOther("/pay/" + reference);
            }
            return onward.after(payment, "/return/" + reference);
        });
    }
}
