package sn.xaalis.merchant;

import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Component;
import sn.xaalis.mail.Mail;
import sn.xaalis.mail.MailOutbox;

/**
 * Tells the merchant by e-mail when an application starts or stops taking real payments, whoever
 * changed it (the merchant in the portal, the operator): a change of where money goes is never silent.
 */
@Component
class LiveModeNotices {

    private final Merchants merchants;
    private final MailOutbox outbox;
    private final MessageSource messages;

    LiveModeNotices(Merchants merchants, MailOutbox outbox, MessageSource messages) {
        this.merchants = merchants;
        this.outbox = outbox;
        this.messages = messages;
    }

    /** Writes the e-mail in the caller's transaction, in the language of whoever made the change. */
    void liveModeChanged(Applications.Row application) {
        merchants.find(application.merchantId()).ifPresent(merchant -> {
            String key = application.liveEnabled() ? "mail.live.on" : "mail.live.off";
            var locale = LocaleContextHolder.getLocale();
            Object[] args = {merchant.name(), application.name()};
            outbox.enqueue(new Mail(
                    merchant.email(),
                    messages.getMessage(key + ".subject", args, locale),
                    messages.getMessage(key + ".body", args, locale),
                    "live-mode"));
        });
    }
}
