package sn.xaalis.operator;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.mail.Mailbox;
import sn.xaalis.pages.PageController;

/**
 * The mailbox of an installation without an SMTP server (the embedded demo): the e-mails that could not
 * leave, whole, links included, for the operator to read or pass on. Operators only, by the console's chain.
 */
@PageController
class MailboxConsoleController {

    static final int SHOWN = 50;

    private final Mailbox mailbox;

    MailboxConsoleController(Mailbox mailbox) {
        this.mailbox = mailbox;
    }

    @GetMapping(Mailbox.CONSOLE_PATH)
    ModelAndView mailbox(HttpServletResponse response) {
        // Their links are single-use secrets: the page is kept by no cache.
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Referrer-Policy", "no-referrer");
        return new ModelAndView("operator/mail").addObject("mails", mailbox.kept(SHOWN));
    }
}
