package sn.xaalis.payment;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import sn.xaalis.provider.Provider;

/**
 * @param validity how long a customer has to pay (D6)
 * @param currencies accepted currency codes (D3)
 * @param maxAmount the largest amount accepted (D2), for every provider without its own
 * @param maxAmounts the largest amount per provider where it differs (D2: configurable per provider)
 * @param minAmounts the smallest amount per provider where it differs from the provider's own floor
 *     ({@link Provider#minimumAmount()}: 10 for MOBILEMONEY_SN, else SPEC's 0.01)
 * @param jobInterval how often expiry and sandbox automation look for work
 * @param sandboxMagicDelay how long after initiation a magic sandbox phone number resolves (D13)
 * @param reconcileAfter how old a live PROCESSING payment gets before we ask its provider (missed callbacks)
 * @param reconcileMaxInterval the longest pause between two such checks (the back-off doubles up to it)
 * @param expiryGrace how long past its deadline a payment waits for an unreachable provider before expiring
 */
@ConfigurationProperties("xaalis.payments")
public record PaymentProperties(
        @DefaultValue("PT15M") Duration validity,
        @DefaultValue("XOF") List<String> currencies,
        @DefaultValue("100000000.00") BigDecimal maxAmount,
        Map<Provider, BigDecimal> maxAmounts,
        Map<Provider, BigDecimal> minAmounts,
        @DefaultValue("PT1S") Duration jobInterval,
        @DefaultValue("PT3S") Duration sandboxMagicDelay,
        @DefaultValue("PT2M") Duration reconcileAfter,
        @DefaultValue("PT30M") Duration reconcileMaxInterval,
        @DefaultValue("PT15M") Duration expiryGrace) {

    public PaymentProperties {
        if (jobInterval == null || !jobInterval.isPositive()) {
            // Zero would turn expiry off, not make it continuous.
            throw new IllegalArgumentException("xaalis.payments.job-interval must be positive, not " + jobInterval);
        }
    }

    public BigDecimal maxAmount(@Nullable Provider provider) {
        BigDecimal own = maxAmounts == null || provider == null ? null : maxAmounts.get(provider);
        return own != null ? own : maxAmount;
    }

    /** The smallest amount the provider takes; never below SPEC's 0.01, which {@link Amounts} checks first. */
    public BigDecimal minAmount(@Nullable Provider provider) {
        if (provider == null) {
            return Amounts.MINIMUM;
        }
        BigDecimal own = minAmounts == null ? null : minAmounts.get(provider);
        return own != null ? own : provider.minimumAmount();
    }
}
