package sn.xaalis.checkout;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.Api;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PageSweep;
import sn.xaalis.support.Views;

/** The customer pages in a real headless Chromium, on a phone and a desktop, in French and English. */
@IntegrationTest
class CustomerPagesBrowserIT extends InBrowser {

    @Test
    @PageSweep
    void everyCustomerPageFitsAPhoneAndADesktopInBothLanguages() {
        Api.Merchant merchant = api.onboardBoth();
        String reference = api.newPayment(
                merchant,
                "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"12500\",\"description\":"
                        + "\"Commande 1042 : deux sacs de riz de 25 kg, livraison à Pikine avant midi\"}");
        String expired = api.newPayment(merchant);
        api.simulate(merchant, expired, "EXPIRED");
        // The return page thanks for a payment made; any other goes on to the hosted page.
        String paid = api.newPayment(merchant);
        api.simulate(merchant, paid, "SUCCESS");
        for (String language : List.of("fr", "en")) {
            for (int[] size : new int[][] {{390, 844}, {1280, 800}}) {
                Page page = browser.newPage(size[0], size[1], language);
                List<String> refused = new CopyOnWriteArrayList<>();
                page.onConsoleMessage(message -> {
                    if (message.text().contains("Content Security Policy")) {
                        refused.add(message.text());
                    }
                });
                String suffix = "-" + language + "-" + size[0];
                show(page, "/pay/" + reference, "pay" + suffix, language);
                assertThat((Boolean) page.evaluate("document.querySelector('.qr img').naturalWidth > 0"))
                        .as("the QR code, a data: image, is shown")
                        .isTrue();
                show(page, "/pay/" + expired, "pay-expired" + suffix, language);
                show(page, "/sandbox/checkout/" + reference + "?app=MM", "sandbox" + suffix, language);
                show(page, "/sandbox/checkout/" + paid, "sandbox-over" + suffix, language);
                show(page, "/return/" + paid, "return" + suffix, language);
                show(page, "/pay/SVC-ZZZZZZZ9", "notfound" + suffix, language);
                // The error page for people (pages/error.html), for a customer on an address that does not exist.
                assertThat(page.navigate(local("/pay/" + reference + "/nothing-here"))
                                .status())
                        .isEqualTo(404);
                assertThat(page.locator("h1")).hasText(language.equals("fr") ? "Page introuvable" : "Page not found");
                PageChecks.check(page, "pay-error-404" + suffix, language);
                PageChecks.touchTargets(page);
                assertThat(refused)
                        .as("nothing refused by the Content-Security-Policy")
                        .isEmpty();
                page.context().close();
            }
        }
    }

    @Test
    void theHostedPageFollowsTheSandboxCheckoutToTheSuccessUrl() {
        Api.Merchant merchant = api.onboardBoth();
        String success = shop.url("/merci?order=1042");
        String reference = api.newPayment(
                merchant,
                "{\"provider\":\"WALLET_SN\",\"amount\":\"4500\",\"success_url\":\"" + success + "\",\"error_url\":\""
                        + shop.url("/oups") + "\"}");
        Page hosted = browser.newPage(390, 844, "fr");
        hosted.navigate(local("/pay/" + reference));
        assertThat(hosted.getByRole(AriaRole.STATUS)).hasText("Statut : En cours");

        // The customer's tap on the button, in another tab: the sandbox checkout stands for the app.
        Page app = browser.newPage(390, 844, "fr");
        app.navigate(local("/pay/" + reference));
        app.getByText("Payer avec Wallet").click();
        assertThat(app).hasURL(local("/sandbox/checkout/" + reference + "?app=WALLET"));
        app.getByText("Approuver le paiement").click();
        // The form post's 303 to the merchant's origin is not blocked by the page's policy.
        assertThat(app).hasURL(success);

        assertThat(hosted).hasURL(success, SOON);
        hosted.context().close();
        app.context().close();
    }

