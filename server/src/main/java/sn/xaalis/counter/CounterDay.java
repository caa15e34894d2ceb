package sn.xaalis.counter;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Set;
import org.springframework.stereotype.Service;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.payment.PaymentStatistics;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.platform.ApplicationId;

/**
 * A till's day, in the merchant's time zone: its latest payments and what it collected. Both reads are
 * bounded by the day, never by the merchant's history (D24): the listing index from midnight, stopping
 * after {@link #LATEST} rows, and the hourly rollups of today's hours.
 */
@Service
class CounterDay {

    static final int LATEST = 20;

    private final PaymentQueries queries;
    private final PaymentStatistics statistics;
    private final Clock clock;

    CounterDay(PaymentQueries queries, PaymentStatistics statistics, Clock clock) {
        this.queries = queries;
        this.statistics = statistics;
        this.clock = clock;
    }

    /**
     * @param latest the day's payments, newest first, at most {@link #LATEST}
     * @param collected what the day's payments that succeeded brought in
     * @param paid how many of them succeeded
     */
    record Day(LocalDate date, List<Payment> latest, BigDecimal collected, long paid) {}

    Day of(Till till, ZoneId zone) {
        LocalDate today = LocalDate.ofInstant(clock.instant(), zone);
        Instant midnight = today.atStartOfDay(zone).toInstant();
        Instant nextMidnight = today.plusDays(1).atStartOfDay(zone).toInstant();
        Set<ApplicationId> application = Set.of(till.application().id());
        List<Payment> latest = queries.search(
                application, till.environment(), new PaymentFilter(null, null, midnight, nextMidnight, null), LATEST);
        var summary = statistics.summary(application, till.environment(), midnight);
        return new Day(today, latest, summary.collected(), summary.byStatus().getOrDefault(PaymentStatus.SUCCESS, 0L));
    }
}
