package sn.xaalis.sdk;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * A payout as the API returns it (API §15.1), and as the {@code data} of its notifications.
 *
 * @param reference {@code OUT-} and 8 characters: the payout's identifier in every other call
 * @param environment {@code sandbox} or {@code live}
 * @param amount what the recipient gets, exact with two decimals as sent by the API
 * @param fee what the provider charged on top; null until it said (and for {@code MOBILEMONEY_SN})
 * @param status {@code PROCESSING}, {@code SUCCESS}, {@code FAILED}, {@code REVERSED} or {@code NEEDS_REVIEW}
 * @param failureCode the provider's code of a failure, else null
 * @param failureReason why it failed, or what to check for {@code NEEDS_REVIEW}; else null
 * @param metadata your JSON object, exactly as you sent it
 * @param settledAt null until its outcome (or the need for a review) is known
 */
public record Payout(
        String reference,
        String provider,
        String environment,
        BigDecimal amount,
        BigDecimal fee,
        String currency,
        String recipientPhone,
        String recipientName,
        String reason,
        String status,
        String failureCode,
        String failureReason,
        JsonNode metadata,
        Instant createdAt,
        Instant updatedAt,
        Instant settledAt) {}
