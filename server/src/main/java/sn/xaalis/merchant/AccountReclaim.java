package sn.xaalis.merchant;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.platform.Timestamps;

/**
 * An unconfirmed self-service account taken back by its address's owner with a link sent to that address
 * (a password reset): whoever signed up with the address before them may have set things up to keep a
 * hold on the account, so the team (members and invitations), the holder's authenticator, the live keys
 * and, through {@link MerchantReclaimed}, the payment accounts go; the link proved the address, which
 * counts as confirmed from then on. A confirmed account is left as it is.
 */
@Service
public class AccountReclaim {

    private final Merchants merchants;
    private final Members members;
    private final ApiKeys apiKeys;
    private final MerchantCaches caches;
    private final ApplicationEventPublisher events;
    private final AuditTrail audit;
    private final Clock clock;

    AccountReclaim(
            Merchants merchants,
            Members members,
            ApiKeys apiKeys,
            MerchantCaches caches,
            ApplicationEventPublisher events,
            AuditTrail audit,
            Clock clock) {
        this.merchants = merchants;
        this.members = members;
        this.apiKeys = apiKeys;
        this.caches = caches;
        this.events = events;
        this.audit = audit;
        this.clock = clock;
    }

    /**
     * In the caller's transaction (the password's change by the link), before it commits.
     *
     * @return the members removed, whose sessions the caller ends once committed; empty for a confirmed account
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public List<MemberId> reclaim(MerchantId merchantId, AuditActor by) {
        Merchants.Row merchant = merchants.find(merchantId).orElseThrow(MerchantRefusal.NoSuchMerchant::new);
        Instant now = Timestamps.truncate(clock.instant());
        // The conditional update decides: of two links used at once, one reclaims.
        if (!merchants.confirmEmail(merchantId, merchant.email(), now)) {
            return List.of();
        }
        List<MemberId> removed = members.removeAll(merchantId, now);
        boolean twoFactor = merchants.totpEnabled(merchantId);
        merchants.setTotp(merchantId, null);
        int liveKeys = apiKeys.revokeLive(merchantId, now);
        if (liveKeys > 0) {
            caches.forget();
        }
        events.publishEvent(new MerchantReclaimed(merchantId));
        audit.recordAs(
                by,
                "merchant.reclaimed",
                merchantId.value(),
                merchantId.toString(),
                Map.of(
                        "email_confirmed",
                        false,
                        "members",
                        removed.size(),
                        "two_factor",
                        twoFactor,
                        "live_keys",
                        liveKeys),
                Map.of("email_confirmed", true, "members", 0, "two_factor", false, "live_keys", 0));
        return removed;
    }
}
