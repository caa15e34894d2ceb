package sn.xaalis.payment;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.lang.Contract;
import org.springframework.stereotype.Repository;
import sn.xaalis.platform.Timestamps;

/**
 * The payment_status_history table: every status a payment went through, and why. (On PostgreSQL
 * {@link Payments} writes these rows in the statement of the change itself.)
 */
@Repository
class StatusHistory {

    private static final int MAX_DETAIL = 500;

    private final JdbcClient jdbc;

    StatusHistory(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A cause's detail as stored: at most {@value #MAX_DETAIL} characters. */
    @Contract("null -> null; !null -> !null")
    static @Nullable String shortDetail(@Nullable String detail) {
        return detail == null || detail.length() <= MAX_DETAIL ? detail : detail.substring(0, MAX_DETAIL);
    }

    List<StatusChange> of(PaymentId paymentId) {
        return jdbc.sql("SELECT from_status, to_status, cause, detail, occurred_at FROM payment_status_history"
                        + " WHERE payment_id = :id ORDER BY id")
                .param("id", paymentId.value())
                .query((rs, n) -> new StatusChange(
                        rs.getString("from_status"),
                        rs.getString("to_status"),
                        rs.getString("cause"),
                        rs.getString("detail"),
                        Timestamps.fromDatabase(rs.getObject("occurred_at", OffsetDateTime.class))))
                .list();
    }

    void recordTransition(
            PaymentId paymentId,
            @Nullable PaymentStatus from,
            PaymentStatus to,
            String cause,
            @Nullable String detail,
            Instant at) {
        jdbc.sql("INSERT INTO payment_status_history (payment_id, from_status, to_status, cause, detail, occurred_at)"
                        + " VALUES (:payment, :from, :to, :cause, :detail, :at)")
                .param("payment", paymentId.value())
                .param("from", from == null ? null : from.name())
                .param("to", to.name())
                .param("cause", cause)
                .param("detail", shortDetail(detail))
                .param("at", Timestamps.toDatabase(at))
                .update();
    }
}
