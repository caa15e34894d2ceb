package sn.xaalis.payment;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.SequencedMap;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;
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
 * @param connectionVersion the version of that connection's account it was opened in: a connection saved
 *     since with another account keeps this one for it (1 without a connection)
 * @param fee the operator's fee, set with SUCCESS (0 on the merchant's own connection); null before
 * @param netAmount the amount less the fee, what the merchant is credited; null before SUCCESS
 */
public record Payment(
        PaymentId transactionUuid,
        Reference reference,
        ApplicationId applicationId,
        Environment environment,
        Provider provider,
        BigDecimal amount,
        String currency,
        PaymentStatus status,
        @Nullable String description,
        @Nullable String customerPhone,
        @Nullable String customerName,
        String metadataJson,
        @Nullable String successUrl,
        @Nullable String errorUrl,
        String providerReference,
        SequencedMap<String, String> deepLinks,
        Instant expiresAt,
        Instant createdAt,
        @Nullable Instant paidAt,
        @Nullable Instant expiredAt,
        @Nullable String errorMessage,
        @Nullable String providerTransactionId,
        @Nullable ConnectionId connectionId,
        int connectionVersion,
        @Nullable BigDecimal fee,
        @Nullable BigDecimal netAmount) {

    /** A payment not yet paid: no fee yet. */
    public Payment(
            PaymentId transactionUuid,
            Reference reference,
            ApplicationId applicationId,
            Environment environment,
            Provider provider,
            BigDecimal amount,
            String currency,
            PaymentStatus status,
            @Nullable String description,
            @Nullable String customerPhone,
            @Nullable String customerName,
            String metadataJson,
            @Nullable String successUrl,
            @Nullable String errorUrl,
            String providerReference,
            SequencedMap<String, String> deepLinks,
            Instant expiresAt,
            Instant createdAt,
            @Nullable Instant paidAt,
            @Nullable Instant expiredAt,
            @Nullable String errorMessage,
            @Nullable String providerTransactionId,
            @Nullable ConnectionId connectionId,
            int connectionVersion) {
        this(
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
                connectionId,
                connectionVersion,
                null,
                null);
    }

    /** The same payment with the fee its SUCCESS takes: the net amount is the rest. */
    public Payment withFee(BigDecimal newFee) {
        return toBuilder().fee(newFee).netAmount(amount.subtract(newFee)).build();
    }

    /** The same payment after a status change. */
    Payment with(
            PaymentStatus newStatus,
            @Nullable Instant newPaidAt,
            @Nullable Instant newExpiredAt,
            @Nullable String newErrorMessage) {
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
                .connectionId(connectionId)
                .connectionVersion(connectionVersion)
                .fee(fee)
                .netAmount(netAmount);
    }

    /** Fields left unset are null (a new payment has no paid_at, expired_at, error or provider transaction yet). */
    static final class Builder {
        private @Nullable PaymentId transactionUuid;
        private @Nullable Reference reference;
        private @Nullable ApplicationId applicationId;
        private @Nullable Environment environment;
        private @Nullable Provider provider;
        private @Nullable BigDecimal amount;
        private @Nullable String currency;
        private @Nullable PaymentStatus status;
        private @Nullable String description;
        private @Nullable String customerPhone;
        private @Nullable String customerName;
        private @Nullable String metadataJson;
        private @Nullable String successUrl;
        private @Nullable String errorUrl;
        private @Nullable String providerReference;
        private @Nullable SequencedMap<String, String> deepLinks;
        private @Nullable Instant expiresAt;
        private @Nullable Instant createdAt;
        private @Nullable Instant paidAt;
        private @Nullable Instant expiredAt;
        private @Nullable String errorMessage;
        private @Nullable String providerTransactionId;
        private @Nullable ConnectionId connectionId;
        private int connectionVersion = 1;
        private @Nullable BigDecimal fee;
        private @Nullable BigDecimal netAmount;

        private Builder() {}

        Builder transactionUuid(PaymentId value) {
            transactionUuid = value;
            return this;
        }

        Builder reference(Reference value) {
            reference = value;
            return this;
        }

        Builder applicationId(ApplicationId value) {
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

        Builder description(@Nullable String value) {
            description = value;
            return this;
        }

        Builder customerPhone(@Nullable String value) {
            customerPhone = value;
            return this;
        }

        Builder customerName(@Nullable String value) {
            customerName = value;
            return this;
        }

        Builder metadataJson(String value) {
            metadataJson = value;
            return this;
        }

        Builder successUrl(@Nullable String value) {
            successUrl = value;
            return this;
        }

        Builder errorUrl(@Nullable String value) {
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

        Builder paidAt(@Nullable Instant value) {
            paidAt = value;
            return this;
        }

        Builder expiredAt(@Nullable Instant value) {
            expiredAt = value;
            return this;
        }

        Builder errorMessage(@Nullable String value) {
            errorMessage = value;
            return this;
        }

        Builder providerTransactionId(@Nullable String value) {
            providerTransactionId = value;
            return this;
        }

        Builder connectionId(@Nullable ConnectionId value) {
            connectionId = value;
            return this;
        }

        Builder connectionVersion(int value) {
            connectionVersion = value;
            return this;
        }

        Builder fee(@Nullable BigDecimal value) {
            fee = value;
            return this;
        }

        Builder netAmount(@Nullable BigDecimal value) {
            netAmount = value;
            return this;
        }

        /** A payment needs every field but those a new one lacks (see the class); a missing one is a bug. */
        Payment build() {
            return new Payment(
                    Objects.requireNonNull(transactionUuid, "transactionUuid"),
                    Objects.requireNonNull(reference, "reference"),
                    Objects.requireNonNull(applicationId, "applicationId"),
                    Objects.requireNonNull(environment, "environment"),
                    Objects.requireNonNull(provider, "provider"),
                    Objects.requireNonNull(amount, "amount"),
                    Objects.requireNonNull(currency, "currency"),
                    Objects.requireNonNull(status, "status"),
                    description,
                    customerPhone,
                    customerName,
                    Objects.requireNonNull(metadataJson, "metadataJson"),
                    successUrl,
                    errorUrl,
                    Objects.requireNonNull(providerReference, "providerReference"),
                    Objects.requireNonNull(deepLinks, "deepLinks"),
                    Objects.requireNonNull(expiresAt, "expiresAt"),
                    Objects.requireNonNull(createdAt, "createdAt"),
                    paidAt,
                    expiredAt,
                    errorMessage,
                    providerTransactionId,
                    connectionId,
                    connectionVersion,
                    fee,
                    netAmount);
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
                connectionId,
                connectionVersion);
    }

    @Override
    public String toString() {
        // Customer data stays out of logs.
        return "Payment[" + reference + ", " + environment + ", " + provider + ", " + status + "]";
    }
}
