package sn.xaalis.payment;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/**
 * Figures for the merchant dashboard, read from the rollups that initiations and status changes keep
 * ({@link PaymentRollups}): whole hours only, so the cost follows the period asked for, never the
 * number of payments in it (D24), plus the changes still queued for them.
 */
@Service
public class PaymentStatistics {

    private static final long SECONDS_PER_HOUR = 3600;

    // The whole hours from the first one at or after :since (the rollups, and the changes queued for
    // them), plus the payments of the part-hour before it (a time zone whose midnight is not a whole
    // UTC hour) from the listing index: in one statement, so all of it is read from one snapshot.
    private static final String WHOLE_HOURS = "SELECT status, provider, payment_count AS n, amount AS a"
            + " FROM payment_rollups"
            + " WHERE application_id IN (:apps) AND environment = :env AND created_hour >= :fromHour"
            // Each queued row once: +1 in to_status and, for a change, -1 in from_status.
            + " UNION ALL SELECT CASE WHEN m.n = 1 THEN q.to_status ELSE q.from_status END, q.provider, m.n,"
            + " m.n * q.amount FROM payment_rollup_queue q CROSS JOIN (VALUES (1), (-1)) AS m (n)"
            + " WHERE q.application_id IN (:apps) AND q.environment = :env AND q.created_hour >= :fromHour"
            + " AND (m.n = 1 OR q.from_status IS NOT NULL)";
    private static final String PART_HOUR = " UNION ALL SELECT status, provider, 1, amount FROM payments"
            + " WHERE application_id IN (:apps) AND environment = :env AND created_at >= :since AND created_at < :edge";
    private static final String GROUPED = ") figures GROUP BY status, provider HAVING SUM(n) <> 0";
    // A period starting on a whole hour (every midnight of West Africa's zones) reads no payment at
    // all: not even an empty range of the listing index, which a planner with stale statistics has
    // been seen to look for in an index where it must scan the application's whole history.
    private static final String SUMMARY =
            "SELECT status, provider, SUM(n) AS payment_count, SUM(a) AS total_amount FROM (" + WHOLE_HOURS + GROUPED;
    private static final String SUMMARY_WITH_PART_HOUR =
            "SELECT status, provider, SUM(n) AS payment_count, SUM(a) AS total_amount FROM (" + WHOLE_HOURS + PART_HOUR
                    + GROUPED;
    private static final String DAILY = "SELECT h, SUM(a) AS total_amount FROM ("
            + "SELECT paid_hour AS h, amount AS a FROM paid_rollups WHERE application_id IN (:apps)"
            + " AND environment = :env AND paid_hour >= :from AND paid_hour < :to"
            + " UNION ALL SELECT paid_hour, paid * amount FROM payment_rollup_queue WHERE application_id IN (:apps)"
            + " AND environment = :env AND paid <> 0 AND paid_hour >= :from AND paid_hour < :to"
            + ") collected GROUP BY h";

    private final JdbcClient jdbc;

    PaymentStatistics(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Payments created in a period: how many per status and per provider, and what was collected. */
    public record Summary(
            Map<PaymentStatus, Long> byStatus, Map<Provider, Long> byProvider, long total, BigDecimal collected) {}

    /** Collected (SUCCESS) amount of one day in the merchant's time zone. */
    public record Day(LocalDate date, BigDecimal collected) {}

    /** Payments created at or after {@code since}, whatever their status now. */
    public Summary summary(Set<ApplicationId> applicationIds, Environment environment, Instant since) {
        Map<PaymentStatus, Long> byStatus = new EnumMap<>(PaymentStatus.class);
        Map<Provider, Long> byProvider = new EnumMap<>(Provider.class);
        BigDecimal[] collected = {BigDecimal.ZERO};
        long[] total = {0};
        if (!applicationIds.isEmpty()) {
            long fromHour = Math.ceilDiv(since.getEpochSecond() + (since.getNano() > 0 ? 1 : 0), SECONDS_PER_HOUR);
            Instant edge = Instant.ofEpochSecond(fromHour * SECONDS_PER_HOUR);
            boolean partHour = since.isBefore(edge);
            var query = jdbc.sql(partHour ? SUMMARY_WITH_PART_HOUR : SUMMARY)
                    .param(
                            "apps",
                            applicationIds.stream().map(ApplicationId::value).toList())
                    .param("env", environment.value())
                    .param("fromHour", fromHour);
            if (partHour) {
                query = query.param("since", Timestamps.toDatabase(since)).param("edge", Timestamps.toDatabase(edge));
            }
            query.query((rs, n) -> {
                        PaymentStatus status = PaymentStatus.valueOf(rs.getString("status"));
                        Provider provider = Provider.valueOf(rs.getString("provider"));
                        long count = rs.getLong("payment_count");
                        byStatus.merge(status, count, Long::sum);
                        byProvider.merge(provider, count, Long::sum);
                        total[0] += count;
                        if (status == PaymentStatus.SUCCESS) {
                            collected[0] = collected[0].add(rs.getBigDecimal("total_amount"));
                        }
                        return null;
                    })
                    .list();
        }
        return new Summary(byStatus, byProvider, total[0], collected[0].setScale(2));
    }

    /**
     * One entry per day of {@code zone} from {@code from} to {@code to} inclusive: what the payments that
     * are SUCCESS now collected, by the local day of their {@code paid_at}; zero where nothing was
     * collected. The rollups count whole UTC hours, so each hour goes to the local day its start falls
     * in: exact for a zone whose offset is a whole number of hours (its midnights are hour starts); in a
     * half-hour zone (Asia/Kolkata, America/St_Johns) a day's boundary falls inside an hour, and that
     * hour counts wholly on the day it starts in. Reads at most the hours of the days asked for.
     */
    public List<Day> dailyCollected(
            Set<ApplicationId> applicationIds, Environment environment, LocalDate from, LocalDate to, ZoneId zone) {
        Map<LocalDate, BigDecimal> byDay = new HashMap<>();
        if (!applicationIds.isEmpty()) {
            // The hours that start within [from's midnight, the midnight after to) in the zone.
            long fromHour = Math.ceilDiv(from.atStartOfDay(zone).toEpochSecond(), SECONDS_PER_HOUR);
            long toHour = Math.ceilDiv(to.plusDays(1).atStartOfDay(zone).toEpochSecond(), SECONDS_PER_HOUR);
            jdbc.sql(DAILY)
                    .param(
                            "apps",
                            applicationIds.stream().map(ApplicationId::value).toList())
                    .param("env", environment.value())
                    .param("from", fromHour)
                    .param("to", toHour)
                    .query((rs, n) -> byDay.merge(
                            LocalDate.ofInstant(Instant.ofEpochSecond(rs.getLong("h") * SECONDS_PER_HOUR), zone),
                            rs.getBigDecimal("total_amount"),
                            BigDecimal::add))
                    .list();
        }
        List<Day> days = new ArrayList<>();
        for (LocalDate day = from; !day.isAfter(to); day = day.plusDays(1)) {
            days.add(new Day(day, byDay.getOrDefault(day, BigDecimal.ZERO).setScale(2)));
        }
        return days;
    }
}
