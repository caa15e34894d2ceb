package sn.xaalis.checkout;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.Api;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.Views;

/**
 * A customer without a smartphone pays a sandbox MOBILEMONEY_SN payment with a one-time code on the
 * hosted page, in Chromium: from the sandbox checkout's list of magic codes to the page's form, a wrong
 * code, then the right one. Every language and screen in the embedded run, one in PostgreSQL's (Views).
 */
@IntegrationTest
class CodeFormBrowserIT extends InBrowser {

    @Test
    void aCustomerPaysByCodeAfterAWrongOne() {
        Api.Merchant merchant = api.onboardBoth();
        int n = 0;
        for (Views view : Views.forThisRun()) {
            boolean fr = view.french();
            String reference = api.newPayment(
                    merchant,
                    "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"12500\",\"description\":\"Commande 1042\"}");
            Page page = browser.newPage(view.width(), view.height(), view.language());

            // The tester's view: the magic codes, and the way to the form they work in.
            page.navigate(local("/sandbox/checkout/" + reference + "?app=MM"));
            assertThat(page.locator(".codes li")).hasCount(4);
            assertThat(page.locator(".codes"))
                    .containsText(fr ? "123456 — le paiement réussit." : "123456 — the payment succeeds.");
            assertThat(page.locator(".codes")).containsText("000000");
            check(page, view.name("sandbox-codes"), view.language());
            page.getByRole(
                            AriaRole.LINK,
                            new Page.GetByRoleOptions()
                                    .setName(fr ? "Ouvrir la page de paiement" : "Open the payment page"))
                    .click();
            assertThat(page).hasURL(local("/pay/" + reference + "#code"));
            assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setLevel(2)))
                    .hasText(
                            fr
                                    ? "Pas de smartphone ? Payez avec un code Mobile Money"
                                    : "No smartphone? Pay with a Mobile Money code");
            assertThat(page.locator(".steps li").first())
                    .hasText(fr ? "Composez #144#391# sur votre téléphone." : "Dial #144#391# on your phone.");
            check(page, view.name("pay-code"), view.language());

            // A wrong code: said, with the tries left; the number stays, the code does not.
            String phone = "77 000 80 0" + n++;
            page.locator("#code-phone").fill(phone);
            page.locator("#code-otp").fill("000000");
            page.locator("#code button[type=submit]").click();
            assertThat(page).hasURL(local("/pay/" + reference + "/code#code"));
            assertThat(page.getByRole(AriaRole.ALERT))
                    .containsText(fr ? "Il vous reste 2 essais." : "You have 2 tries left.");
            assertThat(page.locator("#code-phone")).hasValue(phone);
            assertThat(page.locator("#code-otp")).hasValue("");
            check(page, view.name("pay-code-refused"), view.language());

            // The right one: the page's paid state, after a redirect to the page itself.
            page.locator("#code-otp").fill("123456");
            page.locator("#code button[type=submit]").click();
            // The 303 has no fragment: the browser keeps the form's (#code), and the customer's place on the page.
            assertThat(page).hasURL(local("/pay/" + reference + "#code"));
            assertThat(page.getByRole(AriaRole.STATUS)).hasText(fr ? "Statut : Réussi" : "Status: Successful");
            assertThat(page.locator(".over"))
                    .hasText(fr ? "Ce paiement a été effectué. Merci !" : "This payment has been made. Thank you!");
            assertThat(page.locator("#code-otp")).hasCount(0);
            check(page, view.name("pay-code-paid"), view.language());
            page.context().close();
            assertThat(api.status(merchant, reference).json().get("status").stringValue())
                    .isEqualTo("SUCCESS");
        }
    }

    private static void check(Page page, String screenshot, String language) {
        PageChecks.check(page, screenshot, language);
        PageChecks.touchTargets(page);
    }
}
