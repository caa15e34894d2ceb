package sn.xaalis.portal;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.MerchantRefusal;
import sn.xaalis.platform.ApiException;

/** Another merchant's application or key, or none at all: the same 404 page, which tells nothing apart. */
// Before the API's advice, which would answer these pages in JSON.
@Order(Ordered.HIGHEST_PRECEDENCE)
@ControllerAdvice(assignableTypes = {PortalController.class, ApiKeysController.class, WebhookTestController.class})
class PortalNotFound {

    @ExceptionHandler({
        ApiException.class,
        MethodArgumentTypeMismatchException.class,
        MerchantRefusal.NoSuchApplication.class,
        MerchantRefusal.NoSuchKey.class
    })
    ModelAndView notFound(Exception e) {
        if (e instanceof ApiException api && api.status() != HttpStatus.NOT_FOUND) {
            throw api;
        }
        return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND);
    }
}
