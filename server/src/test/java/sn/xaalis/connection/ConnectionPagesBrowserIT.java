package sn.xaalis.connection;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.Browser;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PageSweep;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;
import tools.jackson.databind.JsonNode;

/** Settings → Payment methods in Chromium, as a shop owner connects their accounts on a phone. */
@IntegrationTest
@WithFakeProviders(Setup.ADDRESSES_ONLY)
@ExtendWith(Browser.Available.class)
class ConnectionPagesBrowserIT extends ApiIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();
    static Browser browser;

    static final String KEY = "wave_sn_prod_browser0123456789";
    static final String SECRET = "wave_sn_WHS_browser0123456789";

    @BeforeAll
    static void launch() {
        browser = Browser.shared();
        fake.wallet().account(KEY);
        fake.operator().account("browser-client", "browser-client-secret", "777001");
    }

    @AfterAll
    static void quit() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void aShopOwnerConnectsTheWalletOnAPhoneInFrenchAndSeesTheAddressToPaste() {
        String email = "methods" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        Page page = browser.newPage(390, 844, "fr");
        signIn(page, email);
        page.navigate(local("/portal/applications/" + merchant.applicationId()));
        page.getByText("Moyens de paiement : relier vos comptes pour le réel").click();
        assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("Moyens de paiement")))
                .isVisible();
        assertThat(page.locator("#method-WALLET_SN")).containsText("Non relié");
        assertThat(page.locator("#method-WALLET_SN"))
                .containsText("Ce moyen de paiement n’est pas disponible en réel tant qu’aucun compte n’est relié.");

        var wallet = page.locator("#method-WALLET_SN");
        wallet.getByLabel("Clé d’API").fill(KEY);
        wallet.getByLabel("Secret du webhook").fill(SECRET);
        wallet.getByLabel("Sécurité du webhook").selectOption("shared");
        wallet.getByLabel("Mot de passe").first().fill("pas le bon mot de passe");
        wallet.getByRole(
                        AriaRole.BUTTON,
                        new com.microsoft.playwright.Locator.GetByRoleOptions().setName("Enregistrer et vérifier"))
                .click();
        assertThat(page.locator("#method-WALLET_SN")).containsText("n’est pas correct");
        assertThat(api.admin("GET", "/applications/" + merchant.applicationId() + "/connections/WALLET_SN", null)
                        .status())
                .as("nothing saved without the password")
                .isEqualTo(404);

        wallet = page.locator("#method-WALLET_SN");
        wallet.getByLabel("Clé d’API").fill(KEY);
        wallet.getByLabel("Secret du webhook").fill(SECRET);
        wallet.getByLabel("Sécurité du webhook").selectOption("shared");
        wallet.getByLabel("Mot de passe").first().fill(Api.PASSWORD);
        wallet.getByRole(
                        AriaRole.BUTTON,
                        new com.microsoft.playwright.Locator.GetByRoleOptions().setName("Enregistrer et vérifier"))
                .click();
        assertThat(page.getByRole(AriaRole.STATUS)).hasText("Connexion réussie : Wallet est relié à votre compte.");
        JsonNode saved = api.admin("GET", "/applications/" + merchant.applicationId() + "/connections/WALLET_SN", null)
                .json();
        assertThat(saved.get("webhook_strategy").stringValue()).isEqualTo("shared");
        assertThat(page.locator("#inbound-WALLET_SN"))
                .hasText(saved.get("inbound_url").stringValue());
        assertThat(page.locator("#method-WALLET_SN")).containsText("…" + KEY.substring(KEY.length() - 4));
        assertThat(page.content()).doesNotContain(KEY, SECRET);
        PageChecks.check(page, "connections-wallet-connected-fr-390", "fr");

        // The operator refuses the client secret: its own words, and nothing works until fixed.
        var mm = page.locator("#method-MOBILEMONEY_SN");
        mm.getByLabel("Identifiant client (client_id)").fill("browser-client");
        mm.getByLabel("Secret client (client_secret)").fill("not-the-client-secret");
        mm.getByLabel("Code marchand (6 chiffres)").fill("777001");
        mm.getByLabel("Mot de passe").first().fill(Api.PASSWORD);
        mm.getByRole(
                        AriaRole.BUTTON,
                        new com.microsoft.playwright.Locator.GetByRoleOptions().setName("Enregistrer et vérifier"))
                .click();
        assertThat(page.getByRole(AriaRole.ALERT)).containsText("Échec de la connexion à Mobile Money");
        assertThat(page.getByRole(AriaRole.ALERT)).containsText("INVALID_CREDENTIALS");
        assertThat(page.locator("#method-MOBILEMONEY_SN")).containsText("Échec de la connexion");
        PageChecks.check(page, "connections-mobilemoney-failed-fr-390", "fr");

        // Fixed: only the secret again, the rest is kept.
        mm = page.locator("#method-MOBILEMONEY_SN");
        mm.locator("summary").first().click();
        mm.getByLabel("Secret client (client_secret)").fill("browser-client-secret");
        mm.getByLabel("Mot de passe").first().fill(Api.PASSWORD);
        mm.getByRole(
                        AriaRole.BUTTON,
                        new com.microsoft.playwright.Locator.GetByRoleOptions().setName("Enregistrer et vérifier"))
                .click();
        assertThat(page.getByRole(AriaRole.STATUS))
                .hasText("Connexion réussie : Mobile Money est relié à votre compte.");
        assertThat(page.locator("#method-MOBILEMONEY_SN")).containsText("Xaalis l’a enregistrée pour vous");

        // Removed, with the password again.
        wallet = page.locator("#method-WALLET_SN");
        wallet.getByText("Retirer ce compte").first().click();
        wallet.getByLabel("Mot de passe").nth(1).fill(Api.PASSWORD);
        wallet.getByRole(
                        AriaRole.BUTTON,
                        new com.microsoft.playwright.Locator.GetByRoleOptions().setName("Retirer ce compte"))
                .click();
        assertThat(page.getByRole(AriaRole.STATUS)).hasText("Le compte Wallet est retiré.");
        assertThat(api.admin("GET", "/applications/" + merchant.applicationId() + "/connections/WALLET_SN", null)
                        .status())
                .isEqualTo(404);
    }

    /**
     * Issue 48 item 3: a 5-digit merchant code and a 2-digit PIN used to bring the page back empty and
     * silent. Now each field says what it is before it, each mistake is told beside its field, what was
     * typed is kept but the secrets, and the page says why those must be typed again; once right, the
     * save redirects (a reload sends nothing again).
     */
    @Test
    void aMistypedMerchantCodeAndPinAreToldBesideTheirFieldsAndTheRestIsKept() {
        for (String language : List.of("fr", "en")) {
            boolean fr = language.equals("fr");
            int width = fr ? 390 : 1280;
            String n = Long.toString(System.nanoTime(), 36);
            String email = "mistyped" + n + "@example.com";
            String clientId = "typo-client-" + n;
            String clientSecret = "typo-client-secret-" + n;
            String code = Long.toString(100_000 + Math.floorMod(System.nanoTime(), 800_000L));
            fake.operator().account(clientId, clientSecret, code);
            Api.Merchant merchant = api.onboardAs(email, "MOBILEMONEY_SN");
            Page page = browser.newPage(width, 844, language);
            signIn(page, email);
            String methods = "/portal/applications/" + merchant.applicationId() + "/payment-methods";
            page.navigate(local(methods));
            var mm = page.locator("#method-MOBILEMONEY_SN");

            // The help comes before the field it explains, and is read with it.
            var codeHelp = page.locator("#MOBILEMONEY_SN-merchant_code-help");
            assertThat(codeHelp)
                    .hasText(
                            fr
                                    ? "Le code marchand à 6 chiffres que l’opérateur a attribué à votre commerce."
                                    : "The 6-digit merchant code the operator gave your business.");
            assertThat(page.locator("#MOBILEMONEY_SN-merchant_code"))
                    .hasAttribute("aria-describedby", "MOBILEMONEY_SN-merchant_code-help");
            assertThat((Boolean) page.evaluate("() => !!(document.getElementById('MOBILEMONEY_SN-merchant_code-help')"
                            + ".compareDocumentPosition(document.getElementById('MOBILEMONEY_SN-merchant_code'))"
                            + " & Node.DOCUMENT_POSITION_FOLLOWING)"))
                    .as("help before its field")
                    .isTrue();
            assertThat(page.locator("#MOBILEMONEY_SN-retailer_pin-help"))
                    .containsText(fr ? "Trois codes faux de suite" : "Three wrong PINs in a row");

            page.locator("#MOBILEMONEY_SN-client_id").fill(clientId);
            page.locator("#MOBILEMONEY_SN-client_secret").fill(clientSecret);
            page.locator("#MOBILEMONEY_SN-merchant_code").fill("12345");
            page.locator("#MOBILEMONEY_SN-retailer_number").fill("77 123 45 67");
            page.locator("#MOBILEMONEY_SN-retailer_pin").fill("12");
            page.locator("#MOBILEMONEY_SN-save-identity").fill(Api.PASSWORD);
            mm.locator("form button.primary").first().click();

            assertThat(page.locator("#MOBILEMONEY_SN-merchant_code-error"))
                    .hasText(
                            fr
                                    ? "doit être le code marchand à 6 chiffres donné par l’opérateur"
                                    : "must be the operator’s 6-digit merchant code");
            assertThat(page.locator("#MOBILEMONEY_SN-retailer_pin-error"))
                    .hasText(
                            fr
                                    ? "doit être le code secret à 4 chiffres du compte distributeur"
                                    : "must be the retailer account’s 4-digit PIN");
            assertThat(page.locator("#MOBILEMONEY_SN-merchant_code")).hasAttribute("aria-invalid", "true");
            assertThat(page.locator("#MOBILEMONEY_SN-merchant_code"))
                    .hasAttribute(
                            "aria-describedby", "MOBILEMONEY_SN-merchant_code-error MOBILEMONEY_SN-merchant_code-help");
            // What was typed is kept, the secrets excepted, and the page says why.
            assertThat(page.locator("#MOBILEMONEY_SN-client_id")).hasValue(clientId);
            assertThat(page.locator("#MOBILEMONEY_SN-merchant_code")).hasValue("12345");
            assertThat(page.locator("#MOBILEMONEY_SN-retailer_number")).hasValue("77 123 45 67");
            assertThat(page.locator("#MOBILEMONEY_SN-client_secret")).hasValue("");
            assertThat(page.locator("#MOBILEMONEY_SN-retailer_pin")).hasValue("");
            assertThat(page.locator("#MOBILEMONEY_SN-retype"))
                    .containsText(fr ? "saisissez-les de nouveau" : "type them again");
            assertThat(page.content()).doesNotContain(clientSecret);
            assertThat(api.admin(
                                    "GET",
                                    "/applications/" + merchant.applicationId() + "/connections/MOBILEMONEY_SN",
                                    null)
                            .status())
                    .as("nothing saved")
                    .isEqualTo(404);
            PageChecks.check(page, "connections-mistyped-" + language + "-" + width, language);

            // Fixed: the right code, the secret again, no payouts for now; then a plain page (a GET).
            page.locator("#MOBILEMONEY_SN-merchant_code").fill(code);
            page.locator("#MOBILEMONEY_SN-client_secret").fill(clientSecret);
            page.locator("#MOBILEMONEY_SN-retailer_number").fill("");
            page.locator("#MOBILEMONEY_SN-save-identity").fill(Api.PASSWORD);
            page.locator("#method-MOBILEMONEY_SN form button.primary").first().click();
            assertThat(page.getByRole(AriaRole.STATUS))
                    .hasText(
                            fr
                                    ? "Connexion réussie : Mobile Money est relié à votre compte."
                                    : "Connected: Mobile Money is linked to your account.");
            assertThat(page.url()).as("redirected to the page").endsWith(methods);
            page.reload();
            assertThat(page.getByRole(AriaRole.STATUS)).hasCount(0);
            assertThat(page.locator("#method-MOBILEMONEY_SN")).containsText(fr ? "Connexion réussie" : "Connected");
            page.context().close();
        }
    }

    @Test
    @PageSweep
    void thePaymentMethodsPageFitsAPhoneAndADesktopInBothLanguages() {
        String email = "sweep" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        api.admin(
                "PUT",
                "/applications/" + merchant.applicationId() + "/connections/WALLET_SN",
                "{\"api_key\":\"" + KEY + "\",\"webhook_secret\":\"" + SECRET + "\"}");
        api.admin(
                "PUT",
                "/applications/" + merchant.applicationId() + "/connections/MOBILEMONEY_SN",
                "{\"client_id\":\"browser-client\",\"client_secret\":\"wrong-secret-0\",\"merchant_code\":\"777002\"}");
        for (String language : List.of("fr", "en")) {
            for (int[] size : new int[][] {{390, 844}, {1280, 800}}) {
                Page page = browser.newPage(size[0], size[1], language);
                signIn(page, email);
                page.navigate(local("/portal/applications/" + merchant.applicationId() + "/payment-methods"));
                page.locator("main details summary").all().forEach(summary -> summary.click());
                PageChecks.check(page, "connections-" + language + "-" + size[0], language);
                page.context().close();
            }
        }
    }

    private void signIn(Page page, String email) {
        page.navigate(local("/portal/login"));
        page.locator("#email").fill(email);
        page.locator("#password").fill(Api.PASSWORD);
        page.locator("form button[type=submit]").first().click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/dashboard$"));
    }

    private String local(String path) {
        return "http://localhost:" + port + path;
    }
}
