package sn.xaalis.connection;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.Provider;

/**
 * A connection as the operator and the merchant may see it: never a credential, only the last four
 * characters of each (by which the providers' own portals name them too).
 *
 * @param inboundUrl where the provider must send this account's events
 * @param previousSecretUntil until when a replaced wallet webhook secret still verifies; null when none
 * @param pinRefusedAt when the operator refused the retailer PIN (payouts wait for a new one); null when not
 * @param pinRefusal what the operator said then
 */
record ConnectionView(
        ConnectionId id,
        Provider provider,
        Connection.Status status,
        @Nullable String statusMessage,
        Instant checkedAt,
        String inboundUrl,
        Map<String, String> last4,
        Credentials.@Nullable WebhookStrategy webhookStrategy,
        @Nullable Instant previousSecretUntil,
        Instant createdAt,
        Instant updatedAt,
        @Nullable Instant pinRefusedAt,
        @Nullable String pinRefusal) {

    static ConnectionView of(Connection c, String inboundUrl, Instant now) {
        Map<String, String> last4 = new LinkedHashMap<>();
        Credentials.WebhookStrategy strategy = null;
        Instant previousUntil = null;
        switch (c.credentials()) {
            case Credentials.Wallet wallet -> {
                last4.put("api_key", tail(wallet.apiKey()));
                last4.put("webhook_secret", tail(wallet.webhookSecret()));
                strategy = wallet.webhookStrategy();
                if (wallet.previousSecretUntil() != null && now.isBefore(wallet.previousSecretUntil())) {
                    previousUntil = wallet.previousSecretUntil();
                }
            }
            case Credentials.Operator operator -> {
                last4.put("client_id", tail(operator.clientId()));
                last4.put("client_secret", tail(operator.clientSecret()));
                last4.put("merchant_code", tail(operator.merchantCode()));
                if (operator.retailerNumber() != null) {
                    last4.put(
                            "retailer_number",
                            tail(operator.retailerNumber())); // never the PIN: four digits are all of it
                }
            }
        }
        return new ConnectionView(
                c.id(),
                c.provider(),
                c.status(),
                c.statusMessage(),
                c.checkedAt(),
                inboundUrl,
                last4,
                strategy,
                previousUntil,
                c.createdAt(),
                c.updatedAt(),
                c.pinRefusal() == null ? null : c.pinRefusal().at(),
                c.pinRefusal() == null ? null : c.pinRefusal().why());
    }

    /** Public: the page template calls it. */
    public boolean connected() {
        return status == Connection.Status.CONNECTED;
    }

    private static String tail(String value) {
        return value.length() <= 4 ? value : value.substring(value.length() - 4);
    }
}
