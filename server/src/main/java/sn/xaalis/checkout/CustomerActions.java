package sn.xaalis.checkout;

import jakarta.servlet.http.HttpServletRequest;
import java.util.OptionalLong;
import org.springframework.stereotype.Component;
import sn.xaalis.payment.Reference;
import sn.xaalis.platform.ClientAddresses;
import sn.xaalis.ratelimit.PublicBudgets;
import sn.xaalis.ratelimit.PublicLimits;
import sn.xaalis.ratelimit.RateLimiter;

/**
 * The budgets of the customer pages' actions (D29): the hosted page's status reads and "continue",
 * the sandbox checkout's buttons. Per client address and per payment, for the whole cluster; a page
 * polling its own payment every few seconds stays well within both.
 */
@Component
class CustomerActions {

    private final PublicBudgets.Budget byAddress;
    private final PublicBudgets.Budget byPayment;

    CustomerActions(PublicBudgets budgets, PublicLimits limits) {
        this.byAddress = budgets.budget("hosted-page-per-address", limits.hostedPagePerAddress());
        this.byPayment = budgets.budget("hosted-page-per-payment", limits.hostedPagePerPayment());
    }

    /** Empty when the action may go on, else how many seconds to wait. */
    OptionalLong refusal(HttpServletRequest request, String reference) {
        RateLimiter.Decision address = byAddress.spend(ClientAddresses.key(request.getRemoteAddr()));
        if (!address.allowed()) {
            return OptionalLong.of(address.retryAfterSeconds());
        }
        if (!Reference.isWellFormed(reference)) {
            return OptionalLong.empty();
        }
        RateLimiter.Decision payment = byPayment.spend(reference);
        return payment.allowed() ? OptionalLong.empty() : OptionalLong.of(payment.retryAfterSeconds());
    }
}
