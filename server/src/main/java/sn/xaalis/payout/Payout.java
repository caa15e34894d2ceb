package sn.xaalis.payout;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import sn.xaalis.merchant.Caller;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/**
 * A payout as stored.
 *
 * @param fee what the provider charged on top of the amount, once it said so
 * @param failureCode the provider's code for a failure (such as {@code recipient-limit-exceeded})
 * @param providerReference the provider's id for the transfer, once known
 * @param requestedFrom the address the request came from (the audit trail's "from where")
 * @param requestedBy who asked: {@code api} for the application's secret key, the merchant's e-mail for
 *     the portal (the audit trail's "who"); null for payouts made before it was kept
 * @param connectionId the merchant's own provider account a live payout goes out of; null in the sandbox
 */
public record Payout(
        UUID id,
        PayoutReference reference,
        ApplicationId applicationId,
        Environment environment,
        Provider provider,
        BigDecimal amount,
        @Nullable BigDecimal fee,
        String currency,
        String recipientPhone,
        @Nullable String recipientName,
        @Nullable String reason,
        String metadata,
        PayoutStatus status,
        PayoutStage stage,
        @Nullable String failureCode,
        @Nullable String failureReason,
        @Nullable String providerReference,
        String requestedFrom,
        @Nullable String requestedBy,
        @Nullable ConnectionId connectionId,
        int checks,
        Instant createdAt,
        Instant updatedAt,
        @Nullable Instant settledAt) {

    /**
     * Who asks for a settlement's payout ({@code requested_by}): the installation pays a merchant's
     * balance out of its own account, so the payout has no connection even in live.
     */
    public static final String SETTLEMENT = "settlement";

    /** Whether this payout goes out of the installation's own account (a settlement), not the merchant's. */
    public boolean fromInstallation() {
        return connectionId == null && SETTLEMENT.equals(requestedBy);
    }

    /** A payout just asked for, as it is stored before anything else: queued, its provider told nothing yet. */
    static Payout queued(
            UUID id,
            Caller caller,
            PayoutOrder order,
            String from,
            String who,
            @Nullable ConnectionId connection,
            Instant now) {
        return new Payout(
                id,
                PayoutReference.random(),
                caller.applicationId(),
                caller.environment(),
                order.provider(),
                order.amount(),
                null,
                "XOF",
                order.recipientPhone(),
                order.recipientName(),
                order.reason(),
                order.metadata(),
                PayoutStatus.PROCESSING,
                PayoutStage.QUEUED,
                null,
                null,
                null,
                from,
                who,
                connection,
                0,
                now,
                now,
                null);
    }

    /** This payout as it is once moved to {@code status} and {@code stage}, with what the provider said. */
    Payout moved(
            PayoutStatus status,
            PayoutStage stage,
            @Nullable BigDecimal fee,
            @Nullable String failureCode,
            @Nullable String failureReason,
            @Nullable String providerReference,
            Instant now) {
        return new Payout(
                id,
                reference,
                applicationId,
                environment,
                provider,
                amount,
                fee != null ? fee : this.fee,
                currency,
                recipientPhone,
                recipientName,
                reason,
                metadata,
                status,
                stage,
                failureCode,
                failureReason,
                providerReference != null ? providerReference : this.providerReference,
                requestedFrom,
                requestedBy,
                connectionId,
                checks,
                createdAt,
                now,
                status == PayoutStatus.PROCESSING ? settledAt : now);
    }

    /** This payout, still {@code PROCESSING}, as it is once handed to its provider. */
    Payout sending() {
        return moved(status, PayoutStage.SENDING, null, failureCode, failureReason, null, updatedAt);
    }

    @Override
    public String toString() {
        // The recipient's number and name stay out of logs.
        return "Payout[" + reference + ", " + status + "]";
    }
}
