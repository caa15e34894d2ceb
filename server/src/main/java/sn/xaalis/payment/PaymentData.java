package sn.xaalis.payment;

import com.fasterxml.jackson.annotation.JsonRawValue;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.Timestamps;

/**
 * The payment fields of SPEC §2.2, in order, then the operator's fee and the net amount (null until
 * SUCCESS): the {@code data} of every notification and the core of the status response, from one
 * mapping so the two can never drift.
 */
public record PaymentData(
        String transactionUuid,
        String reference,
        String provider,
        String environment,
        String amount,
        String currency,
        String status,
        String providerReference,
        @Nullable String paidAt,
        @Nullable String expiredAt,
        @Nullable String errorMessage,
        @JsonRawValue String metadata,
        @Nullable String fee,
        @Nullable String netAmount) {

    public static PaymentData of(Payment p) {
        return new PaymentData(
                p.transactionUuid().toString(),
                p.reference().value(),
                p.provider().name(),
                p.environment().value(),
                Amounts.format(p.amount()),
                p.currency(),
                p.status().name(),
                p.providerReference(),
                Timestamps.micros(p.paidAt()),
                Timestamps.micros(p.expiredAt()),
                p.errorMessage(),
                p.metadataJson(),
                Amounts.formatOrNull(p.fee()),
                Amounts.formatOrNull(p.netAmount()));
    }
}
