package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param defaultPricing the plan of every merchant and provider the operator has not priced: none by
 *     default, so an installation that does not run as an aggregator takes no fee
 * @param availabilityDays how many Dakar days after its payment a merchant's money becomes available
 *     (at midnight, Dakar time), for merchants without their own delay
 * @param refundReturnsFee whether a refund gives the merchant its fee back (by default the fee is kept)
 * @param allowNegativeBalance whether a refund larger than the merchant's available balance may take it
 *     below zero (later credits then pay it back first); by default such a refund is refused
 * @param refundClaim how long a refund request asks the provider alone: past it, a request that crashed
 *     meanwhile is taken over by the next one, with the money it set aside
 * @param jobInterval how often the availability job looks for pending money that has come due
 * @param jobBatch how many payments' pending money one transaction of the job releases at most
 */
@ConfigurationProperties("xaalis.ledger")
public record LedgerProperties(
        @DefaultValue Pricing defaultPricing,
        @DefaultValue("1") int availabilityDays,
        @DefaultValue("false") boolean refundReturnsFee,
        @DefaultValue("false") boolean allowNegativeBalance,
        @DefaultValue("PT2M") Duration refundClaim,
        @DefaultValue("PT1M") Duration jobInterval,
        @DefaultValue("2000") int jobBatch) {

    /** The default plan, as the properties write it. */
    public record Pricing(
            @DefaultValue("0") BigDecimal percent,
            @DefaultValue("0") BigDecimal fixed,
            @DefaultValue("0") BigDecimal min,
            @Nullable BigDecimal max) {

        FeeRule rule() {
            return new FeeRule(percent, fixed, min, max);
        }
    }

    public LedgerProperties {
        if (availabilityDays < 0) {
            throw new IllegalArgumentException("xaalis.ledger.availability-days must be 0 or more");
        }
        if (jobBatch < 1) {
            throw new IllegalArgumentException("xaalis.ledger.job-batch must be 1 or more");
        }
        // Checked at start-up: a wrong default plan fails the node, not the first payment.
        defaultPricing.rule();
    }
}
