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
}
