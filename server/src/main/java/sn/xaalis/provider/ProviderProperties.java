package sn.xaalis.provider;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** Operator-level provider credentials (DESIGN §4); unset means the provider is unavailable in live. */
@ConfigurationProperties("xaalis.providers")
public record ProviderProperties(@DefaultValue Wallet wallet, @DefaultValue MobileMoney mobilemoney) {

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
