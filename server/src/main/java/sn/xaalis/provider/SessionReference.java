package sn.xaalis.provider;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Environment;

/**
 * Identifies an existing session at a provider.
 *
 * @param providerTransactionId the provider's payment transaction, once a notification named it; else null
 * @param connectionId the merchant's connection the session was opened in; null for the installation's own
 *     account
 * @param connectionVersion the version of that connection's account it was opened in (1 without one)
 */
public record SessionReference(
        Provider provider,
        Environment environment,
        String reference,
        @Nullable String providerReference,
        @Nullable String providerTransactionId,
        BigDecimal amount,
        @Nullable ConnectionId connectionId,
        int connectionVersion) {}
