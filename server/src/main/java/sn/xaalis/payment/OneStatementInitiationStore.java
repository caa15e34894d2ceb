package sn.xaalis.payment;

import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import sn.xaalis.idempotency.Idempotency;

/**
 * PostgreSQL's {@link InitiationStore}: the same rows in one statement that commits on its own, one
 * round trip instead of three. A key already taken (by another node's request, or by an expired record
 * that {@link Idempotency#record} replaces) stores nothing and takes the transactional path, which
 * tells the two apart.
 */
final class OneStatementInitiationStore implements InitiationStore {

    private final Payments payments;
    private final Idempotency idempotency;
    private final InTransactionInitiationStore inTransaction;

    OneStatementInitiationStore(
            Payments payments, Idempotency idempotency, InTransactionInitiationStore inTransaction) {
        this.payments = payments;
        this.idempotency = idempotency;
        this.inTransaction = inTransaction;
    }

    @Override
    public PaymentInitiation.@Nullable Outcome store(
            Payment payment, @Nullable String providerQr, String body, Idempotency.@Nullable Keyed keyed) {
        boolean stored;
        try {
            stored = payments.insertAtOnce(
                    payment,
                    inTransaction.firstCheck(payment),
                    providerQr,
                    keyed == null ? null : idempotency.insertStep(keyed, new Idempotency.StoredResponse(201, body)));
        } catch (DuplicateKeyException conflict) {
            return inTransaction.referenceTaken(payment);
        }
        return stored
                ? new PaymentInitiation.Outcome(201, body, false)
                : inTransaction.store(payment, providerQr, body, keyed);
    }
}
