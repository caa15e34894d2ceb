package sn.xaalis.payment;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/**
 * The payments a merchant collected on its own provider connection: the money went straight to the
 * merchant's account, so the ledger holds no balance for them, but the merchant's statement lists them.
 * A payment counts in the period it was paid in; it is looked for among the payments created up to
 * {@link #LONGEST_WAIT} before the period, which keeps the query on the listing index (a payment is
 * confirmed within minutes, a late confirmation within days).
 */
@Service
public class DirectCollections {

    /** How long before the period a payment paid in it may have been created. */
    static final Duration LONGEST_WAIT = Duration.ofDays(31);

    private static final int BATCH = 1000;
    private static final String PAID = " FROM payments WHERE application_id = :app AND environment = :env"
            + " AND connection_id IS NOT NULL AND status IN ('SUCCESS', 'REFUNDED')"
            + " AND created_at >= :created AND created_at < :to AND paid_at >= :from AND paid_at < :to";

    private final JdbcClient jdbc;

    DirectCollections(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** One payment collected directly: refunded ones too, with their status. */
    public record Collected(
            UUID id,
            String reference,
            Provider provider,
            BigDecimal amount,
            String currency,
            PaymentStatus status,
            Instant paidAt) {}

    /** How many were paid in the period, and their amounts: all of them, and those refunded since. */
    public record Total(long count, BigDecimal amount, long refunded, BigDecimal refundedAmount) {
        public static final Total NONE = new Total(0, BigDecimal.ZERO, 0, BigDecimal.ZERO);
    }

    public Total total(ApplicationId application, Environment environment, String currency, Instant from, Instant to) {
        // The period written into the SQL, not bound: see LITERAL.
        String paid = PAID.replace(":created", literal(from.minus(LONGEST_WAIT)))
                .replace(":from", literal(from))
                .replace(":to", literal(to));
        return jdbc.sql("SELECT COUNT(*) AS n, COALESCE(SUM(amount), 0) AS amount,"
                        + " COALESCE(SUM(CASE WHEN status = 'REFUNDED' THEN 1 ELSE 0 END), 0) AS refunded,"
                        + " COALESCE(SUM(CASE WHEN status = 'REFUNDED' THEN amount ELSE 0 END), 0) AS refunded_amount"
                        + paid + " AND currency = :currency")
                .param("app", application.value())
                .param("env", environment.value())
                .param("currency", currency)
                .query((rs, n) -> new Total(
                        rs.getLong("n"),
                        rs.getBigDecimal("amount"),
                        rs.getLong("refunded"),
                        rs.getBigDecimal("refunded_amount")))
                .single();
    }

    /** Up to {@code limit} of them, in the order they were paid. */
    public List<Collected> list(
            ApplicationId application, Environment environment, String currency, Instant from, Instant to, int limit) {
        return jdbc.sql("SELECT id, reference, provider, amount, currency, status, paid_at" + PAID
                        + " AND currency = :currency ORDER BY paid_at, id LIMIT :limit")
                .params(params(application, environment, from, to))
                .param("currency", currency)
                .param("limit", limit)
                .query((rs, n) -> new Collected(
                        rs.getObject("id", UUID.class),
                        rs.getString("reference"),
                        Provider.valueOf(rs.getString("provider")),
                        rs.getBigDecimal("amount"),
                        rs.getString("currency"),
                        PaymentStatus.valueOf(rs.getString("status")),
                        Objects.requireNonNull(Timestamps.fromDatabase(rs.getObject("paid_at", OffsetDateTime.class)))))
                .list();
    }

    /** All of them, in the order they were paid, read {@value #BATCH} at a time (for a download). */
    public void each(
            ApplicationId application,
            Environment environment,
            String currency,
            Instant from,
            Instant to,
            Consumer<Collected> action) {
        Instant start = from;
        Set<UUID> atStart = Set.of();
        while (true) {
            List<Collected> batch = list(application, environment, currency, start, to, BATCH + atStart.size());
            Set<UUID> skip = atStart;
            batch.stream().filter(c -> !skip.contains(c.id())).forEach(action);
            if (batch.size() < BATCH + atStart.size()) {
                return;
            }
            // The next batch starts at the last one's instant, skipping those already given at it.
            Instant last = batch.getLast().paidAt();
            start = last;
            atStart = batch.stream()
                    .filter(c -> c.paidAt().equals(last))
                    .map(Collected::id)
                    .collect(java.util.stream.Collectors.toSet());
        }
    }

    /**
     * The applications that collected directly in the period, in any environment given: a scan of the
     * period's payments, for the monthly statements' job (once a month).
     */
    public Set<ApplicationId> applications(Environment environment, Instant from, Instant to) {
        return new java.util.HashSet<>(jdbc.sql("SELECT DISTINCT application_id FROM payments WHERE environment = :env"
                        + " AND connection_id IS NOT NULL AND status IN ('SUCCESS', 'REFUNDED')"
                        + " AND created_at >= :created AND created_at < :to AND paid_at >= :from AND paid_at < :to")
                .param("env", environment.value())
                .param("created", Timestamps.toDatabase(from.minus(LONGEST_WAIT)))
                .param("from", Timestamps.toDatabase(from))
                .param("to", Timestamps.toDatabase(to))
                .query((rs, n) -> ApplicationId.from(rs, "application_id"))
                .list());
    }

    /**
     * Why the totals' instants are written into the SQL: PostgreSQL plans a statement the driver has
     * prepared five times once for any parameters, guessing a small range; over a year of a busy merchant
     * that plan walks the index where the one made for the real range scans in parallel. The instants
     * are the server's own values, never text from a request.
     */
    private static final java.time.format.DateTimeFormatter LITERAL =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSxxx");

    private static String literal(Instant instant) {
        return "TIMESTAMP WITH TIME ZONE '" + LITERAL.format(instant.atOffset(java.time.ZoneOffset.UTC)) + "'";
    }

    private static java.util.Map<String, Object> params(
            ApplicationId application, Environment environment, Instant from, Instant to) {
        return java.util.Map.of(
                "app", application.value(),
                "env", environment.value(),
                "created", Objects.requireNonNull(Timestamps.toDatabase(from.minus(LONGEST_WAIT))),
                "from", Objects.requireNonNull(Timestamps.toDatabase(from)),
                "to", Objects.requireNonNull(Timestamps.toDatabase(to)));
    }
}
