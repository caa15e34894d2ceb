package sn.xaalis.portal;

import java.math.BigDecimal;
import java.util.Map;
import sn.xaalis.payment.PaymentStatistics;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.provider.Provider;

/**
 * A dashboard card's figures in a shop owner's terms: what was collected and from how many payments,
 * then apart those still awaited, those that did not go through (failed, cancelled or expired) and those
 * paid back.
 */
record PeriodFigures(
        BigDecimal collected,
        long paid,
        long pending,
        long unsuccessful,
        long refunded,
        Map<Provider, Long> byProvider) {

    static PeriodFigures of(PaymentStatistics.Summary summary) {
        Map<PaymentStatus, Long> by = summary.byStatus();
        return new PeriodFigures(
                summary.collected(),
                count(by, PaymentStatus.SUCCESS),
                count(by, PaymentStatus.PROCESSING),
                count(by, PaymentStatus.FAILED) + count(by, PaymentStatus.CANCELLED) + count(by, PaymentStatus.EXPIRED),
                count(by, PaymentStatus.REFUNDED),
                summary.byProvider());
    }

    public long total() {
        return paid + pending + unsuccessful + refunded;
    }

    private static long count(Map<PaymentStatus, Long> byStatus, PaymentStatus status) {
        return byStatus.getOrDefault(status, 0L);
    }
}
