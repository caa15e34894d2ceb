package sn.xaalis.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The providers' settings as the server binds them: the installation's accounts and the operator's choices. */
class ProviderPropertiesTest {

    private static ProviderProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values))
                .bindOrCreate("xaalis.providers", ProviderProperties.class);
    }

    @Test
    void byDefaultNoInstallationAccountAndThePublishedOperatorChoices() {
        ProviderProperties properties = bind(Map.of());
        assertThat(properties.wallet().defaultAccount()).isEmpty();
        assertThat(properties.mobilemoney().defaultAccount()).isEmpty();
        assertThat(properties.mobilemoney().tokenPath()).isEqualTo("/oauth/v1/token");
        assertThat(properties.mobilemoney().transactionLookup()).isTrue();
        assertThat(properties.wallet().webhookStrategy()).isEqualTo("signing");
    }

    @Test
    void anInstallationAccountNeedsEveryValueAndTheAddress() {
        Map<String, String> wallet = Map.of(
                "xaalis.providers.wallet.base-url", "https://api.wallet.example",
                "xaalis.providers.wallet.api-key", "wave_sn_prod_x",
                "xaalis.providers.wallet.webhook-secret", "wave_sn_WHS_x",
                "xaalis.providers.wallet.webhook-strategy", "shared");
        Credentials.Wallet account = bind(wallet).wallet().defaultAccount().orElseThrow();
        assertThat(account.webhookStrategy()).isEqualTo(Credentials.WebhookStrategy.SHARED);
        assertThat(account.toString()).doesNotContain("wave_sn_prod_x", "wave_sn_WHS_x");
        var withoutAddress = new java.util.HashMap<>(wallet);
        withoutAddress.remove("xaalis.providers.wallet.base-url");
        assertThat(bind(withoutAddress).wallet().defaultAccount()).isEmpty();
        assertThat(bind(withoutAddress).wallet().reachable()).isFalse();
    }

    @Test
    void anUnknownStrategyOrATokenPathThatIsNotAPathIsRefusedByName() {
        assertThatThrownBy(() -> bind(Map.of("xaalis.providers.wallet.webhook-strategy", "hmac")))
                .rootCause()
                .hasMessageContaining("xaalis.providers.wallet.webhook-strategy");
        assertThatThrownBy(() -> bind(Map.of("xaalis.providers.mobilemoney.token-path", "oauth/token")))
                .rootCause()
                .hasMessageContaining("xaalis.providers.mobilemoney.token-path");
    }

    private static final Map<String, String> OPERATOR = Map.of(
            "xaalis.providers.mobilemoney.base-url", "https://api.operator.example",
            "xaalis.providers.mobilemoney.client-id", "client",
            "xaalis.providers.mobilemoney.client-secret", "client-secret-0123456789",
            "xaalis.providers.mobilemoney.merchant-code", "123456",
            "xaalis.providers.mobilemoney.notification-secret", "notification-0123456789");

    private static Map<String, String> operatorWith(Map<String, String> more) {
        var values = new java.util.HashMap<>(OPERATOR);
        values.putAll(more);
        return values;
    }

    @Test
    void theInstallationsRetailerAccountSendsPayoutsWithItsNumberAndPin() {
        assertThat(bind(OPERATOR).mobilemoney().defaultAccount().orElseThrow().sendsPayouts())
                .as("collects only")
                .isFalse();
        ProviderProperties properties = bind(operatorWith(Map.of(
                "xaalis.providers.mobilemoney.retailer-number", "771234567",
                "xaalis.providers.mobilemoney.retailer-pin", "9753")));
        Credentials.Operator account = properties.mobilemoney().defaultAccount().orElseThrow();
        assertThat(account.sendsPayouts()).isTrue();
        assertThat(account.retailerNumber()).isEqualTo("771234567");
        assertThat(account.retailerPin()).isEqualTo("9753");
        assertThat(properties.mobilemoney().toString()).doesNotContain("9753");
        assertThat(account.toString()).doesNotContain("9753");
    }

    @Test
    void aRetailerNumberOrPinAloneOrMalformedIsRefusedByNameWithoutThePin() {
        assertThatThrownBy(
                        () -> bind(operatorWith(Map.of("xaalis.providers.mobilemoney.retailer-number", "771234567"))))
                .rootCause()
                .hasMessageContaining("xaalis.providers.mobilemoney.retailer-pin is required");
        assertThatThrownBy(() -> bind(operatorWith(Map.of("xaalis.providers.mobilemoney.retailer-pin", "9753"))))
                .rootCause()
                .hasMessageContaining("xaalis.providers.mobilemoney.retailer-number is required")
                .message()
                .doesNotContain("9753");
        assertThatThrownBy(() -> bind(operatorWith(Map.of(
                        "xaalis.providers.mobilemoney.retailer-number", "221771234567",
                        "xaalis.providers.mobilemoney.retailer-pin", "9753"))))
                .rootCause()
                .hasMessageContaining("xaalis.providers.mobilemoney.retailer-number must be");
        assertThatThrownBy(() -> bind(operatorWith(Map.of(
                        "xaalis.providers.mobilemoney.retailer-number", "771234567",
                        "xaalis.providers.mobilemoney.retailer-pin", "97531"))))
                .rootCause()
                .hasMessageContaining("xaalis.providers.mobilemoney.retailer-pin must be")
                .message()
                .doesNotContain("97531");
    }
}
