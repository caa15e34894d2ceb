package sn.xaalis.settlement;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.mail.Mail;
import sn.xaalis.mail.MailOutbox;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantMembers;
import sn.xaalis.merchant.MerchantRole;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/**
 * Where an application's settlements go and when. A new number is usable only after the hold, and its
 * owners are e-mailed in the change's transaction: a session taken over cannot send the money away
 * before they hear of it. The portal has the person confirm with its password (or code) first.
 */
@Service
public class SettlementDestinations {

    /** When the hold ends, as the e-mail says it: merchants live in Dakar (GMT all year). */
    private static final java.time.format.DateTimeFormatter HOLD_END = java.time.format.DateTimeFormatter.ofPattern(
                    "dd/MM/yyyy HH:mm 'GMT'")
            .withZone(java.time.ZoneOffset.UTC);

    private final SettlementStore store;
    private final SettlementProperties properties;
    private final MerchantMembers members;
    private final MailOutbox mail;
    private final MessageSource messages;
    private final Clock clock;

    SettlementDestinations(
            SettlementStore store,
            SettlementProperties properties,
            MerchantMembers members,
            MailOutbox mail,
            MessageSource messages,
            Clock clock) {
        this.store = store;
        this.properties = properties;
        this.members = members;
        this.mail = mail;
        this.messages = messages;
        this.clock = clock;
    }

    public Optional<Destination> of(ApplicationId applicationId, Environment environment) {
        return store.destination(applicationId, environment);
    }

    /**
     * Sets the number settlements go to: usable after the hold (the same number again changes nothing).
     *
     * @param appName the application's name, for the e-mail
     * @param by who changed it (the person's e-mail), kept with it
     */
    @Transactional
    public Destination change(
            MerchantId merchantId,
            ApplicationId applicationId,
            String appName,
            Environment environment,
            Provider provider,
            CustomerPhone phone,
            String by) {
        Optional<Destination> before = store.destination(applicationId, environment);
        if (before.isPresent()
                && before.get().provider() == provider
                && before.get().phone().equals(phone)) {
            return before.get();
        }
        Instant now = Timestamps.truncate(clock.instant());
        Destination destination = new Destination(
                applicationId,
                environment,
                provider,
                phone,
                now.plus(properties.destinationHold()),
                now,
                before.map(Destination::automatic).orElse(false),
                before.map(Destination::minimum).orElse(BigDecimal.ZERO));
        store.saveDestination(destination, by);
        notifyOwners(merchantId, appName, destination);
        return destination;
    }

    /** Turns the daily settlement on (above {@code minimum}) or off; false when there is no destination yet. */
    @Transactional
    public boolean schedule(
            ApplicationId applicationId, Environment environment, boolean automatic, BigDecimal minimum) {
        if (minimum.signum() < 0) {
            throw new IllegalArgumentException("a minimum is 0 or more");
        }
        return store.saveSchedule(applicationId, environment, automatic, minimum);
    }

    /** In the language of whoever made the change, to the account's holder and every active owner. */
    private void notifyOwners(MerchantId merchantId, String appName, Destination destination) {
        var holder = members.holder(merchantId);
        Set<String> to = new LinkedHashSet<>();
        to.add(holder.email());
        members.team(merchantId).stream()
                .filter(m -> m.active() && m.role() == MerchantRole.OWNER)
                .forEach(m -> to.add(m.email()));
        var locale = LocaleContextHolder.getLocale();
        Object[] args = {
            holder.name(),
            appName,
            destination.masked(),
            destination.provider().name(),
            destination.environment().value(),
            HOLD_END.format(destination.usableFrom())
        };
        for (String recipient : to) {
            mail.enqueue(new Mail(
                    recipient,
                    messages.getMessage("mail.settlement.destination.subject", args, locale),
                    messages.getMessage("mail.settlement.destination.body", args, locale),
                    "settlement-destination"));
        }
    }
}
