package sn.xaalis.codepayment;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.ratelimit.PublicBudgets;
import sn.xaalis.ratelimit.RateLimiter;

/** The cluster-wide budgets of one-time codes: per customer number, per application, per client address. */
@Component
@EnableConfigurationProperties(CodePaymentProperties.class)
class CodeBudgets {

    private final PublicBudgets budgets;
    private final CodePaymentProperties properties;

    CodeBudgets(PublicBudgets budgets, CodePaymentProperties properties) {
        this.budgets = budgets;
        this.properties = properties;
    }

    /** One code for this number and this application, or how long to wait; the number is asked first. */
    RateLimiter.Decision spend(ApplicationId applicationId, CustomerPhone phone) {
        RateLimiter.Decision byPhone =
                budgets.budget("codes-per-phone", properties.perPhone()).spend(phone.nationalNumber());
        if (!byPhone.allowed()) {
            return byPhone;
        }
        return budgets.budget("codes-per-application", properties.perApplication())
                .spend(applicationId.toString());
    }

    RateLimiter.Decision byAddress(String clientAddress) {
        return budgets.budget("codes-per-address", properties.perAddress())
                .spend(clientAddress == null ? "unknown" : clientAddress);
    }

    int triesPerPayment() {
        return properties.triesPerPayment();
    }

    String ussdCode() {
        return properties.ussdCode();
    }
}
