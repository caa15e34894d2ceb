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
        return toBuilder()
                .status(newStatus)
                .paidAt(newPaidAt)
                .expiredAt(newExpiredAt)
                .errorMessage(newErrorMessage)
                .build();
    }

    /** A payment named field by field, for code that makes one (a payment has too many fields to list in order). */
    static Builder builder() {
        return new Builder();
    }

    Builder toBuilder() {
        return new Builder()
                .transactionUuid(transactionUuid)
                .reference(reference)
                .applicationId(applicationId)
                .environment(environment)
                .provider(provider)
                .amount(amount)
                .currency(currency)
                .status(status)
                .description(description)
                .customerPhone(customerPhone)
                .customerName(customerName)
                .metadataJson(metadataJson)
                .successUrl(successUrl)
                .errorUrl(errorUrl)
                .providerReference(providerReference)
                .deepLinks(deepLinks)
                .expiresAt(expiresAt)
                .createdAt(createdAt)
                .paidAt(paidAt)
                .expiredAt(expiredAt)
                .errorMessage(errorMessage)
                .providerTransactionId(providerTransactionId)
                .connectionId(connectionId);
    }

    /** Fields left unset are null (a new payment has no paid_at, expired_at, error or provider transaction yet). */
    static final class Builder {
        private UUID transactionUuid;
        private Reference reference;
        private UUID applicationId;
        private Environment environment;
        private Provider provider;
        private BigDecimal amount;
        private String currency;
        private PaymentStatus status;
        private String description;
        private String customerPhone;
        private String customerName;
        private String metadataJson;
        private String successUrl;
        private String errorUrl;
        private String providerReference;
        private SequencedMap<String, String> deepLinks;
        private Instant expiresAt;
        private Instant createdAt;
        private Instant paidAt;
        private Instant expiredAt;
        private String errorMessage;
        private String providerTransactionId;
        private UUID connectionId;

        private Builder() {}

        Builder transactionUuid(UUID value) {
            transactionUuid = value;
            return this;
        }

        Builder reference(Reference value) {
            reference = value;
            return this;
        }

        Builder applicationId(UUID value) {
            applicationId = value;
            return this;
        }

        Builder environment(Environment value) {
            environment = value;
            return this;
        }

        Builder provider(Provider value) {
            provider = value;
            return this;
        }

        Builder amount(BigDecimal value) {
            amount = value;
            return this;
        }

        Builder currency(String value) {
            currency = value;
            return this;
        }

        Builder status(PaymentStatus value) {
            status = value;
            return this;
        }

        Builder description(String value) {
            description = value;
            return this;
        }

        Builder customerPhone(String value) {
            customerPhone = value;
            return this;
        }

        Builder customerName(String value) {
            customerName = value;
            return this;
        }

        Builder metadataJson(String value) {
            metadataJson = value;
            return this;
        }

        Builder successUrl(String value) {
            successUrl = value;
            return this;
        }

        Builder errorUrl(String value) {
            errorUrl = value;
            return this;
        }

        Builder providerReference(String value) {
            providerReference = value;
            return this;
        }

        Builder deepLinks(SequencedMap<String, String> value) {
            deepLinks = value;
            return this;
        }

        Builder expiresAt(Instant value) {
            expiresAt = value;
            return this;
        }

        Builder createdAt(Instant value) {
            createdAt = value;
            return this;
        }

        Builder paidAt(Instant value) {
            paidAt = value;
            return this;
        }

        Builder expiredAt(Instant value) {
            expiredAt = value;
            return this;
        }

        Builder errorMessage(String value) {
            errorMessage = value;
            return this;
        }

        Builder providerTransactionId(String value) {
            providerTransactionId = value;
            return this;
        }

        Builder connectionId(UUID value) {
            connectionId = value;
            return this;
        }

        Payment build() {
            return new Payment(
                    transactionUuid,
                    reference,
                    applicationId,
                    environment,
                    provider,
                    amount,
                    currency,
                    status,
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
                    paidAt,
                    expiredAt,
                    errorMessage,
                    providerTransactionId,
                    connectionId);
        }
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
