package sn.xaalis.provider;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.lang.Contract;

/**
 * Where the providers are, how to talk to them, and the installation's own accounts (DESIGN §4): the
 * default for applications without a connection of their own (D26). A provider without a base URL is
 * unavailable in live; without credentials, only applications with their own connection can use it.
 */
@ConfigurationProperties("xaalis.providers")
public record ProviderProperties(
        @DefaultValue Wallet wallet, @DefaultValue MobileMoney mobilemoney, @DefaultValue Http http) {

    /**
     * How live adapters talk to providers.
     *
     * @param circuitFailures consecutive failures (timeouts, 5xx) that open an account's circuit at a
     *     provider (each connection, and the installation's account, has its own)
     * @param circuitOpenFor how long an open circuit fails its account's calls at once before letting one
     *     through
     */
    public record Http(
            @DefaultValue("PT5S") Duration connectTimeout,
            @DefaultValue("PT15S") Duration readTimeout,
            @DefaultValue("5") int circuitFailures,
            @DefaultValue("PT30S") Duration circuitOpenFor) {}

    /**
     * @param webhookStrategy how the installation's own wallet webhook is authenticated: {@code signing}
     *     ({@code Wave-Signature}) or {@code shared} ({@code Authorization: Bearer})
     */
    public record Wallet(
            @Nullable String baseUrl,
            @Nullable String apiKey,
            @Nullable String webhookSecret,
            @DefaultValue("signing") String webhookStrategy) {

        public Wallet {
            if (Credentials.WebhookStrategy.fromValue(webhookStrategy).isEmpty()) {
                throw new IllegalArgumentException(
                        "xaalis.providers.wallet.webhook-strategy must be signing or shared, not " + webhookStrategy);
            }
        }

        /** Whether the wallet's API address is known: needed by every account, own or default. */
        public boolean reachable() {
            return present(baseUrl);
        }

        /** The installation's own account, when all of its values are set. */
        public Optional<Credentials.Wallet> defaultAccount() {
            if (!reachable() || !present(apiKey) || !present(webhookSecret)) {
                return Optional.empty();
            }
            return Optional.of(new Credentials.Wallet(
                    apiKey,
                    Credentials.WebhookStrategy.fromValue(webhookStrategy).orElseThrow(),
                    webhookSecret,
                    null,
                    null));
        }

        @Override
        public String toString() {
            return "Wallet[baseUrl=" + baseUrl + "]";
        }
    }

    /**
     * @param notificationSecret the {@code apiKey} registered with the operator for the installation's own
     *     callback; the operator sends it back with every notification
     * @param tokenPath where the operator issues OAuth2 tokens: public integrations use both
     *     {@code /oauth/v1/token} (its published description) and {@code /oauth/token}
     * @param transactionLookup whether the operator's transaction look-ups ({@code GET
     *     /api/eWallet/v1/transactions}) are available to this installation: notifications are then
     *     confirmed with them and open payments reconciled; without, a notification's {@code apiKey} is
     *     its only proof and payments nobody is told about expire
     * @param retailerNumber the installation's retailer account settlements are paid from (the operator's
     *     nine digits, as a connection's); with {@code retailerPin} or not at all
     * @param retailerPin that account's 4-digit PIN, sent RSA-encrypted with each cash-in; never logged
     */
    public record MobileMoney(
            @Nullable String baseUrl,
            @Nullable String clientId,
            @Nullable String clientSecret,
            @Nullable String merchantCode,
            @Nullable String notificationSecret,
            @DefaultValue("/oauth/v1/token") String tokenPath,
            @DefaultValue("true") boolean transactionLookup,
            @Nullable String retailerNumber,
            @Nullable String retailerPin) {

        private static final Pattern RETAILER_PIN = Pattern.compile("[0-9]{4}");

        public MobileMoney {
            if (tokenPath == null || !tokenPath.startsWith("/")) {
                throw new IllegalArgumentException(
                        "xaalis.providers.mobilemoney.token-path must be a path starting with /, not " + tokenPath);
            }
            retailerNumber = present(retailerNumber) ? retailerNumber.strip() : null;
            retailerPin = present(retailerPin) ? retailerPin.strip() : null;
            if (retailerNumber != null && !PayableNumbers.isRetailerNumber(retailerNumber)) {
                throw new IllegalArgumentException("xaalis.providers.mobilemoney.retailer-number must be the retailer"
                        + " account's 9-digit number (7XXXXXXXX, without 221), not " + retailerNumber);
            }
            if (retailerPin != null && !RETAILER_PIN.matcher(retailerPin).matches()) {
                // Never the value: it is the PIN, or close to it.
                throw new IllegalArgumentException(
                        "xaalis.providers.mobilemoney.retailer-pin must be the retailer account's 4-digit PIN");
            }
            if ((retailerNumber == null) != (retailerPin == null)) {
                throw new IllegalArgumentException("xaalis.providers.mobilemoney."
                        + (retailerNumber == null ? "retailer-number" : "retailer-pin")
                        + " is required with xaalis.providers.mobilemoney."
                        + (retailerNumber == null ? "retailer-pin" : "retailer-number")
                        + ": settlements are paid from the retailer account with both, or neither is set");
            }
        }

        public boolean reachable() {
            return present(baseUrl);
        }

        public Optional<Credentials.Operator> defaultAccount() {
            if (!reachable()
                    || !present(clientId)
                    || !present(clientSecret)
                    || !present(merchantCode)
                    || !present(notificationSecret)) {
                return Optional.empty();
            }
            return Optional.of(new Credentials.Operator(
                    clientId, clientSecret, merchantCode, notificationSecret, retailerNumber, retailerPin));
        }

        @Override
        public String toString() {
            return "MobileMoney[baseUrl=" + baseUrl + ", clientId=" + clientId + ", retailerNumber=" + retailerNumber
                    + "]";
        }
    }

    @Contract("null -> false")
    private static boolean present(@Nullable String value) {
        return value != null && !value.isBlank();
    }
}
