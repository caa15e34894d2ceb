package sn.xaalis.payment;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.SequencedMap;
import java.util.UUID;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.SessionReference;

/**
 * A payment as stored.
 *
 * @param metadataJson the merchant's JSON object exactly as sent (D5)
 * @param providerTransactionId the provider's transaction, once one of its notifications named it
 * @param connectionId the merchant's connection a live payment was opened in; null for the installation's
 *     own account and in sandbox (D26)
 */
public record Payment(
        UUID transactionUuid,
        Reference reference,
        UUID applicationId,
        Environment environment,
        Provider provider,
        BigDecimal amount,
        String currency,
        PaymentStatus status,
        String description,
        String customerPhone,
        String customerName,
        String metadataJson,
        String successUrl,
        String errorUrl,
        String providerReference,
        SequencedMap<String, String> deepLinks,
        Instant expiresAt,
        Instant createdAt,
        Instant paidAt,
        Instant expiredAt,
        String errorMessage,
        String providerTransactionId,
        UUID connectionId) {

    /** The same payment after a status change. */
    Payment with(PaymentStatus newStatus, Instant newPaidAt, Instant newExpiredAt, String newErrorMessage) {
        return new Payment(
                transactionUuid,
                reference,
                applicationId,
                environment,
                provider,
                amount,
                currency,
                newStatus,
                description,
                customerPhone,
                customerName,
                metadataJson,
                successUrl,
                errorUrl,
                providerReference,
                deepLinks,
                expiresAt,
                createdAt,
                newPaidAt,
                newExpiredAt,
                newErrorMessage,
                providerTransactionId,
                connectionId);
    }

    /** How its provider knows this payment. */
    public SessionReference session() {
        return new SessionReference(
                provider,
                environment,
                reference.value(),
                providerReference,
                providerTransactionId,
                amount,
                connectionId);
    }

    @Override
    public String toString() {
        // Customer data stays out of logs.
        return "Payment[" + reference + ", " + environment + ", " + provider + ", " + status + "]";
    }
}
