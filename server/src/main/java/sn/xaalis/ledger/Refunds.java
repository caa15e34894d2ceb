package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentMoneyMovements.Reservation;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;

/**
 * A refund of a payment on the installation's accounts, in three steps around the provider's call.
 * <ol>
 *   <li>Reserve, committed before the provider is asked: the payment's claim row in ledger_refunds
 *       (one refund at a time per payment), then a {@code refund} transaction moving what the refund
 *       takes from the merchant's pending (the payment's own net, if still held) and available money
 *       to its refunding account; the debit of available is a conditional update of its balance row,
 *       so two refunds, or a refund and a withdrawal, can never both spend the same money.
 *   <li>Sent, in the payment's REFUNDED transaction: {@code refund_sent} moves it from refunding out of
 *       the clearing account (and gives the fee back when the operator says so); the claim is deleted.
 *   <li>Or given back, when the provider refused: {@code refund_reversal} returns it where it came from.
 * </ol>
 * A crash after the reservation leaves the money set aside and the claim in place: once its lease has
 * passed, the next request takes it over and asks the provider again (its refund is idempotent), never
 * setting aside twice. A crash after the provider's refund but before REFUNDED is the same case.
 */
@Component
class Refunds {

    private final Journal journal;
    private final JdbcClient jdbc;
    private final TransactionTemplate ownTransaction;
    private final LedgerProperties properties;
    private final Clock clock;

    Refunds(
            Journal journal,
            JdbcClient jdbc,
            PlatformTransactionManager transactionManager,
            LedgerProperties properties,
            Clock clock) {
        this.journal = journal;
        this.jdbc = jdbc;
        this.ownTransaction = new TransactionTemplate(transactionManager);
        // Committed before the provider's call even when a caller has a transaction open.
        this.ownTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        this.properties = properties;
        this.clock = clock;
    }

    /** A refund set aside: the claim row of its payment. */
    record Claim(
            UUID reservedBy, BigDecimal amount, BigDecimal fromPending, BigDecimal fromAvailable, BigDecimal feeBack) {

        BigDecimal debit() {
            return fromPending.add(fromAvailable);
        }
    }

    Reservation reserve(Payment payment) {
        var paid = journal.paymentPosting(paymentId(payment)).orElse(null);
        if (paid == null) {
            return Reservation.NONE_NEEDED;
        }
        return ownTransaction.execute(tx -> {
            Instant now = Timestamps.truncate(clock.instant());
            UUID id = RandomTokens.uuidV7(clock);
            BigDecimal feeBack = properties.refundReturnsFee() ? paid.fee() : BigDecimal.ZERO;
            BigDecimal debit = paid.amount().subtract(feeBack);
            if (!claim(payment, id, paid.amount(), feeBack, now)) {
                return takeOver(payment, now) ? Reservation.RESERVED : Reservation.IN_PROGRESS;
            }
            // Read after the claim: a refund that ended meanwhile (its claim deleted in the commit that
            // posted it) is seen here, and this request, which read the payment before, stops.
            if (journal.posted(new Posting.Cause("refund", paymentId(payment)))) {
                tx.setRollbackOnly();
                return Reservation.ALREADY_REFUNDED;
            }
            BigDecimal fromPending = BigDecimal.ZERO;
            if (paid.net().signum() > 0 && journal.release(paid.id(), id)) {
                fromPending = paid.net();
            }
            BigDecimal fromAvailable = debit.subtract(fromPending);
            ApplicationId app = payment.applicationId();
            Environment env = payment.environment();
            String currency = paid.currency();
            // A refund giving back a fee that was the whole amount takes nothing from the balance.
            if (debit.signum() == 0) {
                return Reservation.RESERVED;
            }
            var posting = new Posting(
                    id,
                    new Posting.Cause("refund_hold", id.toString()),
                    Posting.Type.REFUND,
                    app,
                    env,
                    currency,
                    paid.amount().negate(),
                    feeBack.negate(),
                    debit.negate(),
                    payment.reference().value(),
                    now,
                    null,
                    List.of(
                            new Posting.Entry(Account.pending(app, env, currency), fromPending.negate()),
                            new Posting.Entry(Account.available(app, env, currency), fromAvailable.negate()),
                            new Posting.Entry(Account.refunding(app, env, currency), debit)));
            Set<Account> covered =
                    properties.allowNegativeBalance() ? Set.of() : Set.of(Account.available(app, env, currency));
            try {
                journal.write(posting, covered);
            } catch (Journal.NotCovered e) {
                tx.setRollbackOnly();
                return Reservation.INSUFFICIENT_BALANCE;
            }
            jdbc.sql("UPDATE ledger_refunds SET from_pending = :pending, from_available = :available"
                            + " WHERE payment_id = :payment")
                    .param("pending", fromPending)
                    .param("available", fromAvailable)
                    .param("payment", payment.transactionUuid().value())
                    .update();
            return Reservation.RESERVED;
        });
    }

