package sn.xaalis.payment;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.webhook.NewNotification;
import sn.xaalis.webhook.NotificationOutbox;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every status change goes through here (D1): one transaction holding the conditional update, the
 * history row and the outbox row, and nothing at all when the update changed no row.
 */
@Service
public class PaymentTransitions {

    private final Payments payments;
    private final NotificationOutbox outbox;
    private final JsonMapper json;
    private final Clock clock;
    private final PaymentMetrics metrics;

    PaymentTransitions(
            Payments payments, NotificationOutbox outbox, JsonMapper json, Clock clock, PaymentMetrics metrics) {
        this.metrics = metrics;
        this.payments = payments;
        this.outbox = outbox;
        this.json = json;
        this.clock = clock;
    }

    /** What caused a change, kept in the status history. */
    public record Cause(String actor, String detail) {
        public static Cause of(String actor) {
            return new Cause(actor, null);
        }
    }

    /** The result of asking for a change. */
    public sealed interface Outcome {
        /** The payment's status after the attempt: the new one, or the one that stood in the way. */
        PaymentStatus current();

        record Changed(Payment payment) implements Outcome {
            @Override
            public PaymentStatus current() {
                return payment.status();
            }
        }

        /** D1 forbids this move from the payment's current status. */
        record Refused(PaymentStatus current) implements Outcome {}

        /** Someone else changed the payment first; nothing was done. */
        record Lost(PaymentStatus current) implements Outcome {}
    }

    /**
     * Moves {@code payment} (as last read) to {@code to}.
     *
     * @param errorMessage the reason of a failure, shown as {@code error_message}
     */
    @Transactional
    public Outcome apply(Payment payment, PaymentStatus to, Cause cause, String errorMessage) {
        PaymentStatus from = payment.status();
        if (!from.canMoveTo(to)) {
            return new Outcome.Refused(from);
        }
        Instant now = Timestamps.truncate(clock.instant());
        Instant paidAt = to == PaymentStatus.SUCCESS ? now : payment.paidAt();
        Instant expiredAt = to == PaymentStatus.EXPIRED ? now : payment.expiredAt();
        String error = to == PaymentStatus.FAILED ? errorMessage : payment.errorMessage();
        boolean late = from == PaymentStatus.EXPIRED && to == PaymentStatus.SUCCESS;
        if (!payments.changeStatus(payment.transactionUuid(), from, to, paidAt, expiredAt, error, late, now)) {
            return new Outcome.Lost(payments.status(payment.transactionUuid()).orElse(from));
        }
        payments.recordTransition(payment.transactionUuid(), from, to, cause.actor(), cause.detail(), now);
        metrics.transition(from, to);
        Payment changed = payment.with(to, paidAt, expiredAt, error);
        outbox.enqueue(new NewNotification(
                changed.applicationId(),
                changed.environment(),
                changed.reference().value() + ":" + to.name(),
                to.event(),
                json.writeValueAsString(PaymentData.of(changed))));
        return new Outcome.Changed(changed);
    }

    public Optional<Payment> reload(Payment payment) {
        return payments.find(payment.applicationId(), payment.environment(), payment.reference());
    }
}
