package sn.xaalis.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/**
 * The dashboard's figures as they were computed before the rollups: by scanning {@code payments}. The
 * reference {@link PaymentRollupIT} holds {@link PaymentStatistics} to.
 */
final class FullScan {

    private static final ZoneId[] ZONES = {
        ZoneOffset.UTC, ZoneId.of("Africa/Lagos"), ZoneId.of("Asia/Kolkata"), ZoneId.of("America/St_Johns")
    };

    private final JdbcClient jdbc;

    FullScan(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The dashboard's summaries (for several starts) and daily amounts, of each set of applications in
     * each environment, as {@code statistics} gives them and as this scan does.
     */
    void assertSameFigures(
            PaymentStatistics statistics, List<Set<UUID>> appSets, Instant start, Instant now, String when) {
        for (Set<UUID> set : appSets) {
            Set<ApplicationId> ids = set.stream().map(ApplicationId::new).collect(Collectors.toSet());
            for (Environment env : Environment.values()) {
                for (Instant since : sinces(start, now)) {
                    assertThat(statistics.summary(ids, env, since))
                            .as("%s: summary of %s in %s since %s", when, set, env, since)
                            .isEqualTo(summary(set, env, since));
                }
                for (ZoneId zone : ZONES) {
                    LocalDate from = LocalDate.ofInstant(start, zone).minusDays(1);
                    LocalDate to = LocalDate.ofInstant(now, zone).plusDays(1);
                    assertThat(statistics.dailyCollected(ids, env, from, to, zone))
                            .as("%s: daily amounts of %s in %s, days of %s", when, set, env, zone)
                            .isEqualTo(dailyCollected(set, env, from, to, zone));
                }
            }
        }
    }

    /** The dashboard's starts of "today" and of 30 days in several zones, whole hours and odd instants. */
    private static List<Instant> sinces(Instant start, Instant now) {
        List<Instant> sinces = new ArrayList<>(List.of(
                Instant.EPOCH,
                start.minus(Duration.ofHours(1)),
                now.truncatedTo(ChronoUnit.HOURS),
                now.truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(5)),
                now.minus(Duration.ofMinutes(47)).minusMillis(13_500),
                now.plus(Duration.ofDays(1))));
        for (ZoneId zone : ZONES) {
            LocalDate today = LocalDate.ofInstant(now, zone);
            sinces.add(today.atStartOfDay(zone).toInstant());
            sinces.add(today.minusDays(29).atStartOfDay(zone).toInstant());
        }
        return sinces;
    }

    PaymentStatistics.Summary summary(Set<UUID> apps, Environment environment, Instant since) {
        Map<PaymentStatus, Long> byStatus = new EnumMap<>(PaymentStatus.class);
        Map<Provider, Long> byProvider = new EnumMap<>(Provider.class);
        BigDecimal[] collected = {BigDecimal.ZERO};
        long[] total = {0};
        jdbc.sql("SELECT status, provider, COUNT(*), COALESCE(SUM(amount), 0) FROM payments"
                        + " WHERE application_id IN (:apps) AND environment = :env AND created_at >= :since"
                        + " GROUP BY status, provider")
                .param("apps", List.copyOf(apps))
                .param("env", environment.value())
                .param("since", Timestamps.toDatabase(since))
                .query((rs, n) -> {
                    PaymentStatus status = PaymentStatus.valueOf(rs.getString(1));
                    long count = rs.getLong(3);
                    byStatus.merge(status, count, Long::sum);
                    byProvider.merge(Provider.valueOf(rs.getString(2)), count, Long::sum);
                    total[0] += count;
                    if (status == PaymentStatus.SUCCESS) {
                        collected[0] = collected[0].add(rs.getBigDecimal(4));
                    }
                    return null;
                })
                .list();
        return new PaymentStatistics.Summary(byStatus, byProvider, total[0], collected[0].setScale(2));
    }

    /**
     * Every SUCCESS payment, on the day of {@code zone} in which the UTC hour of its {@code paid_at} starts:
     * its local day in a whole-hour zone; in a half-hour zone, the rule the dashboard documents.
     */
    List<PaymentStatistics.Day> dailyCollected(
            Set<UUID> apps, Environment environment, LocalDate from, LocalDate to, ZoneId zone) {
        Map<LocalDate, BigDecimal> byDay = new HashMap<>();
        jdbc.sql("SELECT paid_at, amount FROM payments"
                        + " WHERE application_id IN (:apps) AND environment = :env AND status = 'SUCCESS'")
                .param("apps", List.copyOf(apps))
                .param("env", environment.value())
                .query((rs, n) -> {
                    Instant paid = Timestamps.fromDatabase(rs.getObject(1, OffsetDateTime.class));
                    LocalDate day = LocalDate.ofInstant(paid.truncatedTo(ChronoUnit.HOURS), zone);
                    if (!day.isBefore(from) && !day.isAfter(to)) {
                        byDay.merge(day, rs.getBigDecimal(2), BigDecimal::add);
                    }
                    return null;
                })
                .list();
        List<PaymentStatistics.Day> days = new ArrayList<>();
        for (LocalDate day = from; !day.isAfter(to); day = day.plusDays(1)) {
            days.add(new PaymentStatistics.Day(
                    day, byDay.getOrDefault(day, BigDecimal.ZERO).setScale(2)));
        }
        return days;
    }

