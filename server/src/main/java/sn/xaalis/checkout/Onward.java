package sn.xaalis.checkout;

import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.paymentlink.LinkOrigins;

/**
 * Where a customer goes once a payment is over, from the hosted page, the sandbox checkout and the return
 * page alike. A payment that did not go through never ends on a page that thanks the customer: it goes
 * to the merchant's error page, else to the hosted page, which says what happened and how to try again.
 * A customer who came from a payment link that still takes payments stays on the hosted page, whose
 * "try again" leads back to the link: the merchant's error page belongs to its own app, not to them.
 */
@Component
record Onward(MerchantReturn merchantReturn, LinkOrigins linkOrigins) {

    /** FAILED, CANCELLED or EXPIRED: over without the customer paying. */
    static boolean failed(PaymentStatus status) {
        return status == PaymentStatus.FAILED || status == PaymentStatus.CANCELLED || status == PaymentStatus.EXPIRED;
    }

    /** The link to try again from: a failed payment's link while it takes payments. */
    Optional<String> retry(Payment payment) {
        if (!failed(payment.status())) {
            return Optional.empty();
        }
        return linkOrigins.of(payment).filter(LinkOrigins.LinkOrigin::open).map(LinkOrigins.LinkOrigin::path);
    }

    /** Whether the payment came from a payment link, whatever the link's state now. */
    boolean fromLink(Payment payment) {
        return linkOrigins.of(payment).isPresent();
    }

    /** Whether the merchant named a page for the payment's outcome (its own URLs or its application's). */
    boolean merchantPage(Payment payment) {
        return merchantReturn.pageFor(payment, payment.status()).isPresent();
    }

    /**
     * The answer for a payment that is over: the merchant's page for its outcome; with none, {@code
     * afterSuccess} for a success and the hosted page otherwise.
     */
    ModelAndView after(Payment payment, String afterSuccess) {
        String hosted = "/pay/" + payment.reference().value();
        if (payment.status() == PaymentStatus.SUCCESS) {
            return merchantReturn.onward(payment, payment.status(), afterSuccess);
        }
        if (retry(payment).isPresent()) {
            return PaymentPages.seeOther(hosted);
        }
        return merchantReturn.onward(payment, payment.status(), hosted);
    }
}
