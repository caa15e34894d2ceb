package sn.xaalis.ratelimit;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The budgets of the pages anyone may use without an account (D29), each for the whole cluster and
 * never taken from a merchant's API budget: per client address (from trusted proxies only) and per
 * link or payment. A customer behind an operator's NAT shares an address with many others, so the
 * per-address ones are generous; what stops a flood at a provider is the per-link budget.
 *
 * @param linkPaymentsPerAddress payments started from payment links by one client address
 * @param linkPaymentsPerLink payments started from one link, whatever the address (a link's own
 *     hourly cap, when its merchant set one, applies as well)
 * @param hostedPagePerAddress the hosted page's status reads and "continue" by one client address
 * @param hostedPagePerPayment the same for one payment (its page polls every few seconds)
 * @param signInPerAddress sign-in attempts from one client address, on top of the failures' throttle
 * @param passwordResetPerAddress forgotten-password requests from one client address
 * @param passwordResetPerEmail forgotten-password requests for one typed address, whoever asks (an
 *     account gets one e-mail every two minutes at most in any case)
 */
@ConfigurationProperties("xaalis.public-limits")
public record PublicLimits(
        @DefaultValue("20/1m") Allowance linkPaymentsPerAddress,
        @DefaultValue("60/1m") Allowance linkPaymentsPerLink,
        @DefaultValue("300/1m") Allowance hostedPagePerAddress,
        @DefaultValue("60/1m") Allowance hostedPagePerPayment,
        @DefaultValue("60/1m") Allowance signInPerAddress,
        @DefaultValue("10/1h") Allowance passwordResetPerAddress,
        @DefaultValue("5/1h") Allowance passwordResetPerEmail) {}