    /** The payment's claim, if no other request holds one: on PostgreSQL a concurrent one waits for it. */
    private boolean claim(Payment payment, UUID id, BigDecimal amount, BigDecimal feeBack, Instant now) {
        return jdbc.sql("INSERT INTO ledger_refunds (payment_id, reserved_by, amount, from_pending, from_available,"
                                + " fee_back, claimed_until) VALUES (:payment, :id, :amount, 0, 0, :feeBack, :until)"
                                + " ON CONFLICT DO NOTHING")
                        .param("payment", payment.transactionUuid().value())
                        .param("id", id)
                        .param("amount", amount)
                        .param("feeBack", feeBack)
                        .param("until", Timestamps.toDatabase(now.plus(properties.refundClaim())))
                        .update()
                == 1;
    }

    /** A claim whose lease has passed (its request crashed, or its provider was unreachable) is this one's. */
    private boolean takeOver(Payment payment, Instant now) {
        return jdbc.sql("UPDATE ledger_refunds SET claimed_until = :until WHERE payment_id = :payment"
                                + " AND claimed_until <= :now")
                        .param("until", Timestamps.toDatabase(now.plus(properties.refundClaim())))
                        .param("payment", payment.transactionUuid().value())
                        .param("now", Timestamps.toDatabase(now))
                        .update()
                == 1;
    }

    /** The claim of a payment's refund in flight, locked for the caller's transaction. */
    Optional<Claim> claimOf(Payment payment) {
        return jdbc.sql("SELECT reserved_by, amount, from_pending, from_available, fee_back FROM ledger_refunds"
                        + " WHERE payment_id = :payment FOR UPDATE")
                .param("payment", payment.transactionUuid().value())
                .query((rs, n) -> new Claim(
                        rs.getObject("reserved_by", UUID.class),
                        rs.getBigDecimal("amount"),
                        rs.getBigDecimal("from_pending"),
                        rs.getBigDecimal("from_available"),
                        rs.getBigDecimal("fee_back")))
                .optional();
    }

    /**
     * The provider has refunded and the payment is REFUNDED (the caller's transaction): the money set
     * aside leaves the clearing account, the fee comes back from the operator's when it is given back.
     */
    void sent(Payment payment, Claim claim) {
        ApplicationId app = payment.applicationId();
        Environment env = payment.environment();
        String currency = payment.currency();
        var posting = new Posting(
                RandomTokens.uuidV7(clock),
                new Posting.Cause("refund", paymentId(payment)),
                Posting.Type.REFUND_SENT,
                app,
                env,
                currency,
                claim.amount().negate(),
                claim.feeBack().negate(),
                claim.debit().negate(),
                payment.reference().value(),
                Timestamps.truncate(clock.instant()),
                null,
                List.of(
                        new Posting.Entry(
                                Account.refunding(app, env, currency),
                                claim.debit().negate()),
                        new Posting.Entry(Account.clearing(env, payment.provider(), currency), claim.amount()),
                        new Posting.Entry(
                                Account.fees(env, currency), claim.feeBack().negate())));
        if (!journal.write(posting)) {
            throw new IllegalStateException("The refund of " + payment.reference() + " was posted meanwhile");
        }
        delete(payment, claim);
    }

    /** The provider refused: the money set aside goes back where it came from, the hold included. */
    void release(Payment payment) {
        var paid = journal.paymentPosting(paymentId(payment)).orElse(null);
        if (paid == null) {
            return;
        }
        ownTransaction.executeWithoutResult(tx -> {
            var claim = claimOf(payment).orElse(null);
            if (claim == null || !delete(payment, claim)) {
                return;
            }
            if (claim.fromPending().signum() > 0) {
                journal.unrelease(paid.id(), claim.reservedBy());
            }
            if (claim.debit().signum() == 0) {
                return;
            }
            ApplicationId app = payment.applicationId();
            Environment env = payment.environment();
            String currency = paid.currency();
            var posting = new Posting(
                    RandomTokens.uuidV7(clock),
                    new Posting.Cause("refund_reversal", claim.reservedBy().toString()),
                    Posting.Type.REFUND_REVERSAL,
                    app,
                    env,
                    currency,
                    claim.amount(),
                    claim.feeBack(),
                    claim.debit(),
                    payment.reference().value(),
                    Timestamps.truncate(clock.instant()),
                    null,
                    List.of(
                            new Posting.Entry(
                                    Account.refunding(app, env, currency),
                                    claim.debit().negate()),
                            new Posting.Entry(Account.pending(app, env, currency), claim.fromPending()),
                            new Posting.Entry(Account.available(app, env, currency), claim.fromAvailable())));
            if (!journal.write(posting)) {
                throw new IllegalStateException("The reversal of " + claim.reservedBy() + " was posted meanwhile");
            }
        });
    }

    /** The provider's answer is unknown: the money stays set aside, and the next request may ask at once. */
    void unclaim(Payment payment) {
        jdbc.sql("UPDATE ledger_refunds SET claimed_until = :now WHERE payment_id = :payment")
                .param("now", Timestamps.toDatabase(Timestamps.truncate(clock.instant())))
                .param("payment", payment.transactionUuid().value())
                .update();
    }

    private boolean delete(Payment payment, Claim claim) {
        return jdbc.sql("DELETE FROM ledger_refunds WHERE payment_id = :payment AND reserved_by = :by")
                        .param("payment", payment.transactionUuid().value())
                        .param("by", claim.reservedBy())
                        .update()
                == 1;
    }

    private static String paymentId(Payment payment) {
        return payment.transactionUuid().value().toString();
    }
}
