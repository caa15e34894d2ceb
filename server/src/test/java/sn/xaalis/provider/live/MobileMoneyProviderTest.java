package sn.xaalis.provider.live;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import sn.xaalis.provider.SessionState;

class MobileMoneyProviderTest {

    @Test
    void mapsOperatorStatuses() {
        assertThat(MobileMoneyProvider.state("SUCCESS")).isInstanceOf(SessionState.Paid.class);
        assertThat(MobileMoneyProvider.state("FAILED")).isInstanceOf(SessionState.Failed.class);
        assertThat(MobileMoneyProvider.state("REJECTED")).isInstanceOf(SessionState.Failed.class);
        assertThat(MobileMoneyProvider.state("CANCELLED")).isInstanceOf(SessionState.Cancelled.class);
        for (String transient_ : new String[] {"INITIATED", "PENDING", "ACCEPTED", "PRE_INITIATED"}) {
            assertThat(MobileMoneyProvider.state(transient_)).isInstanceOf(SessionState.Open.class);
        }
        assertThat(MobileMoneyProvider.state("SOMETHING_NEW")).isInstanceOf(SessionState.Unknown.class);
        assertThat(MobileMoneyProvider.state(null)).isInstanceOf(SessionState.Unknown.class);
    }
}
