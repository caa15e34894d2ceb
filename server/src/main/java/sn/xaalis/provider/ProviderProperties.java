package sn.xaalis.provider;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** Operator-level provider credentials (DESIGN §4); unset means the provider is unavailable in live. */
@ConfigurationProperties("xaalis.providers")
public record ProviderProperties(
        @DefaultValue Wallet wallet, @DefaultValue MobileMoney mobilemoney, @DefaultValue Http http) {

    /**
     * How live adapters talk to providers.
     *
     * @param circuitFailures consecutive failures (timeouts, 5xx) that open a provider's circuit
     * @param circuitOpenFor how long an open circuit fails calls at once before letting one through
     */
    public record Http(
            @DefaultValue("PT5S") Duration connectTimeout,
            @DefaultValue("PT15S") Duration readTimeout,
            @DefaultValue("5") int circuitFailures,
            @DefaultValue("PT30S") Duration circuitOpenFor) {}

    public record Wallet(String baseUrl, String apiKey, String webhookSecret) {
        public boolean configured() {
            return present(baseUrl) && present(apiKey) && present(webhookSecret);
        }

        @Override
        public String toString() {
            return "Wallet[baseUrl=" + baseUrl + "]";
        }
    }

    public record MobileMoney(
            String baseUrl, String clientId, String clientSecret, String merchantCode, String notificationSecret) {
        public boolean configured() {
            return present(baseUrl)
                    && present(clientId)
                    && present(clientSecret)
                    && present(merchantCode)
                    && present(notificationSecret);
        }

        @Override
        public String toString() {
            return "MobileMoney[baseUrl=" + baseUrl + ", clientId=" + clientId + "]";
        }
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
