package sn.xaalis.payment;

/**
 * What records the money a status change moves (the ledger), called inside the transaction of the
 * change itself: the status and its record commit together or not at all. Declared here and
 * implemented by the module that keeps the money, so that payments depend on nothing of it.
 */
public interface PaymentMoneyMovements {

    /**
     * Whether moving {@code payment} to {@code to} moves money to record. Cheap and without a database
     * read: it decides whether the change needs a transaction of its own.
     */
    boolean moves(Payment payment, PaymentStatus to);

    /**
     * Records the change of {@code changed} (already in its new status) from {@code from}, in the
     * caller's transaction. Posts nothing when this change was already recorded.
     */
    void record(Payment changed, PaymentStatus from);
}
