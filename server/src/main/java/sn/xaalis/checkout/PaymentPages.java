package sn.xaalis.checkout;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Optional;
import java.util.function.Function;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.view.RedirectView;

/**
 * Answers for the customer pages of a payment named in their address: the page, or, always as a page in
 * the customer's language (whatever the request accepts), why not. An unknown reference and a malformed
 * one get the same page; an address refused for guessing gets a 429 page.
 */
@Component
class PaymentPages {

    private final ReferenceGuesses guesses;

    PaymentPages(ReferenceGuesses guesses) {
        this.guesses = guesses;
    }

    <T> ModelAndView respond(
            String reference,
            HttpServletRequest request,
            HttpServletResponse response,
            Function<String, Optional<T>> read,
            Function<T, ModelAndView> page) {
        Optional<T> found;
        try {
            found = guesses.lookUp(reference, request, read);
        } catch (ReferenceGuesses.TooMany refused) {
            return tooMany(response, refused.retryAfterSeconds());
        }
        return found.map(page).orElseGet(() -> notice("checkout.notfound", HttpStatus.NOT_FOUND));
    }

    /** The page that asks to wait: 429 with {@code Retry-After}. */
    static ModelAndView tooMany(HttpServletResponse response, long retryAfterSeconds) {
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(retryAfterSeconds));
        return notice("checkout.toomany", HttpStatus.TOO_MANY_REQUESTS);
    }

    /** A page with a heading and a sentence: the messages {@code <messages>.title} and {@code <messages>.text}. */
    static ModelAndView notice(String messages, HttpStatus status) {
        ModelAndView page = new ModelAndView("checkout/notice", status);
        page.addObject("titleKey", messages + ".title");
        page.addObject("textKey", messages + ".text");
        return page;
    }

    /** A 303 to a merchant's page or one of ours, carrying nothing of the model. */
    static ModelAndView seeOther(String location) {
        RedirectView redirect = new RedirectView(location, true);
        redirect.setStatusCode(HttpStatus.SEE_OTHER);
        redirect.setExposeModelAttributes(false);
        redirect.setExpandUriTemplateVariables(false);
        return new ModelAndView(redirect);
    }
}
