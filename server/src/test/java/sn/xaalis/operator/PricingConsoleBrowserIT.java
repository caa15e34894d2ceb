package sn.xaalis.operator;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
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
 */
@IntegrationTest
class PricingConsoleBrowserIT extends BrowserIntegrationTest {

    @Autowired
    MutableClock clock;

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
            console.context().close();
        }
    }
}
