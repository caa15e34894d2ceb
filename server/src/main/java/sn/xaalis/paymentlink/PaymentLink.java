package sn.xaalis.paymentlink;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.payment.PaymentId;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/**
 * A payment link as stored, with the status of the payment that holds it when it is single use.
 *
 * @param amount the fixed amount, or null when the customer chooses between min and max
 * @param maxPaymentsPerHour the merchant's cap on payments started from it in an hour, or null for none
 * @param openPaymentId the payment that holds a single-use link (it may not exist yet: being initiated)
 * @param openPaymentStatus that payment's status, or null when there is no such payment (yet)
 */
record PaymentLink(
        UUID id,
        String code,
        ApplicationId applicationId,
        MerchantId merchantId,
        Environment environment,
        @Nullable BigDecimal amount,
        @Nullable BigDecimal minAmount,
        @Nullable BigDecimal maxAmount,
        String currency,
        @Nullable String description,
        Set<Provider> providers,
        boolean singleUse,
        @Nullable Instant expiresAt,
        @Nullable Integer maxPaymentsPerHour,
        boolean active,
        @Nullable PaymentId openPaymentId,
        @Nullable PaymentStatus openPaymentStatus,
        @Nullable Instant claimedAt,
        Instant createdAt) {

    /**
     * A claim whose payment never appeared (the node stopped between the two) is given up after this:
     * far longer than an initiation can take (three provider calls within their timeouts).
     */
    static final Duration ABANDONED_CLAIM = Duration.ofMinutes(10);

    /** What a customer opening the link finds. */
    enum State {
        OPEN,
        IN_PROGRESS,
        PAID,
        EXPIRED,
        DEACTIVATED
    }

    /** The same rules as the claim's conditional update ({@link PaymentLinks#claim}), read at {@code now}. */
    State state(Instant now) {
        if (!active) {
            return State.DEACTIVATED;
        }
        if (singleUse && (openPaymentStatus == PaymentStatus.SUCCESS || openPaymentStatus == PaymentStatus.REFUNDED)) {
            return State.PAID;
        }
        if (expiresAt != null && !now.isBefore(expiresAt)) {
            return State.EXPIRED;
        }
        boolean held = openPaymentStatus == PaymentStatus.PROCESSING
                || (openPaymentId != null
                        && openPaymentStatus == null
                        && claimedAt != null
                        && claimedAt.isAfter(now.minus(ABANDONED_CLAIM)));
        return singleUse && held ? State.IN_PROGRESS : State.OPEN;
    }

    public boolean fixedAmount() {
        return amount != null;
    }
}
