package sn.xaalis.payment;

import java.time.Instant;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.Environment;

/**
 * Stores a payment whose session is open, with its first history row, its rollups and the idempotent
 * answer when there is a key: all of it or nothing.
 */
@Component
class InitiationStore {

    private final Payments payments;
    private final StatusHistory history;
    private final Idempotency idempotency;
    private final TransactionTemplate transactions;
    private final Database database;
    private final PaymentProperties properties;

    InitiationStore(
            Payments payments,
            StatusHistory history,
            Idempotency idempotency,
            TransactionTemplate transactions,
            Database database,
            PaymentProperties properties) {
        this.payments = payments;
        this.history = history;
        this.idempotency = idempotency;
        this.transactions = transactions;
        this.database = database;
        this.properties = properties;
    }

    /**
     * @param scope the idempotency key's scope, or null without a key
     * @return the answer, or null when the payment's reference was taken (draw another)
     * @throws ConcurrentDuplicate when another request stored an answer under the same key first
     */
    PaymentInitiation.Outcome store(
            Payment payment, String providerQr, String body, Idempotency.Scope scope, String requestHash) {
        return database.embedded()
                ? storeInTransaction(payment, providerQr, body, scope, requestHash)
                : storeAtOnce(payment, providerQr, body, scope, requestHash);
    }

    private PaymentInitiation.Outcome storeInTransaction(
            Payment payment, String providerQr, String body, Idempotency.Scope scope, String requestHash) {
        return transactions.execute(tx -> {
            if (!payments.insert(payment, firstCheck(payment), providerQr)) {
                tx.setRollbackOnly();
                return referenceTaken(payment);
            }
            history.recordTransition(
                    payment.transactionUuid(), null, PaymentStatus.PROCESSING, "api", null, payment.createdAt());
            if (scope != null && !idempotency.record(scope, requestHash, new Idempotency.StoredResponse(201, body))) {
                tx.setRollbackOnly();
                throw new ConcurrentDuplicate();
            }
            return new PaymentInitiation.Outcome(201, body, false);
        });
    }

    /**
     * The same rows in one PostgreSQL statement that commits on its own: one round trip instead of
     * three. A key already taken (by another node's request, or by an expired record that {@link
     * Idempotency#record} replaces) stores nothing and takes the path above, which tells the two apart.
     */
    private PaymentInitiation.Outcome storeAtOnce(
            Payment payment, String providerQr, String body, Idempotency.Scope scope, String requestHash) {
        boolean stored;
        try {
            stored = payments.insertAtOnce(
                    payment,
                    firstCheck(payment),
                    providerQr,
                    scope == null
                            ? null
                            : idempotency.insertStep(scope, requestHash, new Idempotency.StoredResponse(201, body)));
        } catch (DuplicateKeyException conflict) {
            return referenceTaken(payment);
        }
        return stored
                ? new PaymentInitiation.Outcome(201, body, false)
                : storeInTransaction(payment, providerQr, body, scope, requestHash);
    }

    /**
     * After a conflict on storing: null when another payment holds the reference (draw another); any
     * other conflict (the payment's own id, already stored) is a bug, never a reason to open sessions.
     */
    private PaymentInitiation.Outcome referenceTaken(Payment payment) {
        if (payments.referenceHeldByAnother(payment.reference(), payment.transactionUuid())) {
            return null;
        }
        throw new IllegalStateException(
                "Payment " + payment.transactionUuid() + " could not be stored: its id is taken");
    }

    private Instant firstCheck(Payment payment) {
        return payment.environment() == Environment.LIVE ? payment.createdAt().plus(properties.reconcileAfter()) : null;
    }

    /** Raised inside the transaction to roll it back when another request stored the same key first. */
    static final class ConcurrentDuplicate extends RuntimeException {
        ConcurrentDuplicate() {
            super(null, null, false, false);
        }
    }
}
