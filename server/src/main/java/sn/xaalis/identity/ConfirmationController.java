package sn.xaalis.identity;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.pages.PageController;
import sn.xaalis.portal.PortalUser;

/**
 * The confirmation link (outside the portal: it works in whatever browser the e-mail opens, signed in or
 * not) and the portal's button that sends another one.
 */
@PageController
class ConfirmationController {

    private final EmailConfirmations confirmations;

    ConfirmationController(EmailConfirmations confirmations) {
        this.confirmations = confirmations;
    }

    @GetMapping("/account/confirm/{token}")
    ModelAndView confirm(@PathVariable String token, HttpServletResponse response) {
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Referrer-Policy", "no-referrer");
        boolean confirmed = confirmations.confirm(token);
        return new ModelAndView("identity/confirmed", confirmed ? HttpStatus.OK : HttpStatus.GONE)
                .addObject("confirmed", confirmed);
    }

    @PostMapping("/portal/account/email-confirmation")
    String resend(@AuthenticationPrincipal PortalUser user, RedirectAttributes flash) {
        boolean sent = confirmations.resend(user.merchantId(), LocaleContextHolder.getLocale());
        flash.addFlashAttribute("confirmationNotice", sent ? "identity.resent" : "identity.notResent");
        return "redirect:/portal/account";
    }
}
