package sn.xaalis.operator;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;

import com.microsoft.playwright.Page;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.reconciliation.LedgerChecks;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.ConsoleOperators;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.Views;

/**
 * The console's ledger section: a break found by the check shows as a red notice on the home page that
 * leads to the check's page with the break; once it is gone, "Check now" shows the ledger balanced.
 * "Reconcile now" reconciles the installation's provider accounts and shows each with the clearing
 * movements since the previous run (here the sandbox's pretend accounts, and live ones not configured).
 */
@IntegrationTest
class LedgerConsoleBrowserIT extends BrowserIntegrationTest {

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    LedgerChecks checks;

    UUID injected;

    @AfterEach
    void removeTheBreak() {
        if (injected != null) {
            deleteInjected();
        }
        checks.runNow();
    }

    private void deleteInjected() {
        jdbc.sql("DELETE FROM ledger_entries WHERE transaction_id = :id")
                .param("id", injected)
                .update();
        jdbc.sql("DELETE FROM ledger_transactions WHERE id = :id")
                .param("id", injected)
                .update();
    }

    private void injectUnbalancedTransaction(Api.Merchant merchant) {
        injected = UUID.randomUUID();
        jdbc.sql("INSERT INTO ledger_transactions (id, cause_kind, cause_id, type, application_id, environment,"
                        + " currency, amount, fee, net, created_at) VALUES (:id, 'adjustment', :cause, 'adjustment',"
                        + " :app, 'sandbox', 'XOF', 4500, 0, 4500, :at)")
                .param("id", injected)
                .param("cause", injected.toString())
                .param("app", UUID.fromString(merchant.applicationId()))
                .param("at", Timestamps.toDatabase(clock.instant()))
                .update();
        jdbc.sql("INSERT INTO ledger_entries (transaction_id, account_key, currency, amount) VALUES"
                        + " (:id, 'fees:sandbox:XOF', 'XOF', 4500)")
                .param("id", injected)
                .update();
    }

    @Test
    void aBreakIsAlertedOnTheHomePageAndShownWithTheCheck() {
        String n = Long.toString(System.nanoTime(), 36);
        Api.Merchant merchant = api.onboardBoth();
        ConsoleOperators operators = new ConsoleOperators(browser, api, clock, port);
        String operator = operators.create("ledger" + n + "@operator.example");
        for (Views view : Views.forThisRun()) {
            boolean fr = view.french();
            injectUnbalancedTransaction(merchant);
            checks.runNow();
            Page console = browser.newPage(view.width(), view.height(), view.language());
            operators.signIn(console, operator);
            console.navigate(url("/operator"));
            assertThat(console.locator("#ledger-alert"))
                    .containsText(fr ? "Le grand livre n’est pas équilibré : 1 anomalie" : "1 break at the last check");
            PageChecks.check(console, view.name("operator-home-ledger-alert"), view.language());

            console.locator("#ledger-alert a").click();
            assertThat(console.locator("#breaks"))
                    .hasText(
                            fr
                                    ? "Le grand livre n’est pas équilibré : 1 anomalie."
                                    : "The ledger does not balance: 1 break.");
            assertThat(console.locator("#unbalanced td.amount"))
                    .hasText(Pattern.compile(fr ? "^4.500.FCFA$" : "^XOF.4,500$"));
            assertThat(console.locator("#unbalanced code")).hasText(injected.toString());
            PageChecks.check(console, view.name("operator-ledger-check-breaks"), view.language());

            deleteInjected();
            injected = null;
            console.locator("#run-check").click();
            assertThat(console.locator("#balanced")).isVisible();
            assertThat(console.locator("#breaks")).hasCount(0);
            PageChecks.check(console, view.name("operator-ledger-check-balanced"), view.language());
            console.navigate(url("/operator"));
            assertThat(console.locator("#ledger-alert")).hasCount(0);
            console.context().close();
        }
    }

    @Test
    void theProviderAccountsAreReconciledWithTheMovementsThatExplainThem() {
        String n = Long.toString(System.nanoTime(), 36);
        Api.Merchant merchant = api.onboardBoth();
        ConsoleOperators operators = new ConsoleOperators(browser, api, clock, port);
        String operator = operators.create("recon" + n + "@operator.example");
        for (Views view : Views.forThisRun()) {
            boolean fr = view.french();
            String reference = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"4500\"}");
            org.assertj.core.api.Assertions.assertThat(
                            api.simulate(merchant, reference, "SUCCESS").status())
                    .isEqualTo(200);
            Page console = browser.newPage(view.width(), view.height(), view.language());
            operators.signIn(console, operator);
            console.navigate(url("/operator/ledger"));
            console.locator("#run-reconciliation").click();
            assertThat(console.locator("#reconciliation-title"))
                    .hasText(
                            fr
                                    ? "Rapprochement des comptes des fournisseurs"
                                    : "Reconciliation of the provider accounts");
            var sandbox = console.locator("#account-sandbox-WALLET_SN");
            assertThat(sandbox.locator("h3")).hasText(fr ? "Wallet, Test" : "Wallet, Sandbox");
            assertThat(sandbox).containsText(fr ? "Compte fictif du bac à sable" : "A sandbox pretend account");
            var row = sandbox.locator("table.movements tbody tr").first();
            assertThat(row.locator("td.reference")).hasText(reference);
            assertThat(row.locator("td.amount")).hasText(Pattern.compile(fr ? "^4.500.FCFA$" : "^XOF.4,500$"));
            assertThat(row.locator("td").first()).hasText(fr ? "Paiement" : "Payment");
            assertThat(console.locator("#account-live-WALLET_SN"))
                    .containsText(fr ? "L’installation n’a pas de compte" : "The installation has no account");
            PageChecks.check(console, view.name("operator-ledger-reconciliation"), view.language());
            console.context().close();
        }
    }
}
