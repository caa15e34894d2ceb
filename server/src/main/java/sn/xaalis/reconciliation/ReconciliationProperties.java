package sn.xaalis.reconciliation;

import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param checkInterval how often each node looks whether today's (Dakar) ledger check has run; zero turns
 *     the daily check off (the on-demand one stays)
 * @param lease how long a daily run may go without a result before another node's pass takes it over (a
 *     node that crashed mid-run)
 * @param listLimit how many rows of each kind of break a check keeps and returns (the counts are whole)
 * @param paymentsSince when set, only payments paid at or after it must have their postings: an
 *     installation that collected before it ran the ledger sets the day it upgraded
 * @param accountsInterval how often each node looks whether today's (Dakar) reconciliation of the
 *     installation's provider accounts has run; zero turns the daily run off (the on-demand one stays)
 */
@ConfigurationProperties("xaalis.reconciliation")
public record ReconciliationProperties(
        @DefaultValue("PT10M") Duration checkInterval,
        @DefaultValue("PT1H") Duration lease,
        @DefaultValue("100") int listLimit,
        @Nullable Instant paymentsSince,
        @DefaultValue("PT10M") Duration accountsInterval) {

    public ReconciliationProperties {
        if (listLimit < 1 || listLimit > 10_000) {
            throw new IllegalArgumentException("xaalis.reconciliation.list-limit must be from 1 to 10000");
        }
        if (lease.isNegative() || lease.isZero()) {
            throw new IllegalArgumentException("xaalis.reconciliation.lease must be positive");
        }
    }
}
