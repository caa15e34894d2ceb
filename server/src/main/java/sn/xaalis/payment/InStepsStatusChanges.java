package sn.xaalis.payment;

import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.webhook.NewNotification;
import sn.xaalis.webhook.NotificationOutbox;

/**
 * The embedded database's {@link StatusChangeStore}: it has no data-modifying WITH, so the same rows
 * are written one statement each, in one transaction.
 */
record InStepsStatusChanges(
        Payments payments, StatusHistory history, NotificationOutbox outbox, TransactionTemplate transactions)
        implements StatusChangeStore {

    @Override
    public boolean write(Payments.StatusUpdate update, PaymentTransitions.Cause cause, NewNotification notification) {
        return Boolean.TRUE.equals(transactions.execute(tx -> {
            if (!payments.changeStatus(update)) {
                return false;
            }
            history.recordTransition(
                    update.id(), update.from(), update.to(), cause.actor(), cause.detail(), update.now());
            outbox.enqueue(notification);
            return true;
        }));
    }
}
