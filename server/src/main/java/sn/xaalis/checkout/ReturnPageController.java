package sn.xaalis.checkout;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.pages.PageController;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.payment.PaymentStatus;

/**
 * Where a provider (or the hosted page) sends the customer back when the merchant gave no URL of its
 * own. It thanks the customer only for a payment made: any other goes to the hosted page, which follows
 * a payment still open (a provider may send the customer back before its notification) and says what
 * became of one that did not go through. The merchant learns the outcome from its webhook, not from here.
 */
@PageController
record ReturnPageController(PaymentQueries queries, PaymentPages pages, Onward onward) {

    @GetMapping("/return/{reference}")
    ModelAndView page(@PathVariable String reference, HttpServletRequest request, HttpServletResponse response) {
        return pages.respond(reference, request, response, queries::byReference, payment -> {
            if (payment.status() != PaymentStatus.SUCCESS) {
                return PaymentPages.seeOther("/pay/" + reference);
            }
            // A customer who paid through a link has no merchant app to go back to.
            return PaymentPages.notice(onward.fromLink(payment) ? "return.link" : "return", HttpStatus.OK);
        });
    }
}
