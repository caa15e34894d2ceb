package sn.xaalis.portal;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.platform.Database;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;

/**
 * Issue 48 item 14, for a shop owner who never met a developer: the webhook address is told as optional,
 * for developers; "Resend" without one says there is nowhere to send; live mode missing its database is
 * the operator's matter, told to the merchant plainly; the first application is named in their language.
 */
@IntegrationTest
class WebhookOptionalBrowserIT extends BrowserIntegrationTest {

    @Autowired
    MutableClock clock;

    @Autowired
    Database database;

    @ParameterizedTest(name = "{0} at {1} px")
    @CsvSource({"fr, 390", "en, 1280"})
    void noWebhookAddressIsOptionalAndResendSaysThereIsNowhereToSend(String language, int width) {
        boolean fr = language.equals("fr");
        String email = "nohook" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        Page page = browser.newPage(width, 844, language);
        signIn(page, email);

        page.navigate(url("/portal/applications/" + merchant.applicationId()));
        var note = page.locator("#no-webhook-url");
        assertThat(note)
                .hasText(
                        fr
                                ? "Pas d’adresse de webhook. Elle sert aux développeurs qui relient un site ou un"
                                        + " logiciel à Xaalis par l’API : leur serveur y est prévenu de chaque paiement."
                                        + " La caisse et les liens de paiement fonctionnent sans elle ; seul le passage"
                                        + " en mode réel la demande."
                                : "No webhook address. It is for developers who connect a website or software to"
                                        + " Xaalis through the API: their server is told there about each payment. The"
                                        + " counter and payment links work without it; only going live asks for one.");
        assertThat(note).not().hasClass("warning");
        assertThat(note).not().hasAttribute("role", "alert");
        // The database live mode needs is the operator's to set up: the merchant reads a plain sentence.
        assertThat(page.locator("main")).not().containsText("PostgreSQL");
        if (database.embedded()) {
            assertThat(page.locator(
                            "#go-live .live-blocker",
                            new Page.LocatorOptions().setHasText(fr ? "opérateur" : "operator")))
                    .hasText(
                            fr
                                    ? "le mode réel n’est pas encore disponible sur ce serveur : contactez votre opérateur"
                                    : "live mode is not available on this server yet: contact your operator");
        }
        PageChecks.check(page, "portal-application-no-webhook-" + language + "-" + width, language);

        // A payment's notification had nowhere to go; "Resend" says so rather than queueing it again.
        String reference = api.newPayment(merchant);
        api.simulate(merchant, reference, "SUCCESS");
        awaitNotSent(merchant);
        page.navigate(url("/portal/transactions/" + reference));
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName(fr ? "Renvoyer" : "Resend"))
                .first()
                .click();
        assertThat(page.getByRole(AriaRole.ALERT))
                .containsText(
                        fr
                                ? "Rien n’a été renvoyé : cette application n’a pas d’adresse de webhook"
                                : "Nothing was sent again: this application has no webhook address");
        assertThat(page.url()).endsWith("/portal/transactions/" + reference);
        PageChecks.check(page, "portal-transaction-resend-no-webhook-" + language + "-" + width, language);
        page.context().close();
    }

    @ParameterizedTest(name = "{0} at {1} px")
    @CsvSource({"fr, 390, Ma boutique", "en, 1280, My application"})
    void theFirstApplicationIsNamedInTheLanguageOfTheSignUp(String language, int width, String name) {
        clock.advance(Duration.ofMinutes(16)); // past the sign-ups other tests made from this address
        String email = "firstapp" + System.nanoTime() + "@example.com";
        Page page = browser.newPage(width, 844, language);
        page.navigate(url("/portal/signup"));
        page.locator("#name").fill("Boutique Awa");
        page.locator("#email").fill(email);
        page.locator("#password").fill(Api.PASSWORD);
        page.locator("main form button[type=submit]").first().click();
        assertThat(page.locator("main")).isVisible();
        signIn(page, email);
        page.navigate(url("/portal/applications"));
        assertThat(page.locator("main")).containsText(name);
        PageChecks.check(page, "portal-applications-first-" + language + "-" + width, language);
        page.context().close();
    }

    private void awaitNotSent(Api.Merchant merchant) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            for (var n : api.notifications(merchant)) {
                if (Set.of("undeliverable", "UNDELIVERABLE")
                        .contains(n.path("state").stringValue())) {
                    return;
                }
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new AssertionError("no undeliverable notification: " + api.notifications(merchant));
    }
}
