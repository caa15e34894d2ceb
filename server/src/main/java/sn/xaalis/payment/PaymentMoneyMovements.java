package sn.xaalis.payment;

import java.math.BigDecimal;

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
     * The operator's fee on {@code payment} if it succeeds now, in whole francs: read before the change
     * is written, so that the payment's row, its notification and {@link #record} carry the same fee.
     * Only asked for a change to SUCCESS that {@link #moves}.
     */
    BigDecimal feeOn(Payment payment);

    /**
     * Records the change of {@code changed} (already in its new status, a SUCCESS with its fee) from
     * {@code from}, in the caller's transaction. Posts nothing when this change was already recorded.
     */
    void record(Payment changed, PaymentStatus from);

    /** What a refund's reservation found. */
    enum Reservation {
        /** The refund's money is set aside (or was, by an earlier try now taken over): ask the provider. */
        RESERVED,
        /** The payment moved no balance (its own connection, or paid before the ledger): ask the provider. */
        NONE_NEEDED,
        /** The merchant's balance cannot cover the refund: the provider must not be asked. */
        INSUFFICIENT_BALANCE,
        /** Another request is refunding this payment right now: the provider must not be asked. */
        IN_PROGRESS,
        /** Another request refunded this payment since it was read: the provider must not be asked again. */
        ALREADY_REFUNDED
    }

    /**
     * Before its provider is asked to refund {@code payment}: sets aside what the refund takes from the
     * merchant's balance, in a transaction of its own committed before this returns (whatever the
     * caller's), so that a crash after it never loses the debit and two refunds never spend the same
     * money.
     */
    Reservation reserveRefund(Payment payment);

    /** The provider refused the refund: what {@link #reserveRefund} set aside goes back, committed at once. */
    void releaseRefund(Payment payment);

    /**
     * The provider could not be reached: its answer is unknown, so the money stays set aside, but the
     * next request may ask again at once (a provider's refund is idempotent).
     */
    void unclaimRefund(Payment payment);
}
