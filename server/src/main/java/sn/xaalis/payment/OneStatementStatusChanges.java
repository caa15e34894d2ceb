package sn.xaalis.payment;

import sn.xaalis.webhook.NewNotification;
import sn.xaalis.webhook.NotificationOutbox;

/** PostgreSQL's {@link StatusChangeStore}: all the rows in one statement (one round trip, one commit). */
record OneStatementStatusChanges(Payments payments, NotificationOutbox outbox) implements StatusChangeStore {

    @Override
    public boolean write(Payments.StatusUpdate update, PaymentTransitions.Cause cause, NewNotification notification) {
        boolean moved = payments.changeStatusAtOnce(
                update, cause.actor(), cause.detail(), changedRows -> outbox.insertFor(changedRows, notification));
        if (moved) {
            outbox.announce();
        }
        return moved;
    }
}