    @Test
    void theHostedPageGoesToTheErrorUrlWhenThePaymentFailsOrIsCancelled() {
        Api.Merchant merchant = api.onboardBoth();
        String error = shop.url("/oups?order=7");
        String body = "{\"provider\":\"WALLET_SN\",\"amount\":\"4500\",\"success_url\":\"" + shop.url("/merci")
                + "\",\"error_url\":\"" + error + "\"}";

        String declined = api.newPayment(merchant, body);
        Page hosted = browser.newPage(1280, 800, "en");
        hosted.navigate(local("/pay/" + declined));
        Page app = browser.newPage(390, 844, "en");
        app.navigate(local("/sandbox/checkout/" + declined + "?app=WALLET"));
        app.getByLabel("Decline reason").fill("Insufficient funds");
        app.getByText("Decline payment").click();
        assertThat(app).hasURL(error);
        assertThat(hosted).hasURL(error, SOON);

        String cancelled = api.newPayment(merchant, body);
        hosted.navigate(local("/pay/" + cancelled));
        api.simulate(merchant, cancelled, "CANCELLED");
        assertThat(hosted).hasURL(error, SOON);
        hosted.context().close();
        app.context().close();
    }

    @Test
    void theSandboxCheckoutGoesOnToTheApplicationsReturnPages() {
        Api.Merchant merchant = api.onboardBoth();
        api.admin(
                "PATCH",
                "/applications/" + merchant.applicationId(),
                "{\"callback_url_success\":\"" + shop.url("/commande/payee") + "\",\"callback_url_failure\":\""
                        + shop.url("/commande/echec") + "\"}");
        for (String language : List.of("fr", "en")) {
            Page app = browser.newPage(390, 844, language);
            String approved = api.newPayment(merchant);
            app.navigate(local("/sandbox/checkout/" + approved + "?app=WALLET"));
            app.getByText(language.equals("fr") ? "Approuver le paiement" : "Approve payment")
                    .click();
            assertThat(app).hasURL(shop.url("/commande/payee"));

            String declined = api.newPayment(merchant);
            app.navigate(local("/sandbox/checkout/" + declined + "?app=WALLET"));
            app.getByText(language.equals("fr") ? "Refuser le paiement" : "Decline payment")
                    .click();
            assertThat(app).hasURL(shop.url("/commande/echec"));
            app.context().close();
        }
    }

    @Test
    void withNoReturnPageTheSandboxCheckoutGoesOnToTheHostedPagesOutcome() {
        Api.Merchant merchant = api.onboardBoth();
        for (Views view : Views.forThisRun()) {
            String language = view.language();
            boolean fr = view.french();
            String suffix = view.name("");
            Page app = browser.newPage(view.width(), view.height(), language);
            String approved = api.newPayment(merchant);
            app.navigate(local("/pay/" + approved));
            app.getByText(fr ? "Payer avec Wallet" : "Pay with Wallet").click();
            app.getByText(fr ? "Approuver le paiement" : "Approve payment").click();
            assertThat(app).hasURL(local("/pay/" + approved));
            assertThat(app.getByRole(AriaRole.STATUS)).hasText(fr ? "Statut : Réussi" : "Status: Successful");
            show(app, "/pay/" + approved, "pay-approved" + suffix, language);
            // On from the hosted page: the return page, which thanks for the payment made.
            app.getByText(fr ? "Continuer" : "Continue").click();
            assertThat(app).hasURL(local("/return/" + approved));
            assertThat(app.locator("h1")).hasText(fr ? "Merci" : "Thank you");

            String declined = api.newPayment(merchant);
            app.navigate(local("/sandbox/checkout/" + declined + "?app=MM"));
            app.getByText(fr ? "Refuser le paiement" : "Decline payment").click();
            assertThat(app).hasURL(local("/pay/" + declined));
            assertThat(app.locator(".over"))
                    .hasText(fr ? "Le paiement n’a pas abouti." : "The payment did not go through.");
            assertThat(app.locator("main"))
                    .containsText(
                            fr
                                    ? "Pour réessayer, demandez au marchand un nouveau paiement."
                                    : "To try again, ask the merchant for a new payment.");
            assertThat(app.locator("main")).not().containsText(fr ? "Merci" : "Thank");
            show(app, "/pay/" + declined, "pay-declined" + suffix, language);
            app.context().close();
        }
    }

    /** Opens a page and checks what every customer page promises (PageChecks), keeping a screenshot. */
    private void show(Page page, String path, String screenshot, String language) {
        page.navigate(local(path));
        PageChecks.check(page, screenshot, language);
        PageChecks.touchTargets(page);
    }
}
