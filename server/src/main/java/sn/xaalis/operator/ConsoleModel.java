package sn.xaalis.operator;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.mail.Mailbox;

/**
 * What every console page has: the signed-in operator (the header shows them), whether e-mails leave (pages
 * say "sent" only then), and a 404 page.
 */
@ControllerAdvice(basePackageClasses = ConsoleModel.class)
class ConsoleModel {

    private final Mailbox mailbox;

    ConsoleModel(Mailbox mailbox) {
        this.mailbox = mailbox;
    }

    @ModelAttribute("mailLeaves")
    boolean mailLeaves() {
        return mailbox.mailLeaves();
    }

    @ModelAttribute("operator")
    @Nullable
    OperatorUser operator() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null && authentication.getPrincipal() instanceof OperatorUser user ? user : null;
    }

    /** A merchant, token or operator that does not exist: the console's page for it. */
    @ExceptionHandler(NotFound.class)
    ModelAndView notFound() {
        // Exception handlers' views get no model attributes: the header's operator is added here.
        return new ModelAndView("operator/not-found", HttpStatus.NOT_FOUND).addObject("operator", operator());
    }

    static final class NotFound extends RuntimeException {
        NotFound() {
            super("Not found", null, false, false);
        }
    }
}
