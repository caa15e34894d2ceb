package sn.xaalis.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;
import tools.jackson.databind.JsonNode;

/**
 * The operator's approval of a merchant for live payments: a self-service sign-up can go live once
 * approved, and a withdrawn approval suspends the merchant's live payments with a clear error.
 */
@IntegrationTest
@WithFakeProviders(Setup.INSTALLATION_ACCOUNTS)
class MerchantApprovalIT extends ApiIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();

    @Test
    void aSelfServiceAccountGoesLiveOnceApprovedAndAWithdrawalSuspendsItsLivePayments() {
        String email = "approval" + System.nanoTime() + "@example.com";
        PortalSession portal = new PortalSession(port);
        portal.post(
                "/portal/signup",
                Map.of("name", "Boutique Awa", "email", email, "password", Api.PASSWORD),
                portal.csrfFrom("/portal/signup"));
        portal.signIn(email, Api.PASSWORD);
        String applications = portal.get("/portal/applications").body();
        String applicationId = applications.replaceAll("(?s).*/portal/applications/([0-9a-f-]{36}).*", "$1");
        String merchantId = api.admin("GET", "/applications/" + applicationId, null)
                .json()
                .get("merchant_id")
                .stringValue();

        JsonNode pending =
                api.admin("GET", "/merchants/" + merchantId + "/approval", null).json();
        assertThat(pending.get("approval").stringValue()).isEqualTo("pending");
        JsonNode keys = api.admin("POST", "/applications/" + applicationId + "/keys", "{\"environment\":\"live\"}")
                .json();
        String goLive = "{\"webhook_url\":\"https://hooks.boutique.example/x\",\"live_enabled\":true}";
        Api.Response refused = api.admin("PATCH", "/applications/" + applicationId, goLive);
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().get("errors").get("live_enabled").toString())
                .contains("sandbox-only until the operator approves them");

        JsonNode approved = api.admin("POST", "/merchants/" + merchantId + "/approval", null)
                .json();
        assertThat(approved.get("approval").stringValue()).isEqualTo("approved");
        assertThat(approved.get("approved_at").isString()).isTrue();
        assertThat(api.admin("PATCH", "/applications/" + applicationId, goLive).status())
                .isEqualTo(200);
        String endpoint = api.admin("GET", "/applications/" + applicationId, null)
                .json()
                .get("endpoint_key")
                .stringValue();
        Api.Merchant live = new Api.Merchant(
                merchantId,
                applicationId,
                endpoint,
                keys.get("api_key").stringValue(),
                keys.get("api_secret").stringValue());
        String body = "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"2000\"}";
        Api.Response paid = api.initiate(live, body);
        assertThat(paid.status()).as(paid.body()).isEqualTo(201);
        String reference = paid.json().get("reference").stringValue();

        JsonNode withdrawn = api.admin("DELETE", "/merchants/" + merchantId + "/approval", null)
                .json();
        assertThat(withdrawn.get("approval").stringValue()).isEqualTo("withdrawn");
        Api.Response suspended = api.initiate(live, body);
        assertThat(suspended.status()).isEqualTo(403);
        assertThat(suspended.json().get("message").stringValue())
                .isEqualTo("Live payments are suspended: the operator has withdrawn this merchant's approval");
        assertThat(api.status(live, reference).status()).as("reads go on").isEqualTo(200);
        HttpResponse<String> page = portal.get("/portal/applications/" + applicationId);
        assertThat(page.body()).contains("The operator withdrew your account’s approval on");

        assertThat(api.admin("POST", "/merchants/" + merchantId + "/approval", null)
                        .json()
                        .get("approval")
                        .stringValue())
                .isEqualTo("approved");
        assertThat(api.initiate(live, body).status()).isEqualTo(201);
        assertThat(portal.get("/portal/applications/" + applicationId).body())
                .doesNotContain("withdrew your account")
                .contains("Account approved for live payments by the operator on");
    }

    @Test
    void anUnknownMerchantIsNotFound() {
        for (String method : new String[] {"GET", "POST", "DELETE"}) {
            assertThat(api.admin(method, "/merchants/" + UUID.randomUUID() + "/approval", null)
                            .status())
                    .as(method)
                    .isEqualTo(404);
        }
    }
}
