package sn.xaalis.connection;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.ConsoleOperators;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;

/**
 * The retailer PIN on the pages, in Chromium (its rules over HTTP are {@code payout.RetailerPinIT}): live
 * payouts need the live adapters' set-up, which lets live mode run on the embedded database too.
 */
@IntegrationTest
@WithFakeProviders(Setup.LIVE_ADAPTERS)
class RetailerPinPagesBrowserIT extends BrowserIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();

    @Autowired
    MutableClock clock;

    @BeforeEach
    void fakes() {
        fake.useClock(clock);
        fake.installationCallbacks("http://127.0.0.1:" + port);
    }

    /**
     * Issue 47: the operator refused the retailer PIN Xaalis keeps (the shop owner changed it at the
     * operator): the card and the console say so; a wrong PIN typed is refused beside its field, with what
     * was typed kept but the secrets; the right one lifts the refusal.
     */
    @Test
    void aRefusedRetailerPinShowsOnTheCardAndInTheConsoleAndAWrongPinTypedIsRefusedBesideItsField() {
        String n = Long.toString(System.nanoTime(), 36);
        String email = "pin" + n + "@example.com";
        String clientId = "pin-client-" + n;
        String clientSecret = "pin-client-secret-" + n;
        String code = Long.toString(100_000 + Math.floorMod(System.nanoTime(), 800_000L));
        String retailer = "77" + (1_000_000 + Math.floorMod(System.nanoTime() / 7, 9_000_000L));
        fake.operator().account(clientId, clientSecret, code);
        fake.operator().cashIns().retailer(clientId, retailer, "4321", 250_000);
        Api.Merchant merchant = api.onboardAs(email, "MOBILEMONEY_SN");
        String connection = "/applications/" + merchant.applicationId() + "/connections/MOBILEMONEY_SN";
        Api.Response saved = api.admin(
                "PUT",
                connection,
                "{\"client_id\":\"" + clientId + "\",\"client_secret\":\"" + clientSecret
                        + "\",\"merchant_code\":\"" + code + "\",\"retailer_number\":\"" + retailer
                        + "\",\"retailer_pin\":\"4321\"}");
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        api.goLive(merchant);
        fake.operator().cashIns().changePin(retailer, "9876"); // at the operator only

        Page page = browser.newPage(390, 844, "fr");
        signIn(page, email);
        String app = "/portal/applications/" + merchant.applicationId();
        page.request().get(url(app + "/payouts/balances?env=live")); // the operator answers 2011
        page.navigate(url(app + "/payment-methods"));
        var mm = page.locator("#method-MOBILEMONEY_SN");
        assertThat(page.locator("#pin-refused-MOBILEMONEY_SN")).hasText("PIN refusé");
        assertThat(mm).containsText("Xaalis ne l’essaie plus");
        assertThat(mm).containsText("Invalid PIN code, 2 remaining tentatives left");
        PageChecks.check(page, "connections-pin-refused-fr-390", "fr");

        // A wrong PIN typed: tried once, refused beside its field; the number typed is kept, not the PIN.
        mm.locator("summary").first().click();
        page.locator("#MOBILEMONEY_SN-retailer_number").fill(retailer);
        page.locator("#MOBILEMONEY_SN-retailer_pin").fill("2222");
        page.locator("#MOBILEMONEY_SN-save-identity").fill(Api.PASSWORD);
        mm.getByRole(
                        AriaRole.BUTTON,
                        new com.microsoft.playwright.Locator.GetByRoleOptions().setName("Enregistrer et vérifier"))
                .click();
        assertThat(page.locator("#MOBILEMONEY_SN-retailer_pin-error"))
                .containsText("L’opérateur a refusé ce code secret");
        assertThat(page.locator("#MOBILEMONEY_SN-retailer_pin-error code"))
                .hasText("Invalid PIN code, 1 remaining tentative left, code 2012");
        assertThat(page.locator("#MOBILEMONEY_SN-retailer_pin")).hasValue("");
        assertThat(page.locator("#MOBILEMONEY_SN-retailer_pin"))
                .hasAttribute("aria-describedby", "MOBILEMONEY_SN-retailer_pin-error MOBILEMONEY_SN-retailer_pin-help");
        assertThat(page.locator("#MOBILEMONEY_SN-retailer_number")).hasValue(retailer);
        assertThat(page.locator("#MOBILEMONEY_SN-retype")).containsText("saisissez-les de nouveau");
        assertThat(page.locator("#pin-refused-MOBILEMONEY_SN")).hasText("PIN refusé");
        assertThat(page.content()).doesNotContain(clientSecret).doesNotContain("2222");
        assertThat(fake.operator().cashIns().wrongPins(retailer)).isEqualTo(2);
        assertThat(fake.operator().cashIns().blocked(retailer)).isFalse();
        PageChecks.check(page, "connections-pin-wrong-fr-390", "fr");

        // The refused card in the other sizes and English; reading it calls nobody.
        int pinCalls = fake.operator().cashIns().pinCalls();
        for (String language : List.of("fr", "en")) {
            for (int[] size : new int[][] {{390, 844}, {1280, 800}}) {
                if (language.equals("fr") && size[0] == 390) {
                    continue;
                }
                Page other = browser.newPage(size[0], size[1], language);
                signIn(other, email);
                other.navigate(url(app + "/payment-methods"));
                assertThat(other.locator("#pin-refused-MOBILEMONEY_SN"))
                        .hasText(language.equals("fr") ? "PIN refusé" : "PIN refused");
                PageChecks.check(other, "connections-pin-refused-" + language + "-" + size[0], language);
                other.context().close();
            }
        }

        // The console's merchant page says it too.
        ConsoleOperators operators = new ConsoleOperators(browser, api, clock, port);
        String operator = operators.create("pin" + n + "@operator.example");
        for (String language : List.of("fr", "en")) {
            int width = language.equals("fr") ? 390 : 1280;
            Page console = browser.newPage(width, 844, language);
            operators.signIn(console, operator);
            console.navigate(url("/operator/merchants/" + merchant.merchantId()));
            assertThat(console.locator("main"))
                    .containsText(
                            language.equals("fr")
                                    ? "PIN refusé : les paiements sortants attendent"
                                    : "PIN refused: payouts wait");
            assertThat(console.locator("main code[translate=no]", new Page.LocatorOptions().setHasText("2011")))
                    .containsText("Invalid PIN code, 2 remaining tentatives left");
            PageChecks.check(console, "operator-merchant-pin-refused-" + language + "-" + width, language);
            console.context().close();
        }
        assertThat(fake.operator().cashIns().pinCalls()).isEqualTo(pinCalls);

        // The right PIN, tried once, lifts it.
        page.locator("#MOBILEMONEY_SN-retailer_pin").fill("9876");
        page.locator("#MOBILEMONEY_SN-save-identity").fill(Api.PASSWORD);
        page.locator("#method-MOBILEMONEY_SN")
                .getByRole(
                        AriaRole.BUTTON,
                        new com.microsoft.playwright.Locator.GetByRoleOptions().setName("Enregistrer et vérifier"))
                .click();
        assertThat(page.getByRole(AriaRole.STATUS))
                .hasText("Connexion réussie : Mobile Money est relié à votre compte.");
        assertThat(page).hasURL(Pattern.compile(".*/payment-methods$"));
        assertThat(page.locator("#pin-refused-MOBILEMONEY_SN")).hasCount(0);
        assertThat(api.admin("GET", connection, null)
                        .json()
                        .get("retailer_pin_refused_at")
                        .isNull())
                .isTrue();

        // In English on a desktop, a wrong PIN is refused beside its field the same way.
        Page desktop = browser.newPage(1280, 800, "en");
        signIn(desktop, email);
        desktop.navigate(url(app + "/payment-methods"));
        desktop.locator("#method-MOBILEMONEY_SN summary").first().click();
        desktop.locator("#MOBILEMONEY_SN-retailer_pin").fill("1111");
        desktop.locator("#MOBILEMONEY_SN-save-identity").fill(Api.PASSWORD);
        desktop.locator("#method-MOBILEMONEY_SN")
                .getByRole(
                        AriaRole.BUTTON,
                        new com.microsoft.playwright.Locator.GetByRoleOptions().setName("Save and check"))
                .click();
        assertThat(desktop.locator("#MOBILEMONEY_SN-retailer_pin-error"))
                .containsText("The operator refused this PIN; nothing was saved.");
        assertThat(desktop.locator("#MOBILEMONEY_SN-retailer_pin-error code"))
                .hasText("Invalid PIN code, 2 remaining tentatives left, code 2011");
        assertThat(desktop.locator("#MOBILEMONEY_SN-retype")).containsText("type them again");
        assertThat(desktop.locator("#pin-refused-MOBILEMONEY_SN")).hasCount(0);
        PageChecks.check(desktop, "connections-pin-wrong-en-1280", "en");
        desktop.context().close();
        assertThat(fake.operator().cashIns().blocked(retailer)).isFalse();
    }
}
