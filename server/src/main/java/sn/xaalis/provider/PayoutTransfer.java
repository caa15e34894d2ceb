package sn.xaalis.provider;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * A payout as a provider is asked to send it, or asked about.
 *
 * @param reference ours: the provider call's idempotency key and client reference, and what it is found by
 * @param recipientPhone E.164 ({@code +221…})
 * @param recipientName as the merchant gave it, or null
 * @param reason shown to the recipient where the provider shows one (≤ 40 characters), or null
 * @param providerReference the provider's own id once it gave one, else null
 */
public record PayoutTransfer(
        String reference,
        BigDecimal amount,
        String currency,
        String recipientPhone,
        @Nullable String recipientName,
        @Nullable String reason,
        @Nullable String providerReference) {}
