package sn.xaalis.portal;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.Api;
import sn.xaalis.support.AuditRows;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PageSweep;

/** Every portal page in French and English, on a phone and on a laptop: width, language, accessibility. */
@IntegrationTest
class PortalPagesIT extends BrowserIntegrationTest {

    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    @Test
    @PageSweep
    void everyPortalPageFitsAPhoneAndALaptopInBothLanguages() {
        String email = "pages" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        String processing = api.newPayment(
                merchant, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"4500\",\"description\":\"Sac de riz 50 kg\"}");
        String paid = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"1250000\"}");
        api.simulate(merchant, paid, "SUCCESS");
        for (String language : new String[] {"fr", "en"}) {
            for (int[] size : new int[][] {{390, 844}, {1280, 800}}) {
                Page page = browser.newPage(size[0], size[1], language);
                String suffix = "-" + language + "-" + size[0];
                visit(page, "/portal/login", "portal-login" + suffix, language);
                visit(page, "/portal/signup", "portal-signup" + suffix, language);
                signIn(page, email);
                visit(page, "/portal/dashboard", "portal-dashboard" + suffix, language);
                visit(page, "/portal/applications", "portal-applications" + suffix, language);
                visit(
                        page,
                        "/portal/applications/" + merchant.applicationId(),
                        "portal-application" + suffix,
                        language);
                visit(page, "/portal/account", "portal-account" + suffix, language);
                visit(page, "/portal/transactions", "portal-transactions" + suffix, language);
                visit(page, "/portal/transactions/" + processing, "portal-transaction" + suffix, language);
                visit(page, "/portal/transactions/" + paid + "/refund", "portal-refund" + suffix, language);
                visit(page, "/portal/transactions/" + processing + "/cancel", "portal-cancel" + suffix, language);
                visit(page, "/portal/transactions/SVC-NOTHERE", "portal-not-found" + suffix, language);
                // The error page for people (pages/error.html), here for an address that does not exist.
                visit(page, "/portal/nothing-here", "portal-error-404" + suffix, language);
                assertThat(page.locator("h1")).hasText(language.equals("fr") ? "Page introuvable" : "Page not found");
                page.context().close();
            }
        }
    }

    /**
     * The API reference is for developers and in English, like the API itself, whatever the browser asks
     * for; it still fits, passes axe, its controls are 24 px at least and no name is cut: its tables scroll
     * in their own region, and a path breaks only before a "/".
     */
    @Test
    @PageSweep
    void theApiReferenceFitsAPhoneAndPassesAxe() {
        for (String language : new String[] {"fr", "en"}) {
            for (int[] size : new int[][] {{390, 844}, {1280, 800}}) {
                Page page = browser.newPage(size[0], size[1], language);
                visit(page, "/docs/api", "docs-api-" + language + "-" + size[0], "en");
                Locator regions = page.locator(".table-scroll[role=region][tabindex='0'][aria-label]");
                assertThat(regions.count()).isGreaterThan(10);
                assertThat(page.locator("table"))
                        .hasCount(regions.locator("table").count());
                assertThat(page.locator("td code").first()).hasCSS("white-space", "nowrap");
                assertThat(page.locator(".path span").first()).hasCSS("white-space", "nowrap");
                page.context().close();
            }
        }
    }

    @Test
    void frenchByDefaultThenTheSavedChoiceWinsOverTheBrowser() {
        String email = "lang" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"4500\"}");
        Page page = browser.newPage(390, 844, "wo");
        page.navigate(url("/portal/login"));
        assertThat(page.locator("html")).hasAttribute("lang", "fr");
        assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("Connexion")))
                .isVisible();

        page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName("English"))
                .click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/login$"));
        assertThat(page.locator("html")).hasAttribute("lang", "en");
        signIn(page, email);
        page.navigate(url("/portal/transactions/" + reference));
        assertThat(page.locator("#payment-amount")).hasText("XOF\u00a04,500");
        assertThat(page.locator("time").first()).hasAttribute("title", Pattern.compile("\\d{4}-\\d\\d-\\d\\dT.*Z"));

        page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName("Français"))
                .click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/transactions/" + reference + "$"));
        assertThat(page.locator("#payment-amount")).hasText("4\u00a0500\u00a0FCFA");
        assertThat(page.locator("#payment-status")).hasText("En cours");

        var missing = page.navigate(url("/portal/nothing-here"));
        assertThat(missing.status()).isEqualTo(404);
        assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("Page introuvable")))
                .isVisible();
    }

    @Test
    void staffCancelAndRefundFromThePaymentsPageAfterConfirming() throws Exception {
        String email = "actions" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        String toCancel = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"2000\"}");
        String toRefund = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"3000\"}");
        api.simulate(merchant, toRefund, "SUCCESS");
        Page page = browser.newPage(390, 844, "fr");
        signIn(page, email);

        page.navigate(url("/portal/transactions/" + toCancel));
        assertThat(page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName("Rembourser")))
                .hasCount(0);
        page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName("Annuler le paiement"))
                .click();
        assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("Annuler ce paiement ?")))
                .isVisible();
        assertThat(page.locator("#confirm-password")).hasCount(0);
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Annuler le paiement"))
                .click();
        assertThat(page.getByRole(AriaRole.STATUS)).hasText("Le paiement est annulé.");
        assertThat(page.locator("#payment-status")).hasAttribute("data-status", "CANCELLED");
        assertThat(api.status(merchant, toCancel).json().get("status").stringValue())
                .isEqualTo("CANCELLED");

        page.navigate(url("/portal/transactions/" + toRefund));
        page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName("Rembourser"))
                .click();
        page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName("Retour"))
                .click();
        assertThat(api.status(merchant, toRefund).json().get("status").stringValue())
                .as("going back changes nothing")
                .isEqualTo("SUCCESS");
        page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName("Rembourser"))
                .click();
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Rembourser"))
                .click();
        assertThat(page.getByRole(AriaRole.STATUS)).hasText("Le paiement est remboursé.");
        assertThat(api.status(merchant, toRefund).json().get("status").stringValue())
                .isEqualTo("REFUNDED");
        assertThat(api.notifications(merchant).toString()).contains("transaction.cancelled", "transaction.refunded");

        // Refunding twice (a second tab, a double click) is refused like the API refuses it.
        page.navigate(url("/portal/transactions/" + toRefund + "/refund"));
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Rembourser"))
                .click();
        assertThat(page.getByRole(AriaRole.ALERT)).hasText("Ce changement n’est plus possible.");
        // Both changes in the trail under the person who made them; the refused one wrote nothing.
        assertThat(AuditRows.changes(jdbc, "payment.status.changed", email))
                .hasSize(2)
                .first()
                .asString()
                .endsWith("{\"status\":\"CANCELLED\"}");
        assertThat(AuditRows.changes(jdbc, "payment.status.changed", email).getLast())
                .isEqualTo("{\"status\":\"SUCCESS\"} {\"status\":\"REFUNDED\"}");
    }

    private void visit(Page page, String path, String name, String language) {
        page.navigate(url(path));
        PageChecks.check(page, name, language);
    }
}
