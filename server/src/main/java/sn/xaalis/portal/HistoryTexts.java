package sn.xaalis.portal;

import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Component;
import sn.xaalis.payment.PaymentStarts;

/**
 * Who or what changed a payment's status, in the page's language. The history stores a cause for
 * developers ({@code api:refund}, {@code sandbox:magic-phone}, {@code provider:wallet_sn}); a shop owner
 * reads "Remboursé depuis le portail". A cause this does not know is shown as it is.
 */
@Component("historyTexts")
public class HistoryTexts {

    private static final String PROVIDER_MESSAGE_KEY_PREFIX = "provider.";
    private static final String CAUSE_MESSAGE_KEY_PREFIX = "cause.";

    private static final String PROVIDER = "provider:";

    private final MessageSource messages;

    HistoryTexts(MessageSource messages) {
        this.messages = messages;
    }

    /** Who started a payment, for its history's first row: "Encaissé au comptoir par Awa", a link, the API. */
    public String starter(PaymentStarts.Starter starter) {
        Locale locale = LocaleContextHolder.getLocale();
        return switch (starter.kind()) {
            case API -> cause("api");
            case COUNTER -> messages.getMessage("starter.counter", new Object[] {starter.name()}, locale);
            case LINK -> messages.getMessage("starter.link", new Object[] {starter.name()}, locale);
        };
    }

    public String cause(@Nullable String cause) {
        if (cause == null) {
            return "";
        }
        Locale locale = LocaleContextHolder.getLocale();
        if (cause.startsWith(PROVIDER)) {
            String provider = cause.substring(PROVIDER.length()).toUpperCase(Locale.ROOT);
            String name = Objects.requireNonNullElse(
                    messages.getMessage(PROVIDER_MESSAGE_KEY_PREFIX + provider, null, provider, locale), provider);
            return Objects.requireNonNullElse(
                    messages.getMessage("cause.provider", new Object[] {name}, cause, locale), cause);
        }
        // Properties keys cannot hold ":"; "portal:refund" is the key cause.portal.refund.
        return Objects.requireNonNullElse(
                messages.getMessage(CAUSE_MESSAGE_KEY_PREFIX + cause.replace(':', '.'), null, cause, locale), cause);
    }
}
