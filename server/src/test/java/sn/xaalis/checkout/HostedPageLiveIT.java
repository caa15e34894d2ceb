package sn.xaalis.checkout;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.Api;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PageSweep;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;
import tools.jackson.databind.JsonNode;

/** The hosted page of live payments, completed by the (fake) provider's notification, in Chromium. */
@IntegrationTest
@WithFakeProviders(Setup.INSTALLATION_ACCOUNTS)
class HostedPageLiveIT extends InBrowser {

    static final FakeProviders fake = FakeProviders.shared();

    /** What the operator set up at each provider for the installation's own accounts. */
    @BeforeEach
    void callbacks() {
        fake.installationCallbacks(local(""));
    }

    @Test
    void theHostedPageOfALivePaymentGoesToTheSuccessUrlOnceTheProviderConfirms() {
        Api.Merchant merchant = liveMerchant();
        String success = shop.url("/merci?order=31");
        JsonNode payment = initiate(merchant, success, shop.url("/oups"));
        String reference = payment.get("reference").stringValue();

        Page hosted = browser.newPage(390, 844, "fr");
        hosted.navigate(local("/pay/" + reference));
        assertThat(hosted.getByText("Payer avec Mobile Money"))
                .hasAttribute("href", payment.get("deep_links").get("MM").stringValue());
        assertThat(hosted.getByText("Payer avec l’application partenaire"))
                .hasAttribute("href", payment.get("deep_links").get("APP2").stringValue());
        assertThat(hosted.locator(".banner")).hasCount(0);
        // The provider's own QR image, the one its app scans, exactly as the initiation answered it.
        String qrCode = payment.get("qr_code").stringValue();
        assertThat(qrCode).isEqualTo(FakeProviders.QR_PNG);
        assertThat(hosted.locator(".qr img")).hasAttribute("src", "data:image/png;base64," + qrCode);
        PageChecks.check(hosted, "pay-live-fr-390", "fr");
        PageChecks.touchTargets(hosted);

        assertThat(fake.operator().pay(reference).status()).isEqualTo(202);
        assertThat(hosted).hasURL(success, SOON);
        hosted.context().close();
    }

    @Test
    void theHostedPageOfALivePaymentGoesToTheErrorUrlWhenTheProviderRejectsIt() {
        Api.Merchant merchant = api.goLive(api.onboard("WALLET_SN"));
        String error = shop.url("/oups?order=32");
        Api.Response created = api.initiate(
                merchant,
                "{\"provider\":\"WALLET_SN\",\"amount\":\"2000\",\"success_url\":\"" + shop.url("/merci")
                        + "\",\"error_url\":\"" + error + "\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String reference = created.json().get("reference").stringValue();
        Page hosted = browser.newPage(1280, 800, "en");
        hosted.navigate(local("/pay/" + reference));
        assertThat(hosted.getByText("Pay with Wallet")).isVisible();

        assertThat(fake.wallet()
                        .failAttempt(reference, "insufficient-funds", "Insufficient balance")
                        .status())
                .isEqualTo(200);
        assertThat(hosted).hasURL(error, SOON);
        assertThat(api.send("GET", "/pay/" + reference + "/status", Map.of(), null)
                        .body())
                .isEqualTo("{\"status\":\"FAILED\"}");
        hosted.context().close();
    }

    @Test
    @PageSweep
    void theLiveHostedPageFitsAPhoneAndADesktopInBothLanguages() {
        String reference = initiate(liveMerchant(), shop.url("/merci"), shop.url("/oups"))
                .get("reference")
                .stringValue();
        for (String language : List.of("fr", "en")) {
            for (int[] size : new int[][] {{390, 844}, {1280, 800}}) {
                Page page = browser.newPage(size[0], size[1], language);
                page.navigate(local("/pay/" + reference));
                PageChecks.check(page, "pay-live-" + language + "-" + size[0], language);
                PageChecks.touchTargets(page);
                page.context().close();
            }
        }
    }

    private Api.Merchant liveMerchant() {
        return api.goLive(api.onboard("MOBILEMONEY_SN"));
    }

    private JsonNode initiate(Api.Merchant merchant, String success, String error) {
        Api.Response created = api.initiate(
                merchant,
                "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"2000\",\"success_url\":\"" + success
                        + "\",\"error_url\":\"" + error + "\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().get("environment").stringValue()).isEqualTo("live");
        return created.json();
    }
}
