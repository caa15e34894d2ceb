package sn.xaalis.checkout;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.pages.PageController;

/**
 * Where a provider (or the hosted page) sends the customer back when the merchant gave no URL of its
 * own. It says nothing about the payment: the merchant learns the outcome from its webhook, not from
 * this page.
 */
@PageController
class ReturnPageController {

    @GetMapping("/return/{reference}")
    ModelAndView page(@PathVariable String reference) {
        return PaymentPages.notice("return", HttpStatus.OK);
    }
}
