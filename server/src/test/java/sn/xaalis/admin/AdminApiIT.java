package sn.xaalis.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static sn.xaalis.support.ApiAssertions.assertErrorBody;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import tools.jackson.databind.JsonNode;

@IntegrationTest
class AdminApiIT extends ApiIntegrationTest {

    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    @Test
    void missingOrWrongTokenIs401WithTheErrorBody() {
        String body = "{\"name\":\"A\",\"email\":\"a@example.com\",\"password\":\"long enough pw\"}";
        for (Map<String, String> headers : java.util.List.of(
                Map.of("Content-Type", "application/json"),
                Map.of("Content-Type", "application/json", "Authorization", "Bearer wrong"),
                Map.of("Content-Type", "application/json", "Authorization", Api.ADMIN_TOKEN))) {
            Api.Response response = api.send("POST", "/admin/v1/merchants", headers, body);
            assertThat(response.status()).isEqualTo(401);
            assertErrorBody(response.json(), 401, "Unauthorized");
        }
    }

    @Test
    void createsMerchantsAndRefusesDuplicatesAndBadInput() {
        String email = "owner" + System.nanoTime() + "@Example.com";
        Api.Response created = api.admin(
                "POST",
                "/merchants",
                "{\"name\":\"Boutique\",\"email\":\"" + email + "\",\"password\":\"long enough pw\"}");
        assertThat(created.status()).isEqualTo(201);
        assertThat(sn.xaalis.support.ApiAssertions.fieldNames(created.json())).containsExactly("id", "name", "email");
        assertThat(created.json().get("email").stringValue()).isEqualTo(email.toLowerCase());
        assertThat(created.body()).doesNotContain("long enough pw", "password");

        Api.Response duplicate = api.admin(
                "POST", "/merchants", "{\"name\":\"B\",\"email\":\"" + email + "\",\"password\":\"long enough pw\"}");
        assertThat(duplicate.status()).isEqualTo(409);

        Api.Response invalid =
                api.admin("POST", "/merchants", "{\"name\":\"\",\"email\":\"nope\",\"password\":\"short\"}");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(sn.xaalis.support.ApiAssertions.fieldNames(invalid.json().get("errors")))
                .containsExactly("name", "email", "password");
    }

