package sn.xaalis.checkout;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentOperations;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.payment.PaymentTransitions;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.SandboxCodes;
import sn.xaalis.qr.QrCodePng;

/**
 * The hosted sandbox checkout (D13): what a customer would see in the provider's app, with buttons
 * to approve, decline or cancel, then the redirect a real provider would make.
 */
@PageController
class SandboxCheckoutController {

    private static final int MAX_REASON = 500;

    /** What each magic code does, completed with {@link SandboxCodes#slug()}. */
    static final String CODE_MESSAGE_KEY_PREFIX = "sandbox.code.";

    /** A magic one-time code and the words for what it does. */
    record MagicCode(String code, String labelKey) {}

    private static final List<MagicCode> MAGIC_CODES = Arrays.stream(SandboxCodes.values())
            .map(magic -> new MagicCode(magic.code(), CODE_MESSAGE_KEY_PREFIX + magic.slug()))
            .toList();

    private final PaymentOperations operations;
    private final MerchantReturn merchantReturn;
    private final PaymentPages pages;
    private final CustomerActions actions;
    private final Onward onward;

    SandboxCheckoutController(
            PaymentOperations operations,
            MerchantReturn merchantReturn,
            PaymentPages pages,
            CustomerActions actions,
            Onward onward) {
        this.actions = actions;
        this.onward = onward;
        this.operations = operations;
        this.merchantReturn = merchantReturn;
        this.pages = pages;
    }

    @GetMapping("/sandbox/checkout/{reference}")
    ModelAndView page(
            @PathVariable String reference,
            @RequestParam(required = false) String app,
            HttpServletRequest request,
            HttpServletResponse response) {
        return pages.respond(reference, request, response, operations::sandboxPayment, payment -> {
            ModelAndView view = new ModelAndView("checkout/sandbox");
            view.addObject("payment", payment);
            view.addObject("merchantName", merchantReturn.merchantName(payment));
            view.addObject(
                    "app",
                    app != null && payment.deepLinks().containsKey(app)
                            ? app
                            : payment.deepLinks().firstEntry().getKey());
            view.addObject("statusKey", "status." + payment.status().name());
            view.addObject("processing", payment.status() == PaymentStatus.PROCESSING);
            // The operator's payments also take a one-time code on the hosted page: the codes to try there.
            view.addObject("magicCodes", payment.provider() == Provider.MOBILEMONEY_SN ? MAGIC_CODES : List.of());
            view.addObject(
                    "qrCode",
                    "data:image/png;base64,"
                            + QrCodePng.base64(payment.deepLinks().firstEntry().getValue()));
            return view;
        });
    }

    @PostMapping("/sandbox/checkout/{reference}/approve")
    ModelAndView approve(@PathVariable String reference, HttpServletRequest request, HttpServletResponse response) {
        return act(reference, PaymentStatus.SUCCESS, null, request, response);
    }

    @PostMapping("/sandbox/checkout/{reference}/decline")
    ModelAndView decline(
            @PathVariable String reference,
            @RequestParam(required = false) @Nullable String reason,
            HttpServletRequest request,
            HttpServletResponse response) {
        String clean = reason == null ? null : reason.strip();
        if (clean != null && clean.length() > MAX_REASON) {
            clean = clean.substring(0, MAX_REASON);
        }
        return act(reference, PaymentStatus.FAILED, clean, request, response);
    }

    @PostMapping("/sandbox/checkout/{reference}/cancel")
    ModelAndView cancel(@PathVariable String reference, HttpServletRequest request, HttpServletResponse response) {
        return act(reference, PaymentStatus.CANCELLED, null, request, response);
    }

    /**
     * Redirects like a provider's app: success_url or error_url, else the application's defaults, else the
     * hosted page, which shows the outcome (and, after a failure, how to try again). A button pressed on a
     * payment already over only shows this page again.
     */
    private ModelAndView act(
            String reference,
            PaymentStatus outcome,
            @Nullable String reason,
            HttpServletRequest request,
            HttpServletResponse response) {
        var wait = actions.refusal(request, reference);
        if (wait.isPresent()) {
            return PaymentPages.tooMany(response, wait.getAsLong());
        }
        return pages.respond(reference, request, response, operations::sandboxPayment, (Payment found) -> {
            PaymentTransitions.Outcome result = operations.checkout(reference, outcome, reason);
            return result instanceof PaymentTransitions.Outcome.Changed changed
                    ? onward.after(changed.payment(), "/pay/" + reference)
                    : PaymentPages.seeOther("/sandbox/checkout/" + reference);
        });
    }
}
