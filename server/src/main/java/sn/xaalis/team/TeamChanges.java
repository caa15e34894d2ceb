package sn.xaalis.team;

import java.util.Locale;
import java.util.Optional;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
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
import sn.xaalis.ratelimit.PublicBudgets;
import sn.xaalis.ratelimit.RateLimiter;

/**
 * What an owner does to the team, with what follows from it: an invitation's e-mail written to the
 * outbox in the invitation's transaction; a removed member's or a member's whose role changed sessions
 * ended on every node once the change committed, so the next request of theirs signs in again (with
 * the new role, or not at all). The changes themselves and their audit are {@link MerchantMembers}'.
 * Invitations are e-mails to addresses an owner chooses: so many per merchant, for the whole cluster.
 */
@Service
@EnableConfigurationProperties(TeamProperties.class)
class TeamChanges {

    /** The merchant's invitations for now are spent: nothing was created or sent. */
    static final class TooManyInvitations extends RuntimeException {
        private final long retryAfterSeconds;

        TooManyInvitations(long retryAfterSeconds) {
            super("Too many invitations", null, false, false);
            this.retryAfterSeconds = retryAfterSeconds;
        }

        long retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }

    private static final String ROLE_MESSAGE_KEY_PREFIX = "team.role.";

    private final MerchantMembers members;
    private final MailOutbox outbox;
    private final OtherSessions sessions;
    private final MessageSource messages;
    private final PublicBaseUrl baseUrl;
    private final PublicBudgets.Budget invitations;

    TeamChanges(
            MerchantMembers members,
            MailOutbox outbox,
            OtherSessions sessions,
            MessageSource messages,
            PublicBaseUrl baseUrl,
            PublicBudgets budgets,
            TeamProperties properties) {
        this.invitations = budgets.budget("team-invitations-per-merchant", properties.invitationsPerMerchant());
        this.members = members;
        this.outbox = outbox;
        this.sessions = sessions;
        this.messages = messages;
        this.baseUrl = baseUrl;
    }

    /**
     * Invites and e-mails the link, in {@code locale}'s language (the inviting owner's). An address that
     * already signs in to another account gets a word saying so instead, and the owner the same answer.
     *
     * @return the invitation's link, for an installation whose e-mails cannot leave (the owner passes it on);
     *     none for an address that signs in elsewhere
     * @throws TooManyInvitations when the merchant's invitations are spent for now (nothing is kept)
     */
    @Transactional
    Optional<String> invite(PortalUser owner, String email, String role, Locale locale) {
        MerchantMembers.Invited invited = members.invite(owner.merchantId(), email, role, owner.email());
        // Spent by valid invitations only, either kind alike; a refusal rolls the invitation back.
        RateLimiter.Decision allowed = invitations.spend(owner.merchantId().toString());
        if (!allowed.allowed()) {
            throw new TooManyInvitations(allowed.retryAfterSeconds());
        }
        String merchant = members.holder(owner.merchantId()).name();
        return switch (invited) {
            case MerchantMembers.Invitation invitation -> {
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
                                            ROLE_MESSAGE_KEY_PREFIX
                                                    + invitation.role().code(),
                                            null,
                                            locale),
                                    link,
                                    MerchantMembers.INVITATION_VALIDITY.toDays()
                                },
                                locale),
                        "team-invitation"));
                yield Optional.of(link);
            }
            case MerchantMembers.LoginElsewhere elsewhere -> {
                outbox.enqueue(new Mail(
                        elsewhere.email(),
                        messages.getMessage("team.mail.taken.subject", new Object[] {merchant}, locale),
                        messages.getMessage("team.mail.taken.body", new Object[] {owner.name(), merchant}, locale),
                        "team-invitation"));
                yield Optional.empty();
            }
        };
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
