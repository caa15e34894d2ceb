package sn.xaalis.operator;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.util.regex.Pattern;
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
 * A merchant's pricing plan set from the console, as the admin API sets it: an error is said beside its
 * field and nothing is saved; amounts typed as people write them ({@code 4 500}, {@code 1,5}) are taken.
 * And a manual adjustment of an application's balance: its errors beside their fields, a confirmation
 * step with the available money before and after, then the adjustment listed with its reason.
 */
@IntegrationTest
class PricingConsoleBrowserIT extends BrowserIntegrationTest {

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Test
    void theOperatorSetsAPlanAndIsToldWhatIsWrongBesideTheField() {
        String n = Long.toString(System.nanoTime(), 36);
        Api.Merchant merchant = api.onboardBoth();
        ConsoleOperators operators = new ConsoleOperators(browser, api, clock, port);
        String operator = operators.create("pricing" + n + "@operator.example");
        for (Views view : Views.forThisRun()) {
            boolean fr = view.french();
            api.admin("PUT", "/merchants/" + merchant.merchantId() + "/pricing", "{\"providers\":{}}");
            Page console = browser.newPage(view.width(), view.height(), view.language());
            operators.signIn(console, operator);
            console.navigate(url("/operator/merchants/" + merchant.merchantId()));
            console.locator("#pricing-link").click();
            assertThat(console.locator("#plan-WALLET_SN")).containsText(fr ? "Plan par défaut." : "Default plan.");

            console.locator("#WALLET_SN-percent").fill(fr ? "1,5" : "1.5");
            console.locator("#WALLET_SN-fixed").fill("0");
            console.locator("#WALLET_SN-min").fill("500");
            console.locator("#WALLET_SN-max").fill("100");
            console.locator("#days").fill("400");
            console.locator("#save-pricing").click();
            assertThat(console.locator("#WALLET_SN-max-error"))
                    .hasText(
                            fr
                                    ? "Le maximum ne peut pas être inférieur au minimum."
                                    : "The maximum cannot be below the minimum.");
            assertThat(console.locator("#WALLET_SN-max")).hasAttribute("aria-invalid", "true");
            assertThat(console.locator("#days-error")).isVisible();
            assertThat(console.locator("#WALLET_SN-min")).hasValue("500");
            PageChecks.check(console, view.name("operator-pricing-error"), view.language());
            assertThat(api.admin("GET", "/merchants/" + merchant.merchantId() + "/pricing", null)
                            .json()
                            .get("providers")
                            .size())
                    .as("nothing saved")
                    .isZero();

            console.locator("#WALLET_SN-max").fill("4 500");
            console.locator("#days").fill("2");
            console.locator("#save-pricing").click();
            assertThat(console.locator("#saved")).isVisible();
            assertThat(console.locator("#plan-WALLET_SN p.muted"))
                    .hasText(Pattern.compile(
                            fr
                                    ? "1,5 % \\+ 0.FCFA, minimum 500.FCFA, maximum 4.500.FCFA"
                                    : "1\\.5 % \\+ XOF.0, minimum XOF.500, maximum XOF.4,500"));
            PageChecks.check(console, view.name("operator-pricing-saved"), view.language());
            var plan = api.admin("GET", "/merchants/" + merchant.merchantId() + "/pricing", null)
                    .json();
            assertThat(plan.get("providers").get("WALLET_SN").toString())
                    .isEqualTo("{\"percent\":\"1.5\",\"fixed\":\"0\",\"min\":\"500\",\"max\":\"4500\"}");
            assertThat(plan.get("availability_days").intValue()).isEqualTo(2);

            // The change is in the trail, in words, with the plan before and after.
            console.navigate(url("/operator/audit?merchant=" + merchant.merchantId()));
            String entry = console.locator("#trail li").first().innerText();
            assertThat(entry)
                    .contains(fr ? "Tarifs modifiés" : "Pricing changed")
                    .contains(fr ? "Frais pour WALLET_SN" : "Fees for WALLET_SN")
                    .contains(fr ? "les tarifs par défaut de l’installation" : "the installation’s default")
                    .contains("1.5")
                    .contains("4500")
                    .doesNotContain("{\"");
            PageChecks.check(console, view.name("operator-audit-pricing"), view.language());
            console.context().close();
        }
        assertThat(jdbc.sql("SELECT COUNT(*) FROM audit_events WHERE action = 'ledger.pricing.changed'"
                                + " AND subject = :merchant AND actor <> 'xaalis_admin_token'"
                                + " AND before_state LIKE '%default%' AND after_state LIKE '%4500%'")
                        .param("merchant", merchant.merchantId())
                        .query(Integer.class)
                        .single())
                .as("the operator's saves, each with the plan before and after")
                .isEqualTo(Views.forThisRun().size());
        // The admin API's change is audited alike, under its token.
        api.admin("PUT", "/merchants/" + merchant.merchantId() + "/pricing", "{\"providers\":{}}");
        assertThat(jdbc.sql("SELECT after_state FROM audit_events WHERE action = 'ledger.pricing.changed'"
                                + " AND subject = :merchant AND actor = 'xaalis_admin_token' ORDER BY id DESC")
                        .param("merchant", merchant.merchantId())
                        .query(String.class)
                        .list())
                .first()
                .asString()
                .contains("\"fees_WALLET_SN\":\"default\"")
                .contains("\"availability_days\":\"default\"");
    }

