package sn.xaalis.ledger;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.provider.Provider;

/**
 * A merchant's pricing as the operator set it, beside the installation's defaults that apply where it
 * set nothing.
 *
 * @param providers the merchant's own rule per provider (providers left out follow {@code defaultRule})
 * @param availabilityDays the merchant's own delay, or null for {@code defaultAvailabilityDays}
 */
public record PricingPlan(
        MerchantId merchantId,
        Map<Provider, FeeRule> providers,
        @Nullable Integer availabilityDays,
        FeeRule defaultRule,
        int defaultAvailabilityDays) {}
