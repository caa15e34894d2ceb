package sn.xaalis.payment.web;

import java.net.URI;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentOperations;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.payment.PaymentTransitions;
import sn.xaalis.platform.qr.QrCodePng;

/**
 * The hosted sandbox checkout (D13): what a customer would see in the provider's app, with buttons
 * to approve, decline or cancel, then the redirect a real provider would make.
 */
@Controller
class SandboxCheckoutController {

    private final PaymentOperations operations;
    private final ApplicationDirectory directory;

    SandboxCheckoutController(PaymentOperations operations, ApplicationDirectory directory) {
        this.operations = operations;
        this.directory = directory;
    }

    @GetMapping("/sandbox/checkout/{reference}")
    ModelAndView page(@PathVariable String reference, @RequestParam(required = false) String app) {
        Optional<Payment> found = operations.sandboxPayment(reference);
        if (found.isEmpty()) {
            return new ModelAndView("sandbox/not-found", HttpStatus.NOT_FOUND);
        }
        Payment payment = found.get();
        var storefront = directory.storefront(payment.applicationId()).orElseThrow();
        ModelAndView view = new ModelAndView("sandbox/checkout");
        view.addObject("payment", payment);
        view.addObject("amount", payment.amount().toPlainString());
        view.addObject("merchantName", storefront.merchantName());
        view.addObject("app", app == null ? payment.deepLinks().firstEntry().getKey() : app);
        view.addObject("processing", payment.status() == PaymentStatus.PROCESSING);
        view.addObject(
                "qrCode",
                "data:image/png;base64,"
                        + QrCodePng.base64(payment.deepLinks().firstEntry().getValue()));
        return view;
    }

    @PostMapping("/sandbox/checkout/{reference}/approve")
    ResponseEntity<Void> approve(@PathVariable String reference) {
        return act(reference, PaymentStatus.SUCCESS, null);
    }

    @PostMapping("/sandbox/checkout/{reference}/decline")
    ResponseEntity<Void> decline(@PathVariable String reference, @RequestParam(required = false) String reason) {
        String clean = reason == null ? null : reason.strip();
        if (clean != null && clean.length() > 500) {
            clean = clean.substring(0, 500);
        }
        return act(reference, PaymentStatus.FAILED, clean);
    }

    @PostMapping("/sandbox/checkout/{reference}/cancel")
    ResponseEntity<Void> cancel(@PathVariable String reference) {
        return act(reference, PaymentStatus.CANCELLED, null);
    }

    /** Redirects like a provider: success_url or error_url, else the application's defaults, else back here. */
    private ResponseEntity<Void> act(String reference, PaymentStatus outcome, String reason) {
        PaymentTransitions.Outcome result = operations.checkout(reference, outcome, reason);
        Payment payment = operations.sandboxPayment(reference).orElseThrow();
        String target = null;
        if (result instanceof PaymentTransitions.Outcome.Changed) {
            var storefront = directory.storefront(payment.applicationId()).orElseThrow();
            target = outcome == PaymentStatus.SUCCESS
                    ? firstNonNull(payment.successUrl(), storefront.callbackUrlSuccess())
                    : firstNonNull(payment.errorUrl(), storefront.callbackUrlFailure());
        }
        if (target == null) {
            target = "/sandbox/checkout/" + payment.reference().value();
        }
        return ResponseEntity.status(HttpStatus.SEE_OTHER)
                .location(URI.create(target))
                .build();
    }

    private static String firstNonNull(String first, String second) {
        return first != null ? first : second;
    }
}