    @Test
    void theOperatorAdjustsABalanceAfterSeeingItBeforeAndAfter() {
        String n = Long.toString(System.nanoTime(), 36);
        Api.Merchant merchant = api.onboardBoth();
        ConsoleOperators operators = new ConsoleOperators(browser, api, clock, port);
        String operator = operators.create("adjust" + n + "@operator.example");
        int made = 0;
        for (Views view : Views.forThisRun()) {
            boolean fr = view.french();
            Page console = browser.newPage(view.width(), view.height(), view.language());
            operators.signIn(console, operator);
            console.navigate(url("/operator/merchants/" + merchant.merchantId()));
            console.locator("#adjustments-" + merchant.applicationId()).click();

            console.locator("#environment-sandbox").check();
            console.locator("#amount").fill("0");
            console.locator("#reason").fill(" ab ");
            console.locator("#review-adjustment").click();
            assertThat(console.locator("#amount-error")).isVisible();
            assertThat(console.locator("#amount")).hasAttribute("aria-invalid", "true");
            assertThat(console.locator("#reason-error"))
                    .hasText(fr ? "Le motif compte au moins 3 caractères." : "The reason has at least 3 characters.");
            PageChecks.check(console, view.name("operator-adjust-error"), view.language());

            console.locator("#amount").fill("1 500");
            String reason = "Geste commercial " + view.language() + " " + view.width();
            console.locator("#reason").fill(reason);
            console.locator("#review-adjustment").click();
            assertThat(console.locator("#balance-before")).hasText(money(1500L * made, fr));
            assertThat(console.locator("#balance-after")).hasText(money(1500L * (made + 1), fr));
            assertThat(console.locator("#confirm-reason")).hasText(reason);
            PageChecks.check(console, view.name("operator-adjust-confirm"), view.language());
            console.locator("#confirm").click();
            made++;
            assertThat(console.locator("#adjusted")).isVisible();
            assertThat(console.locator("#adjustments")).containsText(reason);
            PageChecks.check(console, view.name("operator-adjust-done"), view.language());
            // The merchant's money moved once: reloading the confirmation's answer posts nothing more.
            console.reload();
            console.context().close();
            var transactions = api.get(merchant, "/balance/transactions").json().get("data");
            assertThat(transactions.get(0).get("description").stringValue()).isEqualTo(reason);
            assertThat(transactions.size()).isEqualTo(made);
        }
    }

    /** Francs as the page writes them: {@code 4 500 FCFA} in French, {@code XOF 4,500} in English. */
    private static Pattern money(long francs, boolean fr) {
        String grouped = String.format(java.util.Locale.ROOT, "%,d", francs);
        return fr ? Pattern.compile(grouped.replace(",", ".") + ".FCFA") : Pattern.compile("XOF." + grouped);
    }
}
