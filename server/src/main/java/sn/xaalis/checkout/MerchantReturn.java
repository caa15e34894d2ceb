package sn.xaalis.checkout;

import java.net.URI;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentStatus;

/**
 * Where a customer goes once a payment is over, as a provider would send them: the payment's own
 * success_url or error_url, else the application's callback URLs.
 */
@Component
class MerchantReturn {

    private final ApplicationDirectory directory;

    MerchantReturn(ApplicationDirectory directory) {
        this.directory = directory;
    }

    /** Empty when neither the payment nor its application names a page for this outcome. */
    Optional<String> pageFor(Payment payment, PaymentStatus outcome) {
        // Only a success goes to the success page; a refunded payment is no longer a paid order.
        boolean success = outcome == PaymentStatus.SUCCESS;
        String own = success ? payment.successUrl() : payment.errorUrl();
        if (own != null) {
            return Optional.of(own);
        }
        return directory
                .storefront(payment.applicationId())
                .map(store -> success ? store.callbackUrlSuccess() : store.callbackUrlFailure());
    }

    /**
     * The answer that sends the customer on once the payment is over: straight to the merchant's page
     * when the operator approved the merchant; else through a page saying where the link goes (an
     * account nobody vetted could otherwise use our address to bounce anyone anywhere); with no page of
     * the merchant's, to {@code otherwise}.
     */
    ModelAndView onward(Payment payment, PaymentStatus outcome, String otherwise) {
        Optional<String> page = pageFor(payment, outcome);
        if (page.isEmpty()) {
            return PaymentPages.seeOther(otherwise);
        }
        boolean approved = directory
                .storefront(payment.applicationId())
                .map(ApplicationDirectory.Storefront::merchantApproved)
                .orElse(false);
        return approved ? PaymentPages.seeOther(page.get()) : leaving(page.get());
    }

    private static ModelAndView leaving(String target) {
        String host;
        try {
            host = URI.create(target).getHost();
        } catch (IllegalArgumentException e) {
            host = null;
        }
        return new ModelAndView("checkout/leaving")
                .addObject("target", target)
                .addObject("host", host == null ? target : host);
    }

    String merchantName(Payment payment) {
        return directory
                .storefront(payment.applicationId())
                .map(ApplicationDirectory.Storefront::merchantName)
                .orElse("");
    }
}