    @Test
    void createsAnApplicationWithSandboxKeysShownOnce() {
        String merchantId = merchant();
        Api.Response created = api.admin(
                "POST",
                "/merchants/" + merchantId + "/applications",
                "{\"name\":\"Web shop\",\"webhook_url\":\"https://shop.example/hooks\",\"providers\":[\"WALLET_SN\"]}");
        assertThat(created.status()).isEqualTo(201);
        JsonNode json = created.json();
        assertThat(sn.xaalis.support.ApiAssertions.fieldNames(json))
                .containsExactly("id", "endpoint_key", "name", "providers", "sandbox");
        assertThat(json.get("endpoint_key").stringValue()).matches("[a-z2-7]{16}");
        assertThat(json.get("providers").toString()).isEqualTo("[\"WALLET_SN\"]");
        assertThat(json.get("sandbox").get("api_key").stringValue()).matches("pk_test_[0-9A-Za-z]{32}");
        String secret = json.get("sandbox").get("api_secret").stringValue();
        assertThat(secret).matches("sk_test_[0-9A-Za-z]{40}");

        Api.Response read = api.admin("GET", "/applications/" + json.get("id").stringValue(), null);
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.body())
                .doesNotContain(secret)
                .doesNotContain("sk_test_")
                .doesNotContain("api_secret");
        assertThat(read.json().get("webhook_url").stringValue()).isEqualTo("https://shop.example/hooks");
        assertThat(read.json().get("live_enabled").booleanValue()).isFalse();
    }

    @Test
    void unknownMerchantOrApplicationIs404() {
        assertThat(api.admin("POST", "/merchants/" + java.util.UUID.randomUUID() + "/applications", "{\"name\":\"x\"}")
                        .status())
                .isEqualTo(404);
        assertThat(api.admin("GET", "/applications/" + java.util.UUID.randomUUID(), null)
                        .status())
                .isEqualTo(404);
        assertThat(api.admin("GET", "/applications/not-a-uuid", null).status()).isEqualTo(404);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://127.0.0.1/hook",
                "http://10.0.0.1/hook",
                "http://192.168.1.1/hook",
                "http://169.254.169.254/latest",
                "http://localhost/hook",
                "http://[::1]/hook",
                "http://user:pw@example.com/hook",
                "ftp://example.com/hook",
                "not a url",
            })
    void webhookUrlsMustBePublicHttp(String url) {
        String applicationId = application();
        Api.Response response =
                api.admin("PATCH", "/applications/" + applicationId, "{\"webhook_url\":\"" + url + "\"}");
        // 127.0.0.0/8 is allowed in the test configuration for loopback receivers; everything else is refused.
        if (url.startsWith("http://127.0.0.1")) {
            assertThat(response.status()).isEqualTo(200);
            return;
        }
        assertThat(response.status()).as(url).isEqualTo(400);
        assertThat(response.json().get("errors").get("webhook_url").get(0).stringValue())
                .isNotBlank();
    }

    @Test
    void patchChangesOnlyWhatIsSentAndCanClear() {
        String applicationId = application();
        api.admin(
                "PATCH",
                "/applications/" + applicationId,
                "{\"webhook_url\":\"https://a.example/h\",\"callback_url_success\":\"https://a.example/ok\"}");
        JsonNode after = api.admin(
                        "PATCH",
                        "/applications/" + applicationId,
                        "{\"callback_url_failure\":\"https://a.example/ko\",\"callback_url_success\":\"\",\"providers\":[\"MOBILEMONEY_SN\"]}")
                .json();
        assertThat(after.get("webhook_url").stringValue()).isEqualTo("https://a.example/h");
        assertThat(after.get("callback_url_success").isNull()).isTrue();
        assertThat(after.get("callback_url_failure").stringValue()).isEqualTo("https://a.example/ko");
        assertThat(after.get("providers").toString()).isEqualTo("[\"MOBILEMONEY_SN\"]");
        // Each change in the trail under the installation's token, with only the fields it changed.
        List<String> changes = jdbc.sql("SELECT after_state FROM audit_events WHERE action = 'application.changed'"
                        + " AND subject = :app AND actor = 'xaalis_admin_token' ORDER BY id")
                .param("app", applicationId)
                .query(String.class)
                .list();
        assertThat(changes).hasSize(2);
        assertThat(changes.get(0)).contains("https://a.example/h").doesNotContain("providers");
        assertThat(changes.get(1))
                .contains("\"callback_url_failure\":\"https://a.example/ko\"")
                .contains("\"providers_sandbox\":\"MOBILEMONEY_SN\"")
                .doesNotContain("webhook_url");
    }

    @Test
    void goingLiveExplainsEveryUnmetPrecondition() {
        String applicationId = application();
        Api.Response response = api.admin("PATCH", "/applications/" + applicationId, "{\"live_enabled\":true}");
        assertThat(response.status()).isEqualTo(422);
        JsonNode reasons = response.json().get("errors").get("live_enabled");
        if (!sn.xaalis.support.TestDatabase.postgres()) {
            assertThat(reasons.toString()).contains("embedded database");
        }
        assertThat(reasons.toString())
                .contains("https webhook_url")
                .contains("live keys")
                .contains("at least one provider must be activated for live");
        assertThat(api.admin("GET", "/applications/" + applicationId, null)
                        .json()
                        .get("live_enabled")
                        .booleanValue())
                .isFalse();
    }

    @Test
    void issuedKeysHaveTheEnvironmentPrefix() {
        String applicationId = application();
        JsonNode live = api.admin("POST", "/applications/" + applicationId + "/keys", "{\"environment\":\"live\"}")
                .json();
        assertThat(live.get("environment").stringValue()).isEqualTo("live");
        assertThat(live.get("api_key").stringValue()).matches("pk_live_[0-9A-Za-z]{32}");
        assertThat(live.get("api_secret").stringValue()).matches("sk_live_[0-9A-Za-z]{40}");
        assertThat(api.admin("POST", "/applications/" + applicationId + "/keys", "{\"environment\":\"prod\"}")
                        .status())
                .isEqualTo(400);
    }

    private String merchant() {
        return api.admin(
                        "POST",
                        "/merchants",
                        "{\"name\":\"M\",\"email\":\"m" + System.nanoTime()
                                + "@example.com\",\"password\":\"long enough pw\"}")
                .json()
                .get("id")
                .stringValue();
    }

    private String application() {
        return api.admin("POST", "/merchants/" + merchant() + "/applications", "{\"name\":\"App\"}")
                .json()
                .get("id")
                .stringValue();
    }
}
