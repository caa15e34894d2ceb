package sn.xaalis.payout;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import sn.xaalis.provider.Provider;

/**
 * @param maxAmount the largest single payout
 * @param maxDailyAmount the operator's maximum for an application's daily amount cap (the merchant sets its
 *     own, at most this)
 * @param maxDailyCount the operator's maximum for an application's daily number of payouts
 * @param jobInterval how often payouts are sent and settled: short, so a provider's pace goes out in small
 *     bursts (bench M9: the payment API's p99 beside a 200/s drain read 98 ms at 0.2 s, 179 ms at 1 s)
 * @param pace payouts sent per second per provider, on each node (default 20 for the wallet, 10 for the
 *     operator: the operator's sandbox allows 60 calls a minute and neither publishes a production limit)
 * @param checkAfter how long an unanswered payout waits before its provider is asked about it
 * @param reviewAfter how long a payout may stay unknown, asked about again and again, before it is left
 *     to the merchant's review
 * @param sandboxDelay how long a sandbox payout takes to be answered
 * @param watchFor how long a successful payout its provider can reverse is still asked about (the wallet
 *     allows a reversal within 3 days)
 * @param watchEvery how often it is asked about meanwhile
 * @param bulkMaxLines the most lines a bulk payout file may hold
 * @param feeEstimate the share of the amount each provider is expected to charge, shown before a bulk file
 *     is confirmed (the wallet's published 1 % by default; none known for the operator); the fee each
 *     payout records is the provider's own
 */
@ConfigurationProperties("xaalis.payouts")
public record PayoutProperties(
        @DefaultValue("2000000") BigDecimal maxAmount,
        @DefaultValue("50000000") BigDecimal maxDailyAmount,
        @DefaultValue("20000") int maxDailyCount,
        @DefaultValue("PT0.2S") Duration jobInterval,
        Map<Provider, Integer> pace,
        @DefaultValue("PT30S") Duration checkAfter,
        @DefaultValue("PT24H") Duration reviewAfter,
        @DefaultValue("PT1S") Duration sandboxDelay,
        @DefaultValue("P3DT1H") Duration watchFor,
        @DefaultValue("PT6H") Duration watchEvery,
        @DefaultValue("10000") int bulkMaxLines,
        Map<Provider, BigDecimal> feeEstimate) {

    public PayoutProperties {
        if (jobInterval == null || !jobInterval.isPositive()) {
            throw new IllegalArgumentException("xaalis.payouts.job-interval must be positive, not " + jobInterval);
        }
        if (maxAmount.signum() <= 0 || maxDailyAmount.signum() <= 0 || maxDailyCount <= 0) {
            throw new IllegalArgumentException("xaalis.payouts maximums must be positive");
        }
    }

    /** The expected fee of {@code amount} sent with {@code provider}, or null when none is known. */
    public @Nullable BigDecimal estimatedFee(Provider provider, BigDecimal amount) {
        BigDecimal rate = feeEstimate == null ? null : feeEstimate.get(provider);
        if (rate == null && provider == Provider.WALLET_SN) {
            rate = new BigDecimal("0.01");
        }
        return rate == null ? null : amount.multiply(rate).setScale(0, RoundingMode.CEILING);
    }

    /** Payouts per second a node sends with this provider. */
    public int pace(Provider provider) {
        Integer own = pace == null ? null : pace.get(provider);
        if (own != null && own > 0) {
            return own;
        }
        return provider == Provider.WALLET_SN ? 20 : 10;
    }
}
