package sn.xaalis.payment.web;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

/**
 * Where a live provider sends the customer back when the merchant gave no URL of its own. It says
 * nothing about the payment: the merchant learns the outcome from its webhook, not from this page.
 */
@Controller
class ReturnPageController {

    @GetMapping("/return/{reference}")
    String page(@PathVariable String reference) {
        return "return";
    }
}
