package sn.xaalis.sdk;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

/**
 * What moved the balance once (API §16.2).
 *
 * @param type {@code payment}, {@code refund}, {@code refund_reversal}, {@code settlement},
 *     {@code settlement_reversal}, {@code fee} or {@code adjustment}
 * @param amount the payment's amount; for a refund, minus the amount refunded
 * @param fee the operator's fee on a payment; on a refund, minus the fee given back
 * @param net what the balance moved: {@code amount - fee}
 * @param reference the payment's reference; for a settlement or its reversal, the settlement's id
 * @param availableOn for a payment, the day (Dakar time) its net becomes available; else null
 * @param description for an adjustment, the operator's reason; else null
 */
public record BalanceTransaction(
        String id,
        String type,
        BigDecimal amount,
        BigDecimal fee,
        BigDecimal net,
        String reference,
        Instant createdAt,
        LocalDate availableOn,
        String description) {}
