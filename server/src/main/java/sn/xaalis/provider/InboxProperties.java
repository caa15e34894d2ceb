package sn.xaalis.provider;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The provider events' inbox ({@link ProviderInbox}).
 *
 * @param interval how often each node looks for events to act on; zero turns the job off on this node
 * @param lease how long a node's claim on an event lasts: a crashed node's events are acted on by
 *     another after it. Longer than acting on a batch takes, provider calls and their retries included.
 * @param retryAfter the first pause before acting again on an event whose provider could not be asked
 *     (doubled at every attempt)
 * @param retryMaxInterval the longest such pause
 * @param giveUpAfter how long an event is retried before it is given up (reconciliation and expiry
 *     still settle its payment)
 * @param keepDone how long an event acted on is kept, so that the provider's retries of it are known
 */
@ConfigurationProperties("xaalis.providers.inbox")
public record InboxProperties(
        @DefaultValue("PT1S") Duration interval,
        @DefaultValue("PT5M") Duration lease,
        @DefaultValue("PT10S") Duration retryAfter,
        @DefaultValue("PT10M") Duration retryMaxInterval,
        @DefaultValue("P1D") Duration giveUpAfter,
        @DefaultValue("P7D") Duration keepDone) {

    public InboxProperties {
        if (interval == null || interval.isNegative()) {
            throw new IllegalArgumentException("xaalis.providers.inbox.interval must not be negative, not " + interval);
        }
        if (lease == null || !lease.isPositive() || retryAfter == null || !retryAfter.isPositive()) {
            throw new IllegalArgumentException("xaalis.providers.inbox.lease and retry-after must be positive");
        }
    }
}
