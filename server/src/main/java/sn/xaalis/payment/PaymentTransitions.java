package sn.xaalis.payment;

import java.time.Clock;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.webhook.NewNotification;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every status change goes through here (D1): the conditional update, the history row, the outbox
 * row and the dashboard's rollups commit together (one statement on PostgreSQL, one transaction on
 * the embedded database: {@link StatusChangeStore}), and nothing at all is written when the update changed no row.
 * A change that moves money (a SUCCESS or a refund on the installation's accounts) is recorded by
 * {@link PaymentMoneyMovements} in the same transaction: a status without its entry cannot commit.
 */
@Service
public class PaymentTransitions {

    private final Payments payments;
    private final StatusChangeStore store;
    private final JsonMapper json;
    private final Clock clock;
    private final PaymentMetrics metrics;
    private final PaymentMoneyMovements money;
    private final TransactionTemplate transactions;

    PaymentTransitions(
            Payments payments,
            StatusChangeStore store,
            JsonMapper json,
            Clock clock,
            PaymentMetrics metrics,
            PaymentMoneyMovements money,
            TransactionTemplate transactions) {
        this.payments = payments;
        this.store = store;
        this.json = json;
        this.clock = clock;
        this.metrics = metrics;
        this.money = money;
        this.transactions = transactions;
    }

    /** What caused a change, kept in the status history. */
    public record Cause(String actor, @Nullable String detail) {
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
    public Outcome apply(Payment payment, PaymentStatus to, Cause cause, @Nullable String errorMessage) {
        PaymentStatus from = payment.status();
        if (!from.canMoveTo(to)) {
            return new Outcome.Refused(from);
        }
        Instant now = Timestamps.truncate(clock.instant());
        Instant paidAt = to == PaymentStatus.SUCCESS ? now : payment.paidAt();
        Instant expiredAt = to == PaymentStatus.EXPIRED ? now : payment.expiredAt();
        String error = to == PaymentStatus.FAILED ? errorMessage : payment.errorMessage();
        boolean late = from == PaymentStatus.EXPIRED && to == PaymentStatus.SUCCESS;
        // The payment as read, moved: the conditional update guarantees it is still what the row holds
        // (no transition ever leads back to a status it came from).
        Payment changed = payment.with(to, paidAt, expiredAt, error);
        if (to == PaymentStatus.SUCCESS) {
            // Known before the write: the row, its notification and the ledger's posting carry the same fee.
            changed = changed.withFee(money.moves(payment, to) ? money.feeOn(payment) : Amounts.ZERO);
        }
        var update = new Payments.StatusUpdate(
                payment, to, paidAt, expiredAt, error, late, now, changed.fee(), changed.netAmount());
        var notification = new NewNotification(
                changed.applicationId(),
                changed.environment(),
                changed.reference().value() + ":" + to.name(),
                to.event(),
                json.writeValueAsString(PaymentData.of(changed)));
        if (!write(update, cause, notification, changed)) {
            return new Outcome.Lost(payments.status(payment.transactionUuid()).orElse(from));
        }
        metrics.transition(from, to);
        return new Outcome.Changed(changed);
    }

    /**
     * The store's write, with the money it moves when it moves some. On PostgreSQL the store's one
     * statement commits on its own otherwise; here it joins a transaction that the record joins too.
     */
    private boolean write(Payments.StatusUpdate update, Cause cause, NewNotification notification, Payment changed) {
        if (!money.moves(update.payment(), update.to())) {
            return store.write(update, cause, notification);
        }
        return Boolean.TRUE.equals(transactions.execute(tx -> {
            if (!store.write(update, cause, notification)) {
                return false;
            }
            money.record(changed, update.from());
            return true;
        }));
    }
}
