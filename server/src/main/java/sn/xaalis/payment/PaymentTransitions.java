package sn.xaalis.payment;

import java.time.Clock;
import java.time.Instant;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.webhook.NewNotification;
import sn.xaalis.webhook.NotificationOutbox;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every status change goes through here (D1): the conditional update, the history row, the outbox
 * row and the dashboard's rollups commit together (one statement on PostgreSQL, one transaction on
 * the embedded database), and nothing at all is written when the update changed no row.
 */
@Service
public class PaymentTransitions {

    private final Payments payments;
    private final StatusHistory history;
    private final NotificationOutbox outbox;
    private final JsonMapper json;
    private final Clock clock;
    private final PaymentMetrics metrics;
    private final Database database;
    private final TransactionTemplate transactions;

    PaymentTransitions(
            Payments payments,
            StatusHistory history,
            NotificationOutbox outbox,
            JsonMapper json,
            Clock clock,
            PaymentMetrics metrics,
            Database database,
            TransactionTemplate transactions) {
        this.metrics = metrics;
        this.database = database;
        this.transactions = transactions;
        this.payments = payments;
        this.history = history;
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
     * Moves {@code payment} (as last read) to {@code to}. Joins the caller's transaction if there is
     * one (a job's lock, an idempotent answer); otherwise the change commits on its own.
     *
     * @param errorMessage the reason of a failure, shown as {@code error_message}
     */
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
        var update = new Payments.StatusUpdate(payment, to, paidAt, expiredAt, error, late, now);
        // The payment as read, moved: the conditional update guarantees it is still what the row holds
        // (no transition ever leads back to a status it came from).
        Payment changed = payment.with(to, paidAt, expiredAt, error);
        var notification = new NewNotification(
                changed.applicationId(),
                changed.environment(),
                changed.reference().value() + ":" + to.name(),
                to.event(),
                json.writeValueAsString(PaymentData.of(changed)));
        boolean moved = database.embedded()
                ? Boolean.TRUE.equals(transactions.execute(tx -> inSteps(update, cause, notification)))
                : atOnce(update, cause, notification);
        if (!moved) {
            return new Outcome.Lost(payments.status(payment.transactionUuid()).orElse(from));
        }
        metrics.transition(from, to);
        return new Outcome.Changed(changed);
    }

    /** PostgreSQL: update, history, rollup and outbox rows in one statement (one round trip, one commit). */
    private boolean atOnce(Payments.StatusUpdate update, Cause cause, NewNotification notification) {
        boolean moved = payments.changeStatusAtOnce(
                update, cause.actor(), cause.detail(), changedRows -> outbox.insertFor(changedRows, notification));
        if (moved) {
            outbox.announce();
        }
        return moved;
    }

    /** The embedded database has no data-modifying WITH: the same rows, one statement each. */
    private boolean inSteps(Payments.StatusUpdate update, Cause cause, NewNotification notification) {
        if (!payments.changeStatus(update)) {
            return false;
        }
        history.recordTransition(update.id(), update.from(), update.to(), cause.actor(), cause.detail(), update.now());
        outbox.enqueue(notification);
        return true;
    }
}
