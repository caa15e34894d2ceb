package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.provider.Provider;

/**
 * An operator's change of a merchant's pricing plan, from the console or the admin API: the plan replaced
 * and the change in the audit trail with the plan before and after, in one transaction.
 */
@Service
public class PricingChanges {

    private final PricingPlans plans;
    private final AuditTrail audit;

    PricingChanges(PricingPlans plans, AuditTrail audit) {
        this.plans = plans;
        this.audit = audit;
    }

    /** Replaces the merchant's whole plan ({@link PricingPlans#replace}) and audits the change. */
    @Transactional
    public PricingPlan replace(
            MerchantId merchantId, Map<Provider, FeeRule> rules, @Nullable Integer availabilityDays) {
        PricingPlan before = plans.plan(merchantId);
        PricingPlan after = plans.replace(merchantId, rules, availabilityDays);
        audit.record(
                "ledger.pricing.changed", merchantId.value(), merchantId.toString(), audited(before), audited(after));
        return after;
    }

    /**
     * A plan as the trail keeps it: each provider's own rule ({@code fees_WALLET_SN}: percent, fixed, min,
     * max) or {@code default}, and the merchant's own availability delay or {@code default}. The trail keeps
     * only the fields that changed.
     */
    private static Map<String, Object> audited(PricingPlan plan) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (Provider provider : Provider.values()) {
            FeeRule rule = plan.providers().get(provider);
            if (rule == null) {
                fields.put("fees_" + provider.name(), "default");
            } else {
                Map<String, String> said = new LinkedHashMap<>();
                said.put("percent", rule.percent().stripTrailingZeros().toPlainString());
                said.put("fixed", rule.fixed().stripTrailingZeros().toPlainString());
                said.put("min", rule.min().stripTrailingZeros().toPlainString());
                BigDecimal max = rule.max();
                said.put("max", max == null ? "—" : max.stripTrailingZeros().toPlainString());
                fields.put("fees_" + provider.name(), said);
            }
        }
        Integer days = plan.availabilityDays();
        fields.put("availability_days", days == null ? "default" : days);
        return fields;
    }
}
