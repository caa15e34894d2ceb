package sn.xaalis.checkout;

import java.util.Optional;
import org.springframework.stereotype.Component;
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

    String merchantName(Payment payment) {
        return directory
                .storefront(payment.applicationId())
                .map(ApplicationDirectory.Storefront::merchantName)
                .orElse("");
    }
}
