package sn.xaalis.merchant;

import java.time.Clock;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.platform.Timestamps;

/** The operator's approval of a merchant for live payments, and its withdrawal (D16). */
@Service
public class LiveApprovals {

    private final Merchants merchants;
    private final MerchantCaches caches;
    private final Clock clock;

    LiveApprovals(Merchants merchants, MerchantCaches caches, Clock clock) {
        this.merchants = merchants;
        this.caches = caches;
        this.clock = clock;
    }

    /** The operator approves a merchant for live payments, or approves it again after a withdrawal. */
    @Transactional
    public LiveApproval approve(MerchantId merchantId) {
        if (!merchants.approve(merchantId, Timestamps.truncate(clock.instant()))) {
            throw new MerchantRefusal.NoSuchMerchant();
        }
        caches.forget();
        return approval(merchantId);
    }

    /** The operator withdraws its approval: the merchant's live payments are refused from now on. */
    @Transactional
    public LiveApproval withdrawApproval(MerchantId merchantId) {
        if (!merchants.withdrawApproval(merchantId, Timestamps.truncate(clock.instant()))) {
            throw new MerchantRefusal.NoSuchMerchant();
        }
        caches.forget();
        return approval(merchantId);
    }

    public LiveApproval approval(MerchantId merchantId) {
        return merchants.approval(merchantId).orElseThrow(MerchantRefusal.NoSuchMerchant::new);
    }
}
