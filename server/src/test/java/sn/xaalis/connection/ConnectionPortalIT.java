package sn.xaalis.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.merchant.Totp;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.AuditRows;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;

/** The payment-methods page's rules over HTTP: whose application, which proof of identity, CSRF. */
@IntegrationTest
@WithFakeProviders(Setup.ADDRESSES_ONLY)
class ConnectionPortalIT extends ApiIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();
    static final String KEY = "wave_sn_prod_portal0123456789";

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Test
    void anotherMerchantsApplicationIsNotFoundAndAFormWithoutCsrfIsRefused() {
        String email = "owner" + System.nanoTime() + "@example.com";
        api.onboardAs(email, "WALLET_SN");
        Api.Merchant other = api.onboard("WALLET_SN");
        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        String path = "/portal/applications/" + other.applicationId() + "/payment-methods";
        assertThat(portal.get(path).statusCode()).isEqualTo(404);
        String csrf = portal.csrfFrom("/portal/applications");
        HttpResponse<String> foreign = portal.post(path + "/WALLET_SN", walletForm(Api.PASSWORD), csrf);
        assertThat(foreign.statusCode()).isEqualTo(404);
        assertThat(api.admin("GET", "/applications/" + other.applicationId() + "/connections/WALLET_SN", null)
                        .status())
                .isEqualTo(404);
        assertThat(portal.post(path + "/WALLET_SN", walletForm(Api.PASSWORD), "not-the-token")
                        .statusCode())
                .isEqualTo(403);
    }

    @Test
    void withAnAuthenticatorTheCodeIsAskedInsteadOfThePassword() {
        fake.wallet().account(KEY);
        String email = "totp" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        String setup = portal.post("/portal/account/totp/setup", Map.of(), portal.csrfFrom("/portal/account"))
                .body();
        byte[] secret = Totp.fromBase32(setup.replaceAll("(?s).*<code id=\"totp-secret\">([A-Z2-7]+)</code>.*", "$1"));
        String enrolment = Totp.code(secret, Totp.step(clock.instant()));
        assertThat(portal.post(
                                "/portal/account/totp/enable",
                                Map.of("code", enrolment),
                                portal.csrfFrom("/portal/account"))
                        .body())
                .contains("Two-factor sign-in is on.");

        String page = "/portal/applications/" + merchant.applicationId() + "/payment-methods";
        String html = portal.get(page).body();
        assertThat(html)
                .contains("name=\"code\"", "autocomplete=\"one-time-code\"")
                .doesNotContain("current-password");

        // The password no longer does; a fresh code does, once.
        HttpResponse<String> password =
                portal.post(page + "/WALLET_SN", walletForm(Api.PASSWORD), portal.csrfFrom(page));
        assertThat(password.statusCode()).isEqualTo(400);
        clock.advance(Duration.ofSeconds(30));
        String code = Totp.code(secret, Totp.step(clock.instant()));
        Map<String, String> form = new java.util.HashMap<>(walletForm(null));
        form.put("code", code);
        HttpResponse<String> saved = portal.post(page + "/WALLET_SN", form, portal.csrfFrom(page));
        // Post-redirect-get: the page the merchant lands on says how it went, once; a reload sends nothing.
        assertThat(saved.statusCode()).isEqualTo(302);
        assertThat(saved.headers().firstValue("Location").orElseThrow()).endsWith(page);
        String landed = portal.get(page).body();
        assertThat(landed).contains("Connected: Wallet is linked to your account.");
        assertThat(landed).doesNotContain(KEY);
        assertThat(portal.get(page).body()).doesNotContain("Connected: Wallet is linked to your account.");
        HttpResponse<String> reused =
                portal.post(page + "/WALLET_SN/remove", Map.of("code", code), portal.csrfFrom(page));
        assertThat(reused.statusCode()).as("a code works once").isEqualTo(400);
        assertThat(api.admin("GET", "/applications/" + merchant.applicationId() + "/connections/WALLET_SN", null)
                        .json()
                        .get("status")
                        .stringValue())
                .isEqualTo("connected");

        // Removed with the next code; both changes in the trail, the key by its last four characters only.
        clock.advance(Duration.ofSeconds(30));
        HttpResponse<String> removed = portal.post(
                page + "/WALLET_SN/remove",
                Map.of("code", Totp.code(secret, Totp.step(clock.instant()))),
                portal.csrfFrom(page));
        assertThat(removed.statusCode()).isEqualTo(302);
        assertThat(portal.get(page).body()).contains("The Wallet account is removed.");
        List<String> actions = AuditRows.actionsBy(jdbc, email);
        assertThat(actions.subList(actions.indexOf("connection.saved"), actions.size()))
                .containsExactly("connection.saved", "connection.removed");
        assertThat(AuditRows.changes(jdbc, "connection.saved", email).getFirst())
                .contains("6789")
                .doesNotContain(KEY)
                .doesNotContain("WHS");
    }

    @Test
    void aMerchantCodeAnotherApplicationHasConnectedIsRefusedWithWhy() {
        String code = Integer.toString(100_000 + (int) (System.nanoTime() % 100_000));
        fake.operator().account("portal-first-" + code, "portal-first-secret", code);
        fake.operator().account("portal-second-" + code, "portal-second-secret", code);
        Api.Merchant first = api.onboard("MOBILEMONEY_SN");
        assertThat(api.admin(
                                "PUT",
                                "/applications/" + first.applicationId() + "/connections/MOBILEMONEY_SN",
                                "{\"client_id\":\"portal-first-" + code
                                        + "\",\"client_secret\":\"portal-first-secret\",\"merchant_code\":\"" + code
                                        + "\"}")
                        .status())
                .isEqualTo(200);
        String registered = fake.operator().callback(code).get("callbackUrl").stringValue();

        String email = "second" + System.nanoTime() + "@example.com";
        Api.Merchant second = api.onboardAs(email, "MOBILEMONEY_SN");
        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        String page = "/portal/applications/" + second.applicationId() + "/payment-methods";
        Map<String, String> form = Map.of(
                "client_id",
                "portal-second-" + code,
                "client_secret",
                "portal-second-secret",
                "merchant_code",
                code,
                "password",
                Api.PASSWORD);
        HttpResponse<String> refused = portal.post(page + "/MOBILEMONEY_SN", form, portal.csrfFrom(page));
        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(refused.body()).contains("This merchant code is already connected to another application.");
        assertThat(api.admin("GET", "/applications/" + second.applicationId() + "/connections/MOBILEMONEY_SN", null)
                        .status())
                .isEqualTo(404);
        assertThat(fake.operator().callback(code).get("callbackUrl").stringValue())
                .isEqualTo(registered);
    }

    private static Map<String, String> walletForm(String password) {
        Map<String, String> form = new java.util.HashMap<>();
        form.put("api_key", KEY);
        form.put("webhook_secret", "wave_sn_WHS_portal0123456789");
        form.put("webhook_strategy", "signing");
        if (password != null) {
            form.put("password", password);
        }
        return form;
    }
}
