package sn.xaalis.provider;

import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Component;

/**
 * A failed payment's or payout's reason in the page's language ({@link FailureReason}), for the main text
 * of the counter, the portal, the hosted page and the payouts; the provider's own words stay in the API
 * and in the pages' technical details.
 */
@Component("failureTexts")
public class FailureTexts {

    private static final String PROVIDER_MESSAGE_KEY_PREFIX = "provider.";

    private final MessageSource messages;

    FailureTexts(MessageSource messages) {
        this.messages = messages;
    }

    /** Why a payment failed, from its {@code error_message}; empty when it has none. */
    public String payment(Provider provider, @Nullable String errorMessage) {
        return text(provider, FailureReason.ofPayment(provider, errorMessage));
    }

    /**
     * Why a payout failed, from its {@code failure_code}; empty when it has none. The reason's words are
     * an argument too: a merchant's own after a review ({@code merchant-review}) are shown as they are.
     */
    public String payout(Provider provider, @Nullable String failureCode, @Nullable String failureReason) {
        return text(
                provider, FailureReason.ofPayout(provider, failureCode), failureReason == null ? "" : failureReason);
    }

    private String text(Provider provider, Optional<FailureReason> reason, String... more) {
        if (reason.isEmpty()) {
            return "";
        }
        Locale locale = LocaleContextHolder.getLocale();
        String name = messages.getMessage(PROVIDER_MESSAGE_KEY_PREFIX + provider.name(), null, locale);
        Object[] args = new Object[1 + more.length];
        args[0] = name;
        System.arraycopy(more, 0, args, 1, more.length);
        return messages.getMessage(reason.get().messageKey(), args, locale);
    }
}
