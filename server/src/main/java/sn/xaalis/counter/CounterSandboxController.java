package sn.xaalis.counter;

import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentOperations;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.platform.Environment;
import sn.xaalis.portal.PortalUser;
import sn.xaalis.provider.Provider;

/**
 * A test QR code paid or refused from the counter itself, so that a cashier can try the whole flow with no
 * customer's app: the QR code's counterpart of the code form's test codes. Test payments only; the same
 * action as the portal's test buttons (its history says "test played from the portal").
 */
@PageController
record CounterSandboxController(CounterDesk desk, PaymentOperations operations) {

    @PostMapping("/portal/counter/{reference}/sandbox/{action}")
    ModelAndView play(
            @AuthenticationPrincipal PortalUser user, @PathVariable String reference, @PathVariable String action) {
        PaymentStatus outcome =
                switch (action) {
                    case "paid" -> PaymentStatus.SUCCESS;
                    case "refused" -> PaymentStatus.FAILED;
                    default -> null;
                };
        Payment payment = desk.find(user.merchantId(), reference)
                .map(CounterDesk.Found::payment)
                .orElse(null);
        if (outcome == null || payment == null || !playable(payment)) {
            return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
        }
        // Already over (the page was old): the page shows how it ended, whatever this answer.
        operations.sandboxAction(Set.of(payment.applicationId()), reference, outcome, null);
        return CounterController.seeOther("/portal/counter/" + reference);
    }

    /** A test payment by QR code still waiting: code payments have their test codes instead. */
    static boolean playable(Payment payment) {
        return payment.environment() == Environment.SANDBOX
                && payment.status() == PaymentStatus.PROCESSING
                && payment.provider() != Provider.MOBILEMONEY_SN;
    }
}
