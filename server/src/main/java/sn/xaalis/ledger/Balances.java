package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;

/** A merchant application's balances and the transactions that made them, one environment at a time. */
@Service
public class Balances {

    private final JdbcClient jdbc;

    Balances(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** What the application is owed in one environment and currency: two rows of ledger_balances. */
    public record Balance(Environment environment, String currency, BigDecimal available, BigDecimal pending) {}

    public Balance balance(ApplicationId applicationId, Environment environment, String currency) {
        BigDecimal available = read(Account.available(applicationId, environment, currency));
        BigDecimal pending = read(Account.pending(applicationId, environment, currency));
        return new Balance(environment, currency, available, pending);
    }

    private BigDecimal read(Account account) {
        return jdbc.sql("SELECT balance FROM ledger_balances WHERE account_key = :key")
                .param("key", account.key())
                .query(BigDecimal.class)
                .optional()
                .orElse(BigDecimal.ZERO);
    }

    /**
     * One line of the balance transactions list: a payment (its amount, the fee taken, the net credited
     * and the day it becomes available), a refund (negative amounts), a settlement, or an operator's
     * adjustment with its reason as the description.
     */
    public record Line(
            UUID id,
            String type,
            BigDecimal amount,
            BigDecimal fee,
            BigDecimal net,
            @Nullable String reference,
            Instant createdAt,
            @Nullable LocalDate availableOn,
            @Nullable String description) {

        public PaymentFilter.Position position() {
            return new PaymentFilter.Position(createdAt, id);
        }
    }

    /** Up to {@code limit} lines newest first, after {@code after} (exclusive) when given. */
    public List<Line> transactions(
            ApplicationId applicationId, Environment environment, PaymentFilter.@Nullable Position after, int limit) {
        var spec = jdbc.sql("SELECT id, type, amount, fee, net, reference, created_at, available_on,"
                        + " description FROM ledger_transactions WHERE application_id = :app AND environment = :env"
                        + " AND type NOT IN ('release', 'refund_sent')"
                        + (after == null ? "" : " AND (created_at, id) < (:cursorAt, :cursorId)")
                        + " ORDER BY created_at DESC, id DESC LIMIT :limit")
                .param("app", applicationId.value())
                .param("env", environment.value())
                .param("limit", limit);
        if (after != null) {
            spec = spec.param("cursorAt", Timestamps.toDatabase(after.createdAt()))
                    .param("cursorId", after.id());
        }
        return spec.query((rs, n) -> new Line(
                        rs.getObject("id", UUID.class),
                        rs.getString("type"),
                        rs.getBigDecimal("amount"),
                        rs.getBigDecimal("fee"),
                        rs.getBigDecimal("net"),
                        rs.getString("reference"),
                        java.util.Objects.requireNonNull(
                                Timestamps.fromDatabase(rs.getObject("created_at", OffsetDateTime.class))),
                        rs.getObject("available_on", LocalDate.class),
                        rs.getString("description")))
                .list();
    }
}
