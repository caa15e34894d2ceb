package sn.xaalis.payment;

import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.platform.Environment;

/**
 * The embedded database's {@link InitiationStore}: the rows one statement each, in one transaction.
 * PostgreSQL's store falls back on it when an idempotency key turns out to be taken.
 */
final class InTransactionInitiationStore implements InitiationStore {

    private final Payments payments;
    private final StatusHistory history;
    private final Idempotency idempotency;
    private final TransactionTemplate transactions;
    private final PaymentProperties properties;

    InTransactionInitiationStore(
            Payments payments,
            StatusHistory history,
            Idempotency idempotency,
            TransactionTemplate transactions,
            PaymentProperties properties) {
        this.payments = payments;
        this.history = history;
        this.idempotency = idempotency;
        this.transactions = transactions;
        this.properties = properties;
    }

    @Override
    public PaymentInitiation.@Nullable Outcome store(
            Payment payment, @Nullable String providerQr, String body, Idempotency.@Nullable Keyed keyed) {
        return transactions.execute(tx -> {
            if (!payments.insert(payment, firstCheck(payment), providerQr)) {
                tx.setRollbackOnly();
                return referenceTaken(payment);
            }
            history.recordTransition(
                    payment.transactionUuid(), null, PaymentStatus.PROCESSING, "api", null, payment.createdAt());
            if (keyed != null && !idempotency.record(keyed, new Idempotency.StoredResponse(201, body))) {
                tx.setRollbackOnly();
                throw new ConcurrentDuplicate();
            }
            return new PaymentInitiation.Outcome(201, body, false);
        });
    }

    /**
     * After a conflict on storing: null when another payment holds the reference (draw another); any
     * other conflict (the payment's own id, already stored) is a bug, never a reason to open sessions.
     */
    PaymentInitiation.@Nullable Outcome referenceTaken(Payment payment) {
        if (payments.referenceHeldByAnother(payment.reference(), payment.transactionUuid())) {
            return null;
        }
        throw new IllegalStateException(
                "Payment " + payment.transactionUuid() + " could not be stored: its id is taken");
    }

    /** When a live payment's provider is first asked about it, should its callback not come (D6). */
    @Nullable
    Instant firstCheck(Payment payment) {
        return payment.environment() == Environment.LIVE ? payment.createdAt().plus(properties.reconcileAfter()) : null;
    }
}
