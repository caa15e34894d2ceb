package sn.xaalis.merchant;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.platform.Timestamps;

/**
 * The operator's approval of a merchant for live payments, and its withdrawal (D16): a suspension, with
 * a cause and the operator's words, told to the merchant by e-mail, as is its lifting.
 */
@Service
public class LiveApprovals {

    private final Merchants merchants;
    private final MerchantCaches caches;
    private final SuspensionNotices notices;
    private final AuditTrail audit;
    private final Clock clock;

    LiveApprovals(
            Merchants merchants, MerchantCaches caches, SuspensionNotices notices, AuditTrail audit, Clock clock) {
        this.audit = audit;
        this.merchants = merchants;
        this.caches = caches;
        this.notices = notices;
        this.clock = clock;
    }

    /**
     * The operator approves a merchant for live payments, or approves it again after a withdrawal (lifting
     * the suspension, which the merchant is told of).
     */
    @Transactional
    public LiveApproval approve(MerchantId merchantId) {
        LiveApproval before = approval(merchantId);
        Optional<Suspension> suspension = merchants.suspension(merchantId);
        Instant now = Timestamps.truncate(clock.instant());
        boolean lifted = suspension.isPresent() && merchants.lift(merchantId, now);
        if (!lifted && !merchants.approve(merchantId, now)) {
            throw new MerchantRefusal.NoSuchMerchant();
        }
        caches.forget();
        if (lifted) {
            notices.lifted(merchantId, suspension.orElseThrow());
        }
        return audited(merchantId, before, approval(merchantId), Map.of());
    }

    /**
     * The operator suspends a merchant: its live payments and payouts are refused from now on. Suspending
     * a merchant already suspended changes nothing (its first reason stays, it is told once).
     *
     * @param reason the operator's words, told to the merchant; null only from the admin API without a body
     * @param mailLanguage the language of the e-mails that tell the merchant
     * @throws MerchantRefusal.FieldsInvalid when the words are given but blank or too long
     */
    @Transactional
    public LiveApproval suspend(
            MerchantId merchantId, Suspension.Cause cause, @Nullable String reason, Locale mailLanguage) {
        if (reason != null) {
            Suspension.reasonProblem(reason).ifPresent(problem -> {
                throw new MerchantRefusal.FieldsInvalid(Map.of(
                        "reason",
                        java.util.List.of(
                                "blank".equals(problem)
                                        ? "must say why the merchant is suspended"
                                        : "must be at most " + Suspension.REASON_MAX + " characters")));
            });
        }
        LiveApproval before = approval(merchantId);
        Suspension suspension = new Suspension(
                Timestamps.truncate(clock.instant()),
                cause,
                reason == null ? null : reason.strip(),
                AuditTrail.currentActor().map(AuditActor::auditName).orElse(null),
                mailLanguage);
        if (!merchants.suspend(merchantId, suspension)) {
            return approval(merchantId); // already suspended, or NoSuchMerchant from approval()
        }
        caches.forget();
        notices.suspended(merchantId, suspension);
        Map<String, Object> why = new LinkedHashMap<>();
        why.put("cause", cause.value());
        if (suspension.reason() != null) {
            why.put("reason", suspension.reason());
        }
        return audited(merchantId, before, approval(merchantId), why);
    }

    private LiveApproval audited(
            MerchantId merchantId, LiveApproval before, LiveApproval after, Map<String, Object> why) {
        Map<String, Object> was = new LinkedHashMap<>();
        was.put("approval", before.state().value());
        Map<String, Object> is = new LinkedHashMap<>();
        is.put("approval", after.state().value());
        is.putAll(why);
        audit.record("merchant.approval.changed", merchantId.value(), merchantId.toString(), was, is);
        return after;
    }

    public LiveApproval approval(MerchantId merchantId) {
        return merchants.approval(merchantId).orElseThrow(MerchantRefusal.NoSuchMerchant::new);
    }

    /** The suspension in force, if the merchant is suspended: since when, why, and by whom. */
    public Optional<Suspension> suspension(MerchantId merchantId) {
        return merchants.suspension(merchantId);
    }
}
