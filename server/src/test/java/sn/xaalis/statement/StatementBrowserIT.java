package sn.xaalis.statement;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Download;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.ConsoleOperators;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.Views;

/**
 * The statement in a real Chromium: the merchant opens it from its application's page, downloads it and
 * opens its printable page; the operator opens the same from the merchant's page in the console. French
 * and English, phone and desktop, axe-clean, screenshots {@code statement-*}.
 */
@IntegrationTest
class StatementBrowserIT extends BrowserIntegrationTest {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    private Api.Merchant merchantWithMovements(String email) {
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
        api.admin(
                "PUT",
                "/merchants/" + merchant.merchantId() + "/pricing",
                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"1.5\",\"fixed\":\"0\",\"min\":\"0\",\"max\":null}}}");
        for (String amount : new String[] {"1500", "25000", "4500"}) {
            String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"" + amount + "\"}");
            api.simulate(merchant, reference, "SUCCESS");
        }
        // One collected on the merchant's own connection.
        String own = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"7000\"}");
        jdbc.sql("UPDATE payments SET connection_id = :c, status = 'SUCCESS', paid_at = :at WHERE reference = :ref")
                .param("c", UUID.randomUUID())
                .param("at", OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC))
                .param("ref", own)
                .update();
        return merchant;
    }

    @Test
    void theMerchantReadsDownloadsAndPrintsItsStatement() throws Exception {
        String email = "statement-browser" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = merchantWithMovements(email);
        for (Views view : Views.forThisRun()) {
            boolean fr = view.french();
            Page page = browser.newPage(view.width(), view.height(), view.language());
            signIn(page, email);
            page.navigate(url("/portal/applications/" + merchant.applicationId()));
            page.getByRole(
                            AriaRole.LINK,
                            new Page.GetByRoleOptions().setName(fr ? "Relevé de compte" : "Statement of account"))
                    .click();
            page.getByRole(
                            AriaRole.LINK,
                            new Page.GetByRoleOptions().setName("Test").setExact(true))
                    .click();
            assertThat(page.locator("#closing")).hasText(fr ? "30\u00a0534\u00a0FCFA" : "XOF\u00a030,534");
            assertThat(page.locator("#direct")).containsText(fr ? "7\u00a0000\u00a0FCFA" : "XOF\u00a07,000");
            PageChecks.check(page, view.name("statement-portal"), view.language());

            // Last month: nothing yet, the balance opens and closes at zero.
            page.getByLabel(fr ? "Le mois dernier" : "Last month").check();
            page.getByRole(
                            AriaRole.BUTTON,
                            new Page.GetByRoleOptions().setName(fr ? "Afficher le relevé" : "Show the statement"))
                    .click();
            assertThat(page.locator("#movements")).containsText(fr ? "Aucun mouvement" : "No movement");
            PageChecks.check(page, view.name("statement-portal-last-month"), view.language());
            page.goBack();

            Download download = page.waitForDownload(() -> page.getByRole(
                            AriaRole.LINK,
                            new Page.GetByRoleOptions().setName(fr ? "Télécharger (CSV)" : "Download (CSV)"))
                    .click());
            String csv = Files.readString(download.path(), StandardCharsets.UTF_8);
            assertThat(csv)
                    .startsWith(fr ? "\ufeff\"Date\";\"Type\";\"Référence\"" : "\ufeff\"Date\";\"Type\";\"Reference\"");

            page.getByRole(
                            AriaRole.LINK,
                            new Page.GetByRoleOptions().setName(fr ? "Version imprimable" : "Printable page"))
                    .click();
            assertThat(page.locator("#closing")).hasText(fr ? "30\u00a0534\u00a0FCFA" : "XOF\u00a030,534");
            PageChecks.check(page, view.name("statement-print"), view.language());
            page.emulateMedia(new Page.EmulateMediaOptions().setMedia(com.microsoft.playwright.options.Media.PRINT));
            assertThat(page.locator(".no-print")).isHidden();
            page.context().close();
        }
    }

    @Test
    void theOperatorReadsAnyMerchantsStatementFromItsPage() {
        String email = "statement-console" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = merchantWithMovements(email);
        ConsoleOperators operators = new ConsoleOperators(browser, api, clock, port);
        String operator = operators.create("op-statement" + System.nanoTime() + "@example.com");
        for (Views view : Views.forThisRun()) {
            boolean fr = view.french();
            Page page = browser.newPage(view.width(), view.height(), view.language());
            operators.signIn(page, operator);
            page.navigate(url("/operator/merchants/" + merchant.merchantId()));
            page.getByRole(
                            AriaRole.LINK,
                            new Page.GetByRoleOptions().setName(fr ? "Relevé de compte" : "Statement of account"))
                    .click();
            page.getByRole(
                            AriaRole.LINK,
                            new Page.GetByRoleOptions().setName("Test").setExact(true))
                    .click();
            assertThat(page.locator("#closing")).hasText(fr ? "30\u00a0534\u00a0FCFA" : "XOF\u00a030,534");
            PageChecks.check(page, view.name("statement-console"), view.language());
            // Another merchant's address with this application: not found.
            page.navigate(url("/operator/merchants/" + UUID.randomUUID() + "/applications/" + merchant.applicationId()
                    + "/statement"));
            assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setLevel(1)))
                    .hasText(fr ? "Page introuvable" : "Page not found");
            page.context().close();
        }
    }
}
