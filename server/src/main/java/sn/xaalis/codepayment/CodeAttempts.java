package sn.xaalis.codepayment;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.payment.PaymentId;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Timestamps;

/** Every code sent for a payment and what became of it (never the code itself). */
@Repository
class CodeAttempts {

    /** Where a try stands. SENT and UNANSWERED block the next: the money may be moving. */
    enum State {
        SENT,
        ACCEPTED,
        DECLINED,
        REFUSED,
        UNANSWERED;

        boolean open() {
            return this == SENT || this == UNANSWERED;
        }
    }

    record Attempt(int seq, State state) {}

    private final JdbcClient jdbc;

    CodeAttempts(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A payment's tries, first first: three at most, read by primary key. */
    List<Attempt> of(PaymentId paymentId) {
        return jdbc.sql("SELECT seq, state FROM code_attempts WHERE payment_id = :payment ORDER BY seq")
                .param("payment", paymentId.value())
                .query((rs, n) -> new Attempt(rs.getInt("seq"), State.valueOf(rs.getString("state"))))
                .list();
    }

    /** Whether a try of the payment is SENT or UNANSWERED: the money may be moving. */
    boolean anyOpen(PaymentId paymentId) {
        return jdbc.sql("SELECT COUNT(*) FROM code_attempts WHERE payment_id = :payment AND state IN ('SENT',"
                                + " 'UNANSWERED')")
                        .param("payment", paymentId.value())
                        .query(Long.class)
                        .single()
                > 0;
    }

    /**
     * Records a try before its code leaves (it commits on its own); false when another request took
     * this place first.
     */
    boolean begin(
            PaymentId paymentId,
            int seq,
            ApplicationId applicationId,
            CustomerPhone phone,
            CodeChannel channel,
            Instant at) {
        try {
            jdbc.sql("INSERT INTO code_attempts (payment_id, seq, application_id, customer_phone, channel, state,"
                            + " created_at) VALUES (:payment, :seq, :application, :phone, :channel, 'SENT', :at)")
                    .param("payment", paymentId.value())
                    .param("seq", seq)
                    .param("application", applicationId.value())
                    .param("phone", phone.international())
                    .param("channel", channel.name())
                    .param("at", Timestamps.toDatabase(Timestamps.truncate(at)))
                    .update();
            return true;
        } catch (DuplicateKeyException e) {
            return false;
        }
    }

    void answer(
            PaymentId paymentId,
            int seq,
            State state,
            @Nullable String reason,
            @Nullable String transactionId,
            Instant at) {
        jdbc.sql("UPDATE code_attempts SET state = :state, reason = :reason, provider_transaction_id = :tx,"
                        + " answered_at = :at WHERE payment_id = :payment AND seq = :seq AND state = 'SENT'")
                .param("state", state.name())
                .param("reason", reason == null ? null : reason.substring(0, Math.min(reason.length(), 500)))
                .param("tx", transactionId)
                .param("at", Timestamps.toDatabase(Timestamps.truncate(at)))
                .param("payment", paymentId.value())
                .param("seq", seq)
                .update();
    }

    /** A try whose code never left (the operator could not be reached) takes no place. */
    void withdraw(PaymentId paymentId, int seq) {
        jdbc.sql("DELETE FROM code_attempts WHERE payment_id = :payment AND seq = :seq AND state = 'SENT'")
                .param("payment", paymentId.value())
                .param("seq", seq)
                .update();
    }
}
