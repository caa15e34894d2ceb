package sn.xaalis.settlement;

import java.util.Objects;
import org.jspecify.annotations.Nullable;
import sn.xaalis.payment.Amounts;
import sn.xaalis.platform.Timestamps;

/** A settlement as the API answers it and its webhooks carry it, from one mapping. */
record SettlementJson(
        String id,
        String reference,
        String environment,
        String amount,
        String currency,
        String provider,
        String destination,
        String status,
        String payoutReference,
        String origin,
        @Nullable String failureCode,
        @Nullable String failureReason,
        String createdAt,
        String updatedAt) {

    static SettlementJson of(Settlement s) {
        return new SettlementJson(
                s.id().toString(),
                s.reference(),
                s.environment().value(),
                Amounts.format(s.amount()),
                s.currency(),
                s.provider().name(),
                s.maskedDestination(),
                s.status().name(),
                s.payoutReference(),
                s.origin(),
                s.failureCode(),
                s.failureReason(),
                Objects.requireNonNull(Timestamps.micros(s.createdAt())),
                Objects.requireNonNull(Timestamps.micros(s.updatedAt())));
    }
}
