package sn.xaalis.sdk;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;

/**
 * A payment as the API returns it (SPEC §2.1 at initiation, §2.2 plus links and times for the status).
 *
 * @param amount exact, with two decimals as sent by the API
 * @param status {@code PROCESSING}, {@code SUCCESS}, {@code FAILED}, {@code CANCELLED}, {@code EXPIRED} or {@code REFUNDED}
 * @param deepLinks links that open the provider's app, by key ({@code WALLET}, {@code MM}, {@code APP2})
 * @param qrCode base64 PNG without a {@code data:} prefix; only in the initiation response, else null
 * @param paidAt null until paid (and in the initiation response)
 * @param expiredAt null unless expired
 * @param errorMessage the reason of a failure, else null
 * @param metadata your JSON object, exactly as you sent it
 * @param fee the operator's fee, set when the payment succeeds (zero on your own provider account); null
 *     before, and in the initiation response
 * @param netAmount the amount less the fee, what your balance is credited; null until the payment succeeds
 */
public record Payment(
        String transactionUuid,
        String reference,
        String provider,
        String environment,
        BigDecimal amount,
        String currency,
        String status,
        Map<String, String> deepLinks,
        String qrCode,
        String providerReference,
        Instant expiresAt,
        Instant createdAt,
        Instant paidAt,
        Instant expiredAt,
        String errorMessage,
        JsonNode metadata,
        BigDecimal fee,
        BigDecimal netAmount) {

    /** Whether the payment reached a status it will not leave (except SUCCESS, which a refund can change). */
    public boolean isFinal() {
        return !"PROCESSING".equals(status);
    }
}
