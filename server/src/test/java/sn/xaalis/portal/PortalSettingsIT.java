package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.AuditRows;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PortalSession;

@IntegrationTest
class PortalSettingsIT extends ApiIntegrationTest {

    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    @Test
    void providersArePerEnvironmentAndTakeEffectOnTheApi() {
        String email = "prov" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        PortalSession browser = new PortalSession(port);
        browser.signIn(email, Api.PASSWORD);
        String page = "/portal/applications/" + merchant.applicationId();

        HttpResponse<String> saved = browser.post(
                page + "/providers", Map.of("environment", "sandbox", "provider", "WALLET_SN"), browser.csrfFrom(page));
        assertThat(saved.statusCode()).isEqualTo(200);
        assertThat(saved.body()).contains("Test providers saved.");
        JsonCheck.providers(api, merchant, "[\"WALLET_SN\"]", "[\"MOBILEMONEY_SN\",\"WALLET_SN\"]");

        // The API sees the change at once on this node (the authentication cache is cleared).
        assertThat(api.initiate(merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"10\"}")
                        .status())
                .isEqualTo(400);
        assertThat(api.initiate(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"10\"}")
                        .status())
                .isEqualTo(201);
        assertThat(AuditRows.changes(jdbc, "application.providers.changed", email))
                .containsExactly(
                        "{\"providers_sandbox\":\"MOBILEMONEY_SN,WALLET_SN\"} {\"providers_sandbox\":\"WALLET_SN\"}");
    }

    @Test
    void goingLiveExplainsWhatIsMissing() {
        String email = "live" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        PortalSession browser = new PortalSession(port);
        browser.signIn(email, Api.PASSWORD);
        String page = "/portal/applications/" + merchant.applicationId();

        assertThat(browser.get(page).body()).contains("Before going live:", "an https webhook_url is required");
        HttpResponse<String> refused = browser.post(page + "/live", Map.of("enabled", "true"), browser.csrfFrom(page));
        assertThat(refused.statusCode()).isEqualTo(422);
        assertThat(refused.body()).contains("Not live: live keys must be issued first");
        assertThat(api.admin("GET", "/applications/" + merchant.applicationId(), null)
                        .json()
                        .get("live_enabled")
                        .booleanValue())
                .isFalse();
    }

    @Test
    void aKeyExpiryShowsItsExactUtcValueOnHover() {
        String email = "expiry" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        // A rotation leaves the previous key valid for the overlap window: that key has an expiry.
        assertThat(api.admin(
                                "POST",
                                "/applications/" + merchant.applicationId() + "/keys",
                                "{\"environment\":\"sandbox\"}")
                        .status())
                .isEqualTo(201);
        PortalSession browser = new PortalSession(port);
        browser.signIn(email, Api.PASSWORD);

        String page =
                browser.get("/portal/applications/" + merchant.applicationId()).body();
        Matcher expiry = Pattern.compile("<time\\s+datetime=\"([^\"]+)\"\\s+title=\"([^\"]+)\">([^<]+)</time>")
                .matcher(page.substring(page.indexOf(merchant.apiKey())));
        assertThat(expiry.find()).as("the rotated key's expiry is a <time>").isTrue();
        assertThat(expiry.group(1)).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z");
        assertThat(expiry.group(2)).isEqualTo(expiry.group(1));
        assertThat(expiry.group(3)).doesNotContain("T");
        assertThat(page).contains("no expiry");
    }

    /** Reads the activations back through the operator API. */
    static final class JsonCheck {
        static void providers(Api api, Api.Merchant merchant, String sandbox, String live) {
            var byEnvironment = api.admin("GET", "/applications/" + merchant.applicationId(), null)
                    .json()
                    .get("providers_by_environment");
            assertThat(byEnvironment.get("sandbox").toString()).isEqualTo(sandbox);
            assertThat(byEnvironment.get("live").toString()).isEqualTo(live);
        }
    }
}
