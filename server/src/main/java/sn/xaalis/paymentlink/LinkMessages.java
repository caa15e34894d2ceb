package sn.xaalis.paymentlink;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.context.MessageSource;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.view.RedirectView;
import sn.xaalis.pages.Formats;

/** What the links' pages say and where they send people, shared by the customer's page and the portal. */
@Component
class LinkMessages {

    /** A field's problem: {@code links.error.<code>} ({@link Problem#code()}). */
    static final String ERROR_MESSAGE_KEY_PREFIX = "links.error.";

    private final MessageSource messages;

    LinkMessages(MessageSource messages) {
        this.messages = messages;
    }

    /** Field by field, in the reader's language ({@code links.error.<code>}); amounts as people read them. */
    Map<String, List<String>> say(Map<String, List<Problem>> problems, String currency, Locale locale) {
        return Problem.said(
                problems,
                problem -> messages.getMessage(
                        ERROR_MESSAGE_KEY_PREFIX + problem.code(),
                        problem.args().stream()
                                .map(arg -> arg instanceof BigDecimal amount
                                        ? Formats.amount(amount, currency, locale)
                                        : arg)
                                .toArray(),
                        locale));
    }

    String say(String key, Locale locale, Object... args) {
        return messages.getMessage(key, args, locale);
    }

    /** A 303 to a path of this site, carrying no model attribute in its query. */
    static ModelAndView seeOther(String path) {
        RedirectView view = new RedirectView(path, true);
        view.setStatusCode(HttpStatus.SEE_OTHER);
        view.setExposeModelAttributes(false);
        return new ModelAndView(view);
    }
}
