package sn.xaalis.codepayment;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import sn.xaalis.payment.Payment;
import sn.xaalis.ratelimit.PublicBudgets;
import sn.xaalis.ratelimit.RateLimiter;

/**
 * The cluster-wide budgets of one-time codes: per customer number and per application, each for one
 * application in one environment (sandbox keys never spend a live budget, nor one application another's),
 * and the hosted page's apart from the API's and the counter's (anyone holding a reference may post
 * there); per client address on the page. Spent only for a code about to go to the operator.
 */
@Component
@EnableConfigurationProperties(CodePaymentProperties.class)
class CodeBudgets {

    private final PublicBudgets budgets;
    private final CodePaymentProperties properties;

    CodeBudgets(PublicBudgets budgets, CodePaymentProperties properties) {
        this.budgets = budgets;
        this.properties = properties;
    }

    /**
     * One code for this number and the payment's application, or how long to wait; the page's client
     * address is asked first, then the number, then the application.
     */
    RateLimiter.Decision spend(
            Payment payment, CustomerPhone phone, CodeChannel channel, @Nullable String clientAddress) {
        String prefix = channel == CodeChannel.PAGE ? "page-" : "";
        if (channel == CodeChannel.PAGE) {
            RateLimiter.Decision byAddress = budgets.budget("codes-per-address", properties.perAddress())
                    .spend(clientAddress == null ? "unknown" : clientAddress);
            if (!byAddress.allowed()) {
                return byAddress;
            }
        }
        String application =
                payment.applicationId() + ":" + payment.environment().name();
        RateLimiter.Decision byPhone = budgets.budget(prefix + "codes-per-phone", properties.perPhone())
                .spend(application + ":" + phone.nationalNumber());
        if (!byPhone.allowed()) {
            return byPhone;
        }
        return budgets.budget(prefix + "codes-per-application", properties.perApplication())
                .spend(application);
    }

    int triesPerPayment() {
        return properties.triesPerPayment();
    }

    String ussdCode() {
        return properties.ussdCode();
    }
}
