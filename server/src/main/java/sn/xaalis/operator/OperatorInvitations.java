package sn.xaalis.operator;

import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.mail.Mail;
import sn.xaalis.mail.MailOutbox;

/**
 * Inviting an operator: the account and its set-up link, and the e-mail that carries the link, written in
 * one transaction (the e-mail leaves through the outbox). The link is also given back to whoever invited,
 * for an installation without e-mail.
 */
@Service
public class OperatorInvitations {

    private final OperatorAccounts accounts;
    private final MailOutbox outbox;
    private final MessageSource messages;

    OperatorInvitations(OperatorAccounts accounts, MailOutbox outbox, MessageSource messages) {
        this.accounts = accounts;
        this.outbox = outbox;
        this.messages = messages;
    }

    /** @throws OperatorRefusal naming the fields refused */
    @Transactional
    public OperatorAccounts.Invitation invite(
            @Nullable String email, @Nullable String name, String invitedBy, Locale locale) {
        OperatorAccounts.Invitation invitation = accounts.invite(email, name, invitedBy);
        outbox.enqueue(new Mail(
                invitation.email(),
                messages.getMessage("operator.mail.invite.subject", null, locale),
                messages.getMessage(
                        "operator.mail.invite.body",
                        new Object[] {
                            invitation.name(),
                            OperatorAccounts.byInstallation(invitedBy)
                                    ? messages.getMessage("operator.mail.invite.byInstallation", null, locale)
                                    : invitedBy,
                            invitation.setupUrl()
                        },
                        locale),
                "operator-invitation"));
        return invitation;
    }
}
