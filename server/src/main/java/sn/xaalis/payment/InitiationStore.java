package sn.xaalis.payment;

import org.jspecify.annotations.Nullable;
import sn.xaalis.idempotency.Idempotency;

/**
 * Stores a payment whose session is open, with its first history row, its rollups and the idempotent
 * answer when there is a key: all of it or nothing. One implementation per database, chosen once at
 * start-up ({@link PaymentStores}).
 */
interface InitiationStore {

    /**
     * @param keyed the idempotency key's scope and the request's fingerprint, or null without a key
     * @return the answer, or null when the payment's reference was taken (draw another)
     * @throws ConcurrentDuplicate when another request stored an answer under the same key first
     */
    PaymentInitiation.@Nullable Outcome store(
            Payment payment, @Nullable String providerQr, String body, Idempotency.@Nullable Keyed keyed);

    /** Raised inside the transaction to roll it back when another request stored the same key first. */
    final class ConcurrentDuplicate extends RuntimeException {
        ConcurrentDuplicate() {
            super(null, null, false, false);
        }
    }
}
