package sn.xaalis.connection;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.ConsoleOperators;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.Views;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;

/**
 * Issue 48 item 6: the operator console's line for a failing connection says why in the page's language,
 * with the provider's own words apart as a quotation, never the provider's English inside a French
 * sentence ("En échec : MOBILEMONEY_SN refused the client id or secret: …").
 */
@IntegrationTest
@WithFakeProviders(Setup.LIVE_ADAPTERS)
class ConsoleFailingConnectionBrowserIT extends BrowserIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @BeforeEach
    void fakes() {
        fake.useClock(clock);
        fake.installationCallbacks("http://127.0.0.1:" + port);
    }

    @Test
    void aFailingConnectionIsSaidInTheConsolesLanguage() {
        String n = Long.toString(System.nanoTime(), 36);
        String clientId = "failing-client-" + n;
        String clientSecret = "failing-client-secret-" + n;
        String code = Long.toString(100_000 + Math.floorMod(System.nanoTime(), 800_000L));
        fake.operator().account(clientId, clientSecret, code);
        Api.Merchant merchant = api.onboardAs("failing" + n + "@example.com", "MOBILEMONEY_SN");
        Api.Response saved = api.admin(
                "PUT",
                "/applications/" + merchant.applicationId() + "/connections/MOBILEMONEY_SN",
                "{\"client_id\":\"" + clientId + "\",\"client_secret\":\"" + clientSecret + "\",\"merchant_code\":\""
                        + code + "\"}");
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        // Its last check failed, as the connection test records it (in English, as the API shows it).
        int updated = jdbc.sql("UPDATE provider_connections SET status = 'failed', status_message = :message"
                        + " WHERE application_id = :app AND provider = 'MOBILEMONEY_SN'")
                .param(
                        "message",
                        "MOBILEMONEY_SN refused the client id or secret: invalid_client (Client authentication"
                                + " failed)")
                .param("app", ApplicationId.valueOf(merchant.applicationId()).value())
                .update();
        assertThat(updated).isEqualTo(1);

        ConsoleOperators operators = new ConsoleOperators(browser, api, clock, port);
        String operator = operators.create("failing" + n + "@operator.example");
        for (Views view : Views.forThisRun()) {
            boolean fr = view.french();
            Page console = browser.newPage(view.width(), view.height(), view.language());
            operators.signIn(console, operator);
            console.navigate(url("/operator/merchants/" + merchant.merchantId()));
            assertThat(console.locator("[id^=failing-][id$=-MOBILEMONEY_SN]"))
                    .hasText(
                            fr
                                    ? "En échec : Mobile Money a refusé l’identifiant client ou le secret."
                                    : "Failing: Mobile Money refused the client id or secret.");
            assertThat(console.locator(
                            "main code[translate=no]", new Page.LocatorOptions().setHasText("invalid_client")))
                    .hasText("invalid_client (Client authentication failed)");
            PageChecks.check(console, view.name("operator-merchant-failing"), view.language());
            console.context().close();
        }
    }
}
