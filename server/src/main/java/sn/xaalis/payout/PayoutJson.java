package sn.xaalis.payout;

import com.fasterxml.jackson.annotation.JsonRawValue;
import org.jspecify.annotations.Nullable;
import sn.xaalis.payment.Amounts;
import sn.xaalis.platform.Timestamps;

/**
 * A payout as every answer about it and the {@code data} of its webhooks show it, from one mapping so
 * the two never drift. The recipient's number is shown as the merchant sent it: it is their data.
 */
public record PayoutJson(
        String reference,
        String provider,
        String environment,
        String amount,
        @Nullable String fee,
        String currency,
        String recipientPhone,
        @Nullable String recipientName,
        @Nullable String reason,
        String status,
        @Nullable String failureCode,
        @Nullable String failureReason,
        @JsonRawValue String metadata,
        String createdAt,
        String updatedAt,
        @Nullable String settledAt) {

    public static PayoutJson of(Payout p) {
        return new PayoutJson(
                p.reference().value(),
                p.provider().name(),
                p.environment().value(),
                Amounts.format(p.amount()),
                p.fee() == null ? null : Amounts.format(p.fee()),
                p.currency(),
                p.recipientPhone(),
                p.recipientName(),
                p.reason(),
                p.status().name(),
                p.failureCode(),
                p.failureReason(),
                p.metadata(),
                Timestamps.micros(p.createdAt()),
                Timestamps.micros(p.updatedAt()),
                Timestamps.micros(p.settledAt()));
    }
}
