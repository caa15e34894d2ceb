package sn.xaalis.payout;

/**
 * What records the money a payout's status change moves (a merchant's settlement, paid out of the
 * installation's account: its balance debited when queued, credited back if the payout fails or is
 * reversed), called inside the transaction of the change itself: the status and its record commit
 * together or not at all. Declared here and implemented by the module that keeps the money, so that
 * payouts depend on nothing of it.
 */
public interface PayoutMoneyMovements {

    /**
     * Records the move of a payout from {@code from} to {@code to} (its status or stage changed), in the
     * caller's transaction. Records nothing for a payout that is not its own, or a change already
     * recorded.
     */
    void moved(Payout from, Payout to);
}
