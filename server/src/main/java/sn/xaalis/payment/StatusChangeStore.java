package sn.xaalis.payment;

import sn.xaalis.webhook.NewNotification;

/**
 * Writes a status change (D1): the conditional update, the history row, the rollup queue row and the
 * outbox row, together or (when the update changed no row) not at all. One implementation per
 * database, chosen once at start-up ({@link PaymentStores}).
 */
interface StatusChangeStore {

    /** Returns whether the payment changed. Joins the caller's transaction if there is one. */
    boolean write(Payments.StatusUpdate update, PaymentTransitions.Cause cause, NewNotification notification);
}