    // The rollups with the changes still queued for them, as the dashboard reads them.
    private static final String CREATED = "SELECT application_id, environment, created_hour, status, provider,"
            + " payment_count AS n, amount AS a FROM payment_rollups"
            + " UNION ALL SELECT application_id, environment, created_hour, to_status, provider, 1, amount"
            + " FROM payment_rollup_queue UNION ALL SELECT application_id, environment, created_hour, from_status,"
            + " provider, -1, -amount FROM payment_rollup_queue WHERE from_status IS NOT NULL";
    private static final String PAID = "SELECT application_id, environment, paid_hour, payment_count AS n,"
            + " amount AS a FROM paid_rollups UNION ALL SELECT application_id, environment, paid_hour, paid,"
            + " paid * amount FROM payment_rollup_queue WHERE paid <> 0";

    /** Every creation-hour bucket of these applications, zero ones left out. */
    Set<String> createdBuckets(Set<UUID> apps) {
        return rows(
                "SELECT application_id, environment, created_hour, status, provider, SUM(n), SUM(a) FROM ("
                        + CREATED + ") r WHERE application_id IN (:apps)"
                        + " GROUP BY application_id, environment, created_hour, status, provider"
                        + " HAVING SUM(n) <> 0 OR SUM(a) <> 0",
                apps);
    }

    /** The same buckets counted from the payments. */
    Set<String> createdBucketsScanned(Set<UUID> apps) {
        return rows(
                "SELECT application_id, environment, FLOOR(EXTRACT(EPOCH FROM created_at) / 3600) AS h, status,"
                        + " provider, COUNT(*), SUM(amount) FROM payments WHERE application_id IN (:apps)"
                        + " GROUP BY application_id, environment, FLOOR(EXTRACT(EPOCH FROM created_at) / 3600), status,"
                        + " provider",
                apps);
    }

    Set<String> paidBuckets(Set<UUID> apps) {
        return rows(
                "SELECT application_id, environment, paid_hour, SUM(n), SUM(a) FROM (" + PAID + ") r"
                        + " WHERE application_id IN (:apps) GROUP BY application_id, environment, paid_hour"
                        + " HAVING SUM(n) <> 0 OR SUM(a) <> 0",
                apps);
    }

    Set<String> paidBucketsScanned(Set<UUID> apps) {
        return rows(
                "SELECT application_id, environment, FLOOR(EXTRACT(EPOCH FROM paid_at) / 3600) AS h, COUNT(*),"
                        + " SUM(amount) FROM payments WHERE application_id IN (:apps) AND status = 'SUCCESS'"
                        + " GROUP BY application_id, environment, FLOOR(EXTRACT(EPOCH FROM paid_at) / 3600)",
                apps);
    }

    /** Buckets of any application whose count or amount, queued changes included, is below zero. */
    long negativeBuckets() {
        return jdbc.sql("SELECT COUNT(*) FROM (SELECT application_id FROM (" + CREATED + ") r"
                                + " GROUP BY application_id, environment, created_hour, status, provider"
                                + " HAVING SUM(n) < 0 OR SUM(a) < 0) n")
                        .query(Long.class)
                        .single()
                + jdbc.sql("SELECT COUNT(*) FROM (SELECT application_id FROM (" + PAID + ") r"
                                + " GROUP BY application_id, environment, paid_hour HAVING SUM(n) < 0 OR SUM(a) < 0) n")
                        .query(Long.class)
                        .single();
    }

    /** Changes of these applications still queued for the rollups. */
    long queued(Set<UUID> apps) {
        return jdbc.sql("SELECT COUNT(*) FROM payment_rollup_queue WHERE application_id IN (:apps)")
                .param("apps", List.copyOf(apps))
                .query(Long.class)
                .single();
    }

    /** How many times each change ("FROM>TO") happened to these applications' payments. */
    Map<String, Long> changes(Set<UUID> apps) {
        Map<String, Long> changes = new TreeMap<>();
        jdbc.sql("SELECT h.from_status, h.to_status, COUNT(*) FROM payment_status_history h"
                        + " JOIN payments p ON p.id = h.payment_id WHERE p.application_id IN (:apps)"
                        + " GROUP BY h.from_status, h.to_status")
                .param("apps", List.copyOf(apps))
                .query((rs, n) -> changes.put(rs.getString(1) + ">" + rs.getString(2), rs.getLong(3)))
                .list();
        return changes;
    }

    private Set<String> rows(String sql, Set<UUID> apps) {
        Set<String> rows = new TreeSet<>();
        jdbc.sql(sql)
                .param("apps", List.copyOf(apps))
                .query((rs, n) -> {
                    int columns = rs.getMetaData().getColumnCount();
                    StringBuilder row = new StringBuilder();
                    for (int i = 1; i <= columns; i++) {
                        Object value = rs.getObject(i);
                        row.append(
                                        value instanceof BigDecimal d
                                                ? d.stripTrailingZeros().toPlainString()
                                                : value)
                                .append(' ');
                    }
                    return rows.add(row.toString().strip());
                })
                .list();
        return rows;
    }
}
