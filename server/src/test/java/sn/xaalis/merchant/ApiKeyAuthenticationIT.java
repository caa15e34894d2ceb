package sn.xaalis.merchant;

import static org.assertj.core.api.Assertions.assertThat;
import static sn.xaalis.support.ApiAssertions.assertErrorBody;

import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import tools.jackson.databind.JsonNode;

@IntegrationTest
class ApiKeyAuthenticationIT extends ApiIntegrationTest {

    private static final String BODY = "{\"provider\":\"WALLET_SN\",\"amount\":\"10\"}";

    @Autowired
    MutableClock clock;

    @Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    @Autowired
    ApiKeyAuthentication authentication;

    Api.Merchant merchant;

    @BeforeEach
    void setUp() {
        merchant = api.onboardBoth();
    }

    @Test
    void validKeysAreAccepted() {
        assertThat(api.initiate(merchant, BODY).status()).isEqualTo(201);
    }

    @Test
    void everyKindOfBadCredentialGetsTheSame401() {
        Api.Merchant other = api.onboardBoth();
        JsonNode live = api.admin(
                        "POST", "/applications/" + merchant.applicationId() + "/keys", "{\"environment\":\"live\"}")
                .json();
        String liveKey = live.get("api_key").stringValue();
        String liveSecret = live.get("api_secret").stringValue();
        String wrongSecret =
                merchant.apiSecret().substring(0, merchant.apiSecret().length() - 1)
                        + (merchant.apiSecret().endsWith("A") ? "B" : "A");

        var attempts = Stream.of(
                Map.<String, String>of(),
                Map.of("X-Api-Key", merchant.apiKey()),
                Map.of("X-Api-Secret", merchant.apiSecret()),
                Map.of("X-Api-Key", merchant.apiKey(), "X-Api-Secret", wrongSecret),
                Map.of("X-Api-Key", "pk_test_" + "A".repeat(32), "X-Api-Secret", merchant.apiSecret()),
                Map.of("X-Api-Key", merchant.apiKey(), "X-Api-Secret", liveSecret),
                Map.of("X-Api-Key", liveKey, "X-Api-Secret", merchant.apiSecret()),
                Map.of("X-Api-Key", other.apiKey(), "X-Api-Secret", other.apiSecret()),
                // Live keys of an application that is not live (D16).
                Map.of("X-Api-Key", liveKey, "X-Api-Secret", liveSecret),
                Map.of("X-Api-Key", "garbage", "X-Api-Secret", "garbage"));

        attempts.forEach(headers -> {
            Map<String, String> all = new java.util.HashMap<>(headers);
            all.put("Content-Type", "application/json");
            Api.Response response =
                    api.send("POST", "/api/v1/" + merchant.endpointKey() + "/payments/initiate/", all, BODY);
            assertThat(response.status()).as(headers.keySet().toString()).isEqualTo(401);
            JsonNode json = response.json();
            assertErrorBody(json, 401, "Unauthorized");
            assertThat(json.get("message").stringValue()).isEqualTo("Invalid or missing API keys");
            assertThat(response.header("WWW-Authenticate")).startsWith("ApiKey ");
        });
    }

    @Test
    void unknownEndpointKeyIs401() {
        Api.Merchant wrongEndpoint = new Api.Merchant(
                merchant.merchantId(),
                merchant.applicationId(),
                "aaaaaaaaaaaaaaaa",
                merchant.apiKey(),
                merchant.apiSecret());
        assertThat(api.initiate(wrongEndpoint, BODY).status()).isEqualTo(401);
    }

    @Test
    void revokedKeysStopWorkingAtOnce() {
        assertThat(api.initiate(merchant, BODY).status()).isEqualTo(201);
        Api.Response revoked =
                api.admin("DELETE", "/applications/" + merchant.applicationId() + "/keys/" + merchant.apiKey(), null);
        assertThat(revoked.status()).isEqualTo(204);
        assertThat(api.initiate(merchant, BODY).status()).isEqualTo(401);
        assertThat(api.admin("DELETE", "/applications/" + merchant.applicationId() + "/keys/" + merchant.apiKey(), null)
                        .status())
                .as("already revoked")
                .isEqualTo(404);
        Api.Merchant other = api.onboardBoth();
        assertThat(api.admin("DELETE", "/applications/" + merchant.applicationId() + "/keys/" + other.apiKey(), null)
                        .status())
                .as("another application's key")
                .isEqualTo(404);
        // A key issued and one revoked, each in the trail under the token that did it, by its public part.
        String issued = api.admin(
                        "POST", "/applications/" + merchant.applicationId() + "/keys", "{\"environment\":\"sandbox\"}")
                .json()
                .get("api_key")
                .stringValue();
        for (String[] expected : new String[][] {{"api_key.revoked", merchant.apiKey()}, {"api_key.issued", issued}}) {
            assertThat(jdbc.sql("SELECT actor FROM audit_events WHERE action = :action AND subject = :key")
                            .param("action", expected[0])
                            .param("key", expected[1])
                            .query(String.class)
                            .list())
                    .as(expected[0])
                    .containsExactly("xaalis_admin_token");
        }
        assertThat(api.initiate(other, BODY).status()).isEqualTo(201);
    }

    @Test
    void rotationKeepsTheOldKeyForTheOverlapThenRefusesIt() {
        JsonNode rotated = api.admin(
                        "POST", "/applications/" + merchant.applicationId() + "/keys", "{\"environment\":\"sandbox\"}")
                .json();
        Api.Merchant fresh = merchant.withKeys(
                rotated.get("api_key").stringValue(), rotated.get("api_secret").stringValue());

        assertThat(api.initiate(fresh, BODY).status()).isEqualTo(201);
        assertThat(api.initiate(merchant, BODY).status())
                .as("old key within overlap")
                .isEqualTo(201);

        clock.advance(Duration.ofHours(24).plusMinutes(1));
        authentication.forgetCachedKeys();

        assertThat(api.initiate(merchant, BODY).status())
                .as("old key after overlap")
                .isEqualTo(401);
        assertThat(api.initiate(fresh, BODY).status()).isEqualTo(201);
    }
}
