package sn.xaalis.team;

import java.util.Locale;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.mail.Mail;
import sn.xaalis.mail.MailOutbox;
import sn.xaalis.merchant.MemberId;
import sn.xaalis.merchant.MerchantMembers;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.portal.OtherSessions;
import sn.xaalis.portal.PortalUser;

/**
 * What an owner does to the team, with what follows from it: an invitation's e-mail written to the
 * outbox in the invitation's transaction; a removed member's or a member's whose role changed sessions
 * ended on every node once the change committed, so the next request of theirs signs in again (with
 * the new role, or not at all). The changes themselves and their audit are {@link MerchantMembers}'.
 */
@Service
class TeamChanges {

    private static final String ROLE_MESSAGE_KEY_PREFIX = "team.role.";

    private final MerchantMembers members;
    private final MailOutbox outbox;
    private final OtherSessions sessions;
    private final MessageSource messages;
    private final PublicBaseUrl baseUrl;

    TeamChanges(
            MerchantMembers members,
            MailOutbox outbox,
            OtherSessions sessions,
            MessageSource messages,
            PublicBaseUrl baseUrl) {
        this.members = members;
        this.outbox = outbox;
        this.sessions = sessions;
        this.messages = messages;
        this.baseUrl = baseUrl;
    }

    /** Invites and e-mails the link, in {@code locale}'s language (the inviting owner's). */
    @Transactional
    MerchantMembers.Invitation invite(PortalUser owner, String email, String role, Locale locale) {
        MerchantMembers.Invitation invitation = members.invite(owner.merchantId(), email, role, owner.email());
        String merchant = members.holder(owner.merchantId()).name();
        String link = baseUrl.value() + "/portal/team/join/" + invitation.token();
        outbox.enqueue(new Mail(
                invitation.email(),
                messages.getMessage("team.mail.subject", new Object[] {merchant}, locale),
                messages.getMessage(
                        "team.mail.body",
                        new Object[] {
                            owner.name(),
                            merchant,
                            messages.getMessage(
                                    ROLE_MESSAGE_KEY_PREFIX + invitation.role().code(), null, locale),
                            link,
                            MerchantMembers.INVITATION_VALIDITY.toDays()
                        },
                        locale),
                "team-invitation"));
        return invitation;
    }

    void changeRole(PortalUser owner, MemberId member, String role) {
        if (members.changeRole(owner.merchantId(), member, role)) {
            sessions.endAll(member);
        }
    }

    void remove(PortalUser owner, MemberId member) {
        members.remove(owner.merchantId(), member);
        sessions.endAll(member);
    }
}
