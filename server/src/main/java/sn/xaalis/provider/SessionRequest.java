package sn.xaalis.provider;

import java.math.BigDecimal;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;

/**
 * What a provider needs to open a payment session for the customer.
 *
 * @param applicationId whose provider account a live session is opened in (D26)
 * @param merchantName shown to the customer by providers that display one
 * @param successUrl where the provider sends the customer after paying (never null for live adapters)
 * @param errorUrl where the provider sends the customer after a failure or cancellation
 */
public record SessionRequest(
        ApplicationId applicationId,
        String reference,
        Provider provider,
        Environment environment,
        BigDecimal amount,
        String currency,
        @Nullable String customerPhone,
        @Nullable String merchantName,
        @Nullable String successUrl,
        @Nullable String errorUrl,
        Instant expiresAt) {}
