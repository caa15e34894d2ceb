package sn.xaalis.settlement;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.ledger.LedgerTestAccess;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;

/**
 * The portal's Settlements page in Chromium, as a shop owner uses it: its available balance as people
 * read it, its own number set with the password (not without), the 24 h notice, then "Retirer" with the
 * amount defaulting to all that is available; in French on a phone and in English on a laptop.
 */
@IntegrationTest
class SettlementPagesBrowserIT extends BrowserIntegrationTest {

    @Autowired
    MutableClock clock;

    @Autowired
    ApplicationContext context;

    @Autowired
    JdbcClient jdbc;

    private Api.Merchant funded(String email) {
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"4500\"}");
        assertThat(api.simulate(merchant, reference, "SUCCESS").status()).isEqualTo(200);
        clock.advance(Duration.ofDays(2));
        LedgerTestAccess.releaseDue(context);
        return merchant;
    }

    private void walkThrough(String language, int width, int height, Texts t) {
        String email = "settle-" + language + System.nanoTime() + "@example.com";
        Api.Merchant merchant = funded(email);
        Page page = browser.newPage(width, height, language);
        signIn(page, email);
        page.navigate(url("/portal/applications/" + merchant.applicationId()));
        page.getByText(t.link).first().click();
        assertThat(page.locator("h1")).hasText(t.title);
        assertThat(page.locator("#available")).hasText(t.full);
        assertThat(page.locator("#no-destination")).isVisible();
        PageChecks.check(page, "settlements-empty-" + language + "-" + width, language);

        // Not without the password.
        page.locator("#destination-provider").selectOption("WALLET_SN");
        page.locator("#destination-phone-input").fill("77 123 45 67");
        page.locator("#destination-identity").fill("wrong password");
        page.locator("#destination form button[type=submit]").click();
        assertThat(page.locator("#destination")).containsText(t.wrongPassword);
        assertThat(page.locator("#destination-phone")).hasCount(0);

        page.locator("#destination-phone-input").fill("77 123 45 67");
        page.locator("#destination-identity").fill(Api.PASSWORD);
        page.locator("#destination form button[type=submit]").click();
        assertThat(page.locator("#done")).containsText(t.saved);
        assertThat(page.locator("#destination-phone")).hasText("77 123 45 67");
        assertThat(page.locator("#held-until")).containsText(t.heldUntil);
        assertThat(page.locator("#withdraw-button")).hasCount(0);
        PageChecks.check(page, "settlements-held-" + language + "-" + width, language);

        clock.advance(Duration.ofHours(25));
        page.navigate(url("/portal/applications/" + merchant.applicationId() + "/settlements?env=sandbox"));
        assertThat(page.locator("#amount")).hasValue("4500");
        page.locator("#withdraw-identity").fill(Api.PASSWORD);
        page.locator("#withdraw-button").click();
        assertThat(page.locator("#done")).containsText(t.withdrawn);
        assertThat(page.locator("#available")).hasText(t.zero);
        assertThat(page.locator("#recent")).containsText(t.full);
        assertThat(api.get(merchant, "/settlements").json().get("data").size()).isEqualTo(1);
        PageChecks.check(page, "settlements-withdrawn-" + language + "-" + width, language);
    }

    private record Texts(
            String link,
            String title,
            String full,
            String zero,
            String wrongPassword,
            String saved,
            String heldUntil,
            String withdrawn) {}

    @Test
    void aShopOwnerSetsItsNumberWaitsTheDayAndWithdrawsOnAPhoneInFrench() {
        walkThrough(
                "fr",
                390,
                844,
                new Texts(
                        "Versements",
                        "Versements",
                        "4\u00a0500\u00a0FCFA",
                        "0\u00a0FCFA",
                        "n’est pas correct",
                        "Numéro enregistré",
                        "utilisable qu’à partir du",
                        "Versement demandé"));
    }

    @Test
    void aShopOwnerSetsItsNumberWaitsTheDayAndWithdrawsOnALaptopInEnglish() {
        walkThrough(
                "en",
                1280,
                900,
                new Texts(
                        "Settlements",
                        "Settlements",
                        "XOF\u00a04,500",
                        "XOF\u00a00",
                        "is not correct",
                        "Number saved",
                        "can be used from",
                        "Settlement requested"));
    }
}
