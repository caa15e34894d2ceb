package sn.xaalis.portal;

import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.ModelAndView;

/**
 * What a page answers when it refused something that waits for the account's address to be confirmed
 * (an invitation, two-factor, live keys, a payment account): 403, the reason and the way out (the link
 * sent at sign-up, or another one).
 */
public final class UnconfirmedPage {

    private UnconfirmedPage() {}

    public static ModelAndView of(PortalUser user) {
        return new ModelAndView("portal/unconfirmed", HttpStatus.FORBIDDEN).addObject("user", user);
    }
}
