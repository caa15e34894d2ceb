package sn.xaalis.provider;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a live adapter needs to act in one provider account: a merchant's own (a connection) or the
 * installation's default. Never logged: {@code toString} names no secret.
 */
public sealed interface Credentials {

    /** How the wallet authenticates the events it sends (chosen when the webhook is set up at the wallet). */
    enum WebhookStrategy {
        /** {@code Wave-Signature: t=…,v1=…}: an HMAC of the timestamp and the raw body. */
        SIGNING,
        /** {@code Authorization: Bearer <secret>}. */
        SHARED;

        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Optional<WebhookStrategy> fromValue(@Nullable String value) {
            for (WebhookStrategy strategy : values()) {
                if (strategy.value().equals(value)) {
                    return Optional.of(strategy);
                }
            }
            return Optional.empty();
        }
    }

    /**
     * A wallet account.
     *
     * @param previousWebhookSecret the secret replaced last, still accepted until {@code previousSecretUntil}
     *     (a rotation at the wallet is not instant); null when none
     */
    record Wallet(
            String apiKey,
            WebhookStrategy webhookStrategy,
            String webhookSecret,
            @Nullable String previousWebhookSecret,
            @Nullable Instant previousSecretUntil)
            implements Credentials {

        /** The webhook secrets that authenticate an event at {@code at}, newest first. */
        public List<String> webhookSecretsAt(Instant at) {
            if (previousWebhookSecret == null || previousSecretUntil == null || !at.isBefore(previousSecretUntil)) {
                return List.of(webhookSecret);
            }
            return List.of(webhookSecret, previousWebhookSecret);
        }

        @Override
        public String toString() {
            return "Wallet[" + webhookStrategy + "]";
        }
    }

    /**
     * A mobile-money operator account.
     *
     * @param notificationKey the {@code apiKey} registered with the operator's callback, which it sends
     *     back with every notification
     * @param retailerNumber the retailer account payouts are sent from (nine digits), or null
     * @param retailerPin that account's PIN, sent RSA-encrypted with each cash-in, or null
     */
    record Operator(
            String clientId,
            String clientSecret,
            String merchantCode,
            String notificationKey,
            @Nullable String retailerNumber,
            @Nullable String retailerPin)
            implements Credentials {

        /** An account that collects only (no retailer account to send payouts from). */
        public Operator(String clientId, String clientSecret, String merchantCode, String notificationKey) {
            this(clientId, clientSecret, merchantCode, notificationKey, null, null);
        }

        /** Whether payouts (cash-ins) can be sent from it: they need the retailer number and its PIN. */
        public boolean sendsPayouts() {
            return retailerNumber != null && retailerPin != null;
        }

        @Override
        public String toString() {
            return "Operator[merchantCode=" + merchantCode + "]";
        }
    }
}
