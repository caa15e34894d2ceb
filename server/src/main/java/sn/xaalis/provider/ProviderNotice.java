package sn.xaalis.provider;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ConnectionId;

/**
 * An authenticated message from a provider about one of our payments, already checked (signature,
 * shared secret, or confirmation with the provider) and reduced to what the payment module acts on.
 *
 * @param connectionId the connection whose address the message came to, or null for the installation's
 *     own account: it may move only payments opened in that account
 * @param providerReference the session id the provider names, or null when it names none
 * @param providerTransactionId the provider's payment transaction id, or null
 * @param amount the amount the provider says was paid, or null when it does not say
 * @param eventId the provider's id for this message, kept in the status history; null when it gives none
 */
public record ProviderNotice(
        Provider provider,
        @Nullable ConnectionId connectionId,
        String reference,
        @Nullable String providerReference,
        @Nullable String providerTransactionId,
        SessionState state,
        @Nullable BigDecimal amount,
        @Nullable String eventId) {}
