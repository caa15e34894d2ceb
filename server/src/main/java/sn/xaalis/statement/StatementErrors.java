package sn.xaalis.statement;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.MerchantRefusal;

/** Another merchant's application, or an unreadable address, is the same 404 as none, in each area's page. */
// Before the API's handlers of the same refusals, which answer in JSON.
@org.springframework.core.annotation.Order(org.springframework.core.Ordered.HIGHEST_PRECEDENCE)
@ControllerAdvice(assignableTypes = {StatementPortalController.class, StatementConsoleController.class})
class StatementErrors {

    @ExceptionHandler({MerchantRefusal.NoSuchApplication.class, MethodArgumentTypeMismatchException.class})
    ModelAndView notFound(jakarta.servlet.http.HttpServletRequest request) {
        // Exception handlers get no model attributes: the header's signed-in person is added here.
        var authentication = org.springframework.security.core.context.SecurityContextHolder.getContext()
                .getAuthentication();
        Object who = authentication == null ? null : authentication.getPrincipal();
        if (request.getRequestURI().startsWith("/operator/")) {
            return new ModelAndView("operator/not-found", HttpStatus.NOT_FOUND).addObject("operator", who);
        }
        return new ModelAndView("portal/not-found", HttpStatus.NOT_FOUND).addObject("user", who);
    }
}
