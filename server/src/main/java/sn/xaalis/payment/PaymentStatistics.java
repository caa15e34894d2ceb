package sn.xaalis.payment;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/** Figures for the merchant dashboard, aggregated by the database rather than row by row. */
@Service
public class PaymentStatistics {

    private final JdbcClient jdbc;

    PaymentStatistics(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Payments created in a period: how many per status and per provider, and what was collected. */
    public record Summary(
            Map<PaymentStatus, Long> byStatus, Map<Provider, Long> byProvider, long total, BigDecimal collected) {}

    /** Collected (SUCCESS) amount of one UTC day. */
    public record Day(LocalDate date, BigDecimal collected) {}

    public Summary summary(Set<UUID> applicationIds, Environment environment, Instant since) {
        Map<PaymentStatus, Long> byStatus = new EnumMap<>(PaymentStatus.class);
        Map<Provider, Long> byProvider = new EnumMap<>(Provider.class);
        BigDecimal[] collected = {BigDecimal.ZERO};
        long[] total = {0};
        if (!applicationIds.isEmpty()) {
            jdbc.sql("SELECT status, provider, COUNT(*), COALESCE(SUM(amount), 0) FROM payments"
                            + " WHERE application_id IN (:apps) AND environment = :env AND created_at >= :since"
                            + " GROUP BY status, provider")
                    .param("apps", List.copyOf(applicationIds))
                    .param("env", environment.value())
                    .param("since", Timestamps.toDatabase(since))
                    .query((rs, n) -> {
                        PaymentStatus status = PaymentStatus.valueOf(rs.getString(1));
                        Provider provider = Provider.valueOf(rs.getString(2));
                        long count = rs.getLong(3);
                        byStatus.merge(status, count, Long::sum);
                        byProvider.merge(provider, count, Long::sum);
                        total[0] += count;
                        if (status == PaymentStatus.SUCCESS) {
                            collected[0] = collected[0].add(rs.getBigDecimal(4));
                        }
                        return null;
                    })
                    .list();
        }
        return new Summary(byStatus, byProvider, total[0], collected[0].setScale(2));
    }

    /** One entry per UTC day from {@code from} to {@code to} inclusive, zero where nothing was collected. */
    public List<Day> dailyCollected(Set<UUID> applicationIds, Environment environment, LocalDate from, LocalDate to) {
        Map<Long, BigDecimal> byDay = new HashMap<>();
        if (!applicationIds.isEmpty()) {
            jdbc.sql("SELECT FLOOR(EXTRACT(EPOCH FROM paid_at) / 86400) AS epoch_day, SUM(amount) FROM payments"
                            + " WHERE application_id IN (:apps) AND environment = :env AND status = 'SUCCESS'"
                            + " AND paid_at >= :from AND paid_at < :to GROUP BY epoch_day")
                    .param("apps", List.copyOf(applicationIds))
                    .param("env", environment.value())
                    .param("from", Timestamps.toDatabase(from.atStartOfDay().toInstant(ZoneOffset.UTC)))
                    .param(
                            "to",
                            Timestamps.toDatabase(to.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC)))
                    .query((rs, n) -> byDay.put(rs.getLong(1), rs.getBigDecimal(2)))
                    .list();
        }
        List<Day> days = new ArrayList<>();
        for (LocalDate day = from; !day.isAfter(to); day = day.plusDays(1)) {
            days.add(new Day(
                    day, byDay.getOrDefault(day.toEpochDay(), BigDecimal.ZERO).setScale(2)));
        }
        return days;
    }
}
