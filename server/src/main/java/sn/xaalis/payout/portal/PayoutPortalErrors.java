package sn.xaalis.payout.portal;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.MerchantRefusal;
import sn.xaalis.payout.PayoutRefusal;
import sn.xaalis.platform.ApiException;

/** On every Payouts page, another merchant's application, file or payout is the same 404 as none. */
@ControllerAdvice(
        assignableTypes = {PayoutPageController.class, PayoutSendController.class, PayoutFileController.class})
class PayoutPortalErrors {

    @ExceptionHandler({
        ApiException.class,
        MethodArgumentTypeMismatchException.class,
        MerchantRefusal.NoSuchApplication.class,
        PayoutRefusal.NoSuchPayout.class
    })
    ModelAndView notFound(Exception e) {
        if (e instanceof ApiException api && api.status() != HttpStatus.NOT_FOUND) {
            throw api;
        }
        return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
    }
}
