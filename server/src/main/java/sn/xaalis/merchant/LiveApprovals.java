package sn.xaalis.merchant;

import java.time.Clock;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.platform.Timestamps;

/** The operator's approval of a merchant for live payments, and its withdrawal (D16). */
@Service
public class LiveApprovals {

    private final Merchants merchants;
    private final MerchantCaches caches;
    private final AuditTrail audit;
    private final Clock clock;

    LiveApprovals(Merchants merchants, MerchantCaches caches, AuditTrail audit, Clock clock) {
        this.audit = audit;
        this.merchants = merchants;
        this.caches = caches;
        this.clock = clock;
    }

    /** The operator approves a merchant for live payments, or approves it again after a withdrawal. */
    @Transactional
    public LiveApproval approve(MerchantId merchantId) {
        LiveApproval before = approval(merchantId);
        if (!merchants.approve(merchantId, Timestamps.truncate(clock.instant()))) {
            throw new MerchantRefusal.NoSuchMerchant();
        }
        caches.forget();
        return audited(merchantId, before, approval(merchantId));
    }

    /** The operator withdraws its approval: the merchant's live payments are refused from now on. */
    @Transactional
    public LiveApproval withdrawApproval(MerchantId merchantId) {
        LiveApproval before = approval(merchantId);
        if (!merchants.withdrawApproval(merchantId, Timestamps.truncate(clock.instant()))) {
            throw new MerchantRefusal.NoSuchMerchant();
        }
        caches.forget();
        return audited(merchantId, before, approval(merchantId));
    }

    private LiveApproval audited(MerchantId merchantId, LiveApproval before, LiveApproval after) {
        audit.record(
                "merchant.approval.changed",
                merchantId.value(),
                merchantId.toString(),
                java.util.Map.of("approval", before.state().value()),
                java.util.Map.of("approval", after.state().value()));
        return after;
    }

    public LiveApproval approval(MerchantId merchantId) {
        return merchants.approval(merchantId).orElseThrow(MerchantRefusal.NoSuchMerchant::new);
    }
}
