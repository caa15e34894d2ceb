package sn.xaalis.checkout;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentPresentation;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.platform.qr.QrCodePng;

/**
 * The hosted payment page (D21): {@code /pay/{reference}} for every payment, sandbox and live, no
 * sign-in. It shows what the customer already holds (the merchant's name, the amount, the description,
 * the links to the provider's apps and their QR code) and nothing else; a small script follows the
 * status and, when the payment is over, goes on to the merchant the way a provider would.
 */
@PageController
class HostedPageController {

    /** Deep-link keys that have their own button label (SPEC §2.3); any other gets a generic one. */
    private static final Set<String> LABELLED = Set.of("WALLET", "MM", "APP2");

    private final PaymentQueries queries;
    private final MerchantReturn merchantReturn;
    private final ReferenceGuesses guesses;
    private final PaymentPages pages;
    private final PublicBaseUrl publicBaseUrl;
    private final CustomerActions actions;
    private final Onward onward;

    HostedPageController(
            PaymentQueries queries,
            MerchantReturn merchantReturn,
            ReferenceGuesses guesses,
            PaymentPages pages,
            PublicBaseUrl publicBaseUrl,
            CustomerActions actions,
            Onward onward) {
        this.onward = onward;
        this.publicBaseUrl = publicBaseUrl;
        this.actions = actions;
        this.queries = queries;
        this.merchantReturn = merchantReturn;
        this.guesses = guesses;
        this.pages = pages;
    }

    /** A button opening one of the provider's apps. */
    record AppLink(String labelKey, String url) {}

    /** All the page may show: built here so that the template cannot reach the rest of the payment. */
    record HostedPayment(
            String reference,
            String merchantName,
            BigDecimal amount,
            String currency,
            String description,
            PaymentStatus status,
            boolean sandbox,
            List<AppLink> links,
            String qrCode) {

        public boolean processing() {
            return status == PaymentStatus.PROCESSING;
        }
    }

    record StatusView(String status) {}

    @GetMapping("/pay/{reference}")
    ModelAndView page(@PathVariable String reference, HttpServletRequest request, HttpServletResponse response) {
        return pages.respond(reference, request, response, queries::presentationByReference, this::page);
    }

    private ModelAndView page(PaymentPresentation presentation) {
        Payment payment = presentation.payment();
        List<AppLink> links = payment.deepLinks().entrySet().stream()
                .filter(link -> opensAnApp(link.getValue()))
                .map(link -> new AppLink(
                        "pay.with." + (LABELLED.contains(link.getKey()) ? link.getKey() : "other"), link.getValue()))
                .toList();
        var hosted = new HostedPayment(
                payment.reference().value(),
                merchantReturn.merchantName(payment),
                payment.amount(),
                payment.currency(),
                payment.description(),
                payment.status(),
                payment.environment() == Environment.SANDBOX,
                links,
                "data:image/png;base64," + qrCode(presentation));
        ModelAndView view = new ModelAndView("checkout/pay");
        view.addObject("pay", hosted);
        view.addObject("statusKey", "status." + payment.status().name());
        view.addObject("overKey", "pay.over." + payment.status().name());
        // Once over: how to try again after a failure, and whether "continue" leads anywhere but back here.
        String retry = onward.retry(payment).orElse(null);
        view.addObject("failed", Onward.failed(payment.status()));
        view.addObject("retryUrl", retry);
        view.addObject(
                "continues",
                payment.status() == PaymentStatus.SUCCESS || (retry == null && onward.merchantPage(payment)));
        return view;
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

    /**
     * The provider's own QR image when it drew one (what its app scans, and what the initiation answered);
     * else the one the initiation drew, of the first deep link.
     */
    private static String qrCode(PaymentPresentation presentation) {
        return presentation.providerQrCode() != null
                ? presentation.providerQrCode()
                : QrCodePng.base64(
                        presentation.payment().deepLinks().firstEntry().getValue());
    }

    /**
     * Only what is known to be safe, whatever a provider answered: an {@code https} address (what both
     * providers' links are, docs/providers.md) or one of our own pages (the sandbox checkout). A link
     * that is not a well-formed absolute URI is dropped, so no spelling of a script URL gets through.
     */
    private boolean opensAnApp(String url) {
        try {
            URI uri = new URI(url);
            if (!uri.isAbsolute() || uri.getHost() == null) {
                return false;
            }
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            return scheme.equals("https") || url.startsWith(publicBaseUrl.value() + "/");
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
