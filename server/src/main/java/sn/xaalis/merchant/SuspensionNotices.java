package sn.xaalis.merchant;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;
import sn.xaalis.mail.Mail;
import sn.xaalis.mail.MailOutbox;

/**
 * Tells the merchant by e-mail that the operator suspended it — since when in its time zone, why, what
 * stops, whom to contact — and that the suspension was lifted: a merchant whose money stops is never
 * left to find out from refused payments. In the language the operator chose for the merchant.
 */
@Component
class SuspensionNotices {

    private static final String ZONE_MESSAGE_KEY_PREFIX = "zone.";
    private static final String CAUSE_MESSAGE_KEY_PREFIX = "suspension.cause.";

    private final Merchants merchants;
    private final MerchantPreferences preferences;
    private final MailOutbox outbox;
    private final MessageSource messages;

    SuspensionNotices(Merchants merchants, MerchantPreferences preferences, MailOutbox outbox, MessageSource messages) {
        this.merchants = merchants;
        this.preferences = preferences;
        this.outbox = outbox;
        this.messages = messages;
    }

    /** Writes the e-mail in the caller's transaction: it leaves only if the suspension commits. */
    void suspended(MerchantId merchantId, Suspension suspension) {
        merchants.find(merchantId).ifPresent(merchant -> {
            Locale locale = suspension.mailLanguage();
            ZoneId zone = preferences.timeZone(merchantId);
            String since = DateTimeFormatter.ofPattern("d MMMM yyyy, HH:mm", locale)
                            .format(suspension.since().atZone(zone))
                    + " (" + messages.getMessage(ZONE_MESSAGE_KEY_PREFIX + zone.getId(), null, zone.getId(), locale)
                    + ")";
            Object[] args = {
                merchant.name(),
                since,
                messages.getMessage(
                        CAUSE_MESSAGE_KEY_PREFIX + suspension.cause().value(), null, locale),
                suspension.reason() == null
                        ? messages.getMessage("suspension.noReason", null, locale)
                        : suspension.reason(),
                contact(suspension, locale)
            };
            outbox.enqueue(new Mail(
                    merchant.email(),
                    messages.getMessage("mail.suspended.subject", args, locale),
                    messages.getMessage("mail.suspended.body", args, locale),
                    "suspension"));
        });
    }

    void lifted(MerchantId merchantId, Suspension suspension) {
        merchants.find(merchantId).ifPresent(merchant -> {
            Locale locale = suspension.mailLanguage();
            Object[] args = {merchant.name()};
            outbox.enqueue(new Mail(
                    merchant.email(),
                    messages.getMessage("mail.suspensionLifted.subject", args, locale),
                    messages.getMessage("mail.suspensionLifted.body", args, locale),
                    "suspension"));
        });
    }

    /** Whom the merchant asks: the operator who suspended it when that is a person's address. */
    private String contact(Suspension suspension, Locale locale) {
        String by = suspension.by();
        return by != null && by.contains("@")
                ? messages.getMessage("suspension.contact.person", new Object[] {by}, locale)
                : messages.getMessage("suspension.contact.operator", null, locale);
    }
}
