package sn.xaalis.provider;

import java.math.BigDecimal;
import java.time.Instant;
import sn.xaalis.platform.Environment;

/** What a provider needs to open a payment session for the customer. */
public record SessionRequest(
        String reference,
        Provider provider,
        Environment environment,
        BigDecimal amount,
        String currency,
        String customerPhone,
        String successUrl,
        String errorUrl,
        Instant expiresAt) {}
