package sn.xaalis.settlement;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/**
 * A settlement as stored.
 *
 * @param reference {@code STL-} and 8 letters or digits: what its webhooks' ids are made of
 * @param payoutReference the reference of the payout that carries the money
 * @param origin who asked: {@code api}, {@code portal} or {@code automatic} (the daily job)
 */
public record Settlement(
        UUID id,
        String reference,
        ApplicationId applicationId,
        Environment environment,
        BigDecimal amount,
        String currency,
        Provider provider,
        CustomerPhone phone,
        SettlementStatus status,
        UUID payoutId,
        String payoutReference,
        String origin,
        @Nullable String failureCode,
        @Nullable String failureReason,
        Instant createdAt,
        Instant updatedAt) {

    Settlement moved(SettlementStatus to, @Nullable String code, @Nullable String reason, Instant now) {
        return new Settlement(
                id,
                reference,
                applicationId,
                environment,
                amount,
                currency,
                provider,
                phone,
                to,
                payoutId,
                payoutReference,
                origin,
                code,
                reason,
                createdAt,
                now);
    }

    public String maskedDestination() {
        return Destination.mask(phone);
    }

    @Override
    public String toString() {
        return "Settlement[" + id + ", " + status + "]";
    }
}
