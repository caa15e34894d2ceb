package sn.xaalis.provider.live;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import sn.xaalis.provider.SessionState;
import tools.jackson.databind.json.JsonMapper;

/** How a checkout session the wallet reports reads (docs/providers.md 2.2). */
class WalletProviderStateTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static SessionState state(String checkout, String payment) {
        return WalletProvider.state(
                JSON.readTree("{\"checkout_status\":\"" + checkout + "\",\"payment_status\":\"" + payment + "\"}"));
    }

    @Test
    void aSessionTheWalletExpiredIsExpiredThoughItsPaymentReadsCancelled() {
        assertThat(state("expired", "cancelled")).isEqualTo(new SessionState.Expired());
    }

    @Test
    void theOtherStatesReadAsBefore() {
        assertThat(state("complete", "succeeded")).isEqualTo(new SessionState.Paid());
        assertThat(state("open", "processing")).isEqualTo(new SessionState.Open());
        assertThat(state("open", "cancelled")).isEqualTo(new SessionState.Cancelled());
        assertThat(state("expired", "processing")).isEqualTo(new SessionState.Expired());
    }
}
