package sn.xaalis.provider;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.TestDatabase;
import tools.jackson.databind.JsonNode;

/** Live payments need PostgreSQL (unless forced) and an operator-configured provider (D16, issue 5). */
@IntegrationTest
class LiveGuardsIT extends ApiIntegrationTest {

    @Autowired
    JdbcClient jdbc;

    @Test
    void liveInitiationIsRefusedOnTheEmbeddedDatabaseAndForUnconfiguredProviders() {
        Api.Merchant m = api.onboard("WALLET_SN");
        JsonNode keys = api.admin("POST", "/applications/" + m.applicationId() + "/keys", "{\"environment\":\"live\"}")
                .json();
        // As if the application had gone live while the operator allowed it, and the operator then changed course.
        jdbc.sql("UPDATE applications SET live_enabled = TRUE WHERE id = :id")
                .param("id", UUID.fromString(m.applicationId()))
                .update();
        Api.Merchant live = m.withKeys(
                keys.get("api_key").stringValue(), keys.get("api_secret").stringValue());
        Api.Response response = api.initiate(live, "{\"provider\":\"WALLET_SN\",\"amount\":\"1500\"}");
        if (TestDatabase.postgres()) {
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.json().get("errors").get("provider").toString())
                    .contains("operator has not configured");
        } else {
            assertThat(response.status()).isEqualTo(503);
            assertThat(response.json().get("message").stringValue()).contains("embedded database");
        }
        assertThat(api.get(live, "/payments/").json().get("data").size()).isZero();
    }

    @Test
    void callbacksForAnUnconfiguredProviderAreRejected() {
        Map<String, String> headers =
                Map.of("Content-Type", "application/json", "Wave-Signature", "t=1,v1=00", "X-Notification-Secret", "x");
        assertThat(api.send("POST", "/providers/wallet/events", headers, "{}").status())
                .isEqualTo(401);
        assertThat(api.send("POST", "/providers/mobilemoney/notifications", headers, "{}")
                        .status())
                .isEqualTo(401);
    }
}
