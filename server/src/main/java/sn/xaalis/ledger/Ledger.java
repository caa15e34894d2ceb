package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import sn.xaalis.payment.Payment;
import sn.xaalis.payment.PaymentMoneyMovements;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;

/**
 * Posts a payment's SUCCESS and its refund, inside the transaction of the status change
 * ({@link PaymentMoneyMovements}); a refund is set aside before its provider is asked ({@link
 * Refunds}). Only payments on the installation's own accounts (and every sandbox payment, on the
 * sandbox's) move balances; a payment on a merchant's own connection is already the merchant's money
 * and is not recorded here.
 */
@Component
class Ledger implements PaymentMoneyMovements {

    /** Availability is counted in days of Dakar, where merchants live (GMT all year). */
    static final ZoneId DAKAR = ZoneId.of("Africa/Dakar");

    private final Journal journal;
    private final PricingPlans plans;
    private final Refunds refunds;
    private final LedgerProperties properties;
    private final Clock clock;

    Ledger(Journal journal, PricingPlans plans, Refunds refunds, LedgerProperties properties, Clock clock) {
        this.journal = journal;
        this.plans = plans;
        this.refunds = refunds;
        this.properties = properties;
        this.clock = clock;
    }

    /** The fee of the merchant's plan for the payment's provider (see {@link FeeRule}). */
    @Override
    public BigDecimal feeOn(Payment payment) {
        return plans.terms(payment.applicationId(), payment.provider()).rule().feeOn(payment.amount());
    }

    @Override
    public Reservation reserveRefund(Payment payment) {
        return moves(payment, PaymentStatus.REFUNDED) ? refunds.reserve(payment) : Reservation.NONE_NEEDED;
    }

    @Override
    public void releaseRefund(Payment payment) {
        if (moves(payment, PaymentStatus.REFUNDED)) {
            refunds.release(payment);
        }
    }

    @Override
    public void unclaimRefund(Payment payment) {
        if (moves(payment, PaymentStatus.REFUNDED)) {
            refunds.unclaim(payment);
        }
    }

    @Override
    public boolean moves(Payment payment, PaymentStatus to) {
        return (to == PaymentStatus.SUCCESS || to == PaymentStatus.REFUNDED) && payment.connectionId() == null;
    }

    @Override
    public void record(Payment changed, PaymentStatus from) {
        if (changed.status() == PaymentStatus.SUCCESS) {
            paid(changed);
        } else if (changed.status() == PaymentStatus.REFUNDED) {
            refunded(changed);
        }
    }

    /**
     * Clearing debited by the amount; the merchant's pending credited with the amount less the fee
     * the payment carries ({@link #feeOn}, read before its change), the operator's fees with the fee;
     * the net held until the merchant's delay has passed.
     */
    private void paid(Payment payment) {
        ApplicationId app = payment.applicationId();
        Environment env = payment.environment();
        String currency = payment.currency();
        var terms = plans.terms(app, payment.provider());
        BigDecimal amount = payment.amount();
        BigDecimal fee = payment.fee() != null ? payment.fee() : terms.rule().feeOn(amount);
        BigDecimal net = amount.subtract(fee);
        Instant now = Timestamps.truncate(clock.instant());
        LocalDate availableOn = LocalDate.ofInstant(now, DAKAR).plusDays(terms.availabilityDays());
        var posting = new Posting(
                RandomTokens.uuidV7(clock),
                new Posting.Cause("payment", payment.transactionUuid().value().toString()),
                Posting.Type.PAYMENT,
                app,
                env,
                currency,
                amount,
                fee,
                net,
                payment.reference().value(),
                now,
                availableOn,
                List.of(
                        new Posting.Entry(Account.clearing(env, payment.provider(), currency), amount.negate()),
                        new Posting.Entry(Account.pending(app, env, currency), net),
                        new Posting.Entry(Account.fees(env, currency), fee)));
        if (journal.write(posting) && net.signum() > 0) {
            journal.hold(posting, availableOn.atStartOfDay(DAKAR).toInstant());
        }
    }

    /**
     * A refund set aside before its provider was asked ({@link Refunds}) leaves the clearing account.
     * One without (a refund that reached REFUNDED another way) is taken from the balance at once: the
     * amount refunded leaves the clearing account and the merchant's balance, from pending what the
     * payment still holds there (the rest, its fee, from available), else all from available; the money
     * has left already, so this one may take available below zero. The fee is kept unless the
     * operator's setting gives it back. A payment posted before the ledger existed has no posting to
     * undo: nothing is written.
     */
    private void refunded(Payment payment) {
        var claim = refunds.claimOf(payment);
        if (claim.isPresent()) {
            refunds.sent(payment, claim.get());
            return;
        }
        var paid = journal.paymentPosting(payment.transactionUuid().value().toString())
                .orElse(null);
        if (paid == null) {
            return;
        }
        ApplicationId app = payment.applicationId();
        Environment env = payment.environment();
        String currency = paid.currency();
        BigDecimal feeBack = properties.refundReturnsFee() ? paid.fee() : BigDecimal.ZERO;
        BigDecimal debit = paid.amount().subtract(feeBack);
        UUID id = RandomTokens.uuidV7(clock);
        var cause =
                new Posting.Cause("refund", payment.transactionUuid().value().toString());
        // A refund posted already writes nothing (its status change cannot happen twice either: the
        // payment's conditional update serialises them; a race past this read rolls everything back).
        if (journal.posted(cause)) {
            return;
        }
        BigDecimal fromPending = BigDecimal.ZERO;
        if (paid.net().signum() > 0 && journal.release(paid.id(), id)) {
            fromPending = paid.net();
        }
        BigDecimal fromAvailable = debit.subtract(fromPending);
        var posting = new Posting(
                id,
                cause,
                Posting.Type.REFUND,
                app,
                env,
                currency,
                paid.amount().negate(),
                feeBack.negate(),
                debit.negate(),
                payment.reference().value(),
                Timestamps.truncate(clock.instant()),
                null,
                List.of(
                        new Posting.Entry(Account.clearing(env, payment.provider(), currency), paid.amount()),
                        new Posting.Entry(Account.pending(app, env, currency), fromPending.negate()),
                        new Posting.Entry(Account.available(app, env, currency), fromAvailable.negate()),
                        new Posting.Entry(Account.fees(env, currency), feeBack.negate())));
        if (!journal.write(posting)) {
            throw new IllegalStateException("The refund of " + payment.reference() + " was posted meanwhile");
        }
    }
}
