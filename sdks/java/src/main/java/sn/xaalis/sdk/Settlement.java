package sn.xaalis.sdk;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A settlement as the API returns it (API §17.1), and as the {@code data} of its notifications.
 *
 * @param id the settlement's identifier in every other call
 * @param reference {@code STL-} and 8 characters, as the notifications' ids carry it
 * @param environment {@code sandbox} or {@code live}
 * @param amount what is paid out, exact with two decimals
 * @param provider the provider of the number it goes to
 * @param destination the number it goes to, masked ({@code +221 77 *** ** 67})
 * @param status {@code PROCESSING}, {@code PAID}, {@code FAILED} or {@code REVERSED}
 * @param payoutReference the reference of the payout that carries it
 * @param origin who asked: {@code api}, {@code portal} or {@code automatic}
 * @param failureCode the provider's code of a failure, else null
 * @param failureReason why it failed, else null
 */
public record Settlement(
        String id,
        String reference,
        String environment,
        BigDecimal amount,
        String currency,
        String provider,
        String destination,
        String status,
        String payoutReference,
        String origin,
        String failureCode,
        String failureReason,
        Instant createdAt,
        Instant updatedAt) {}
