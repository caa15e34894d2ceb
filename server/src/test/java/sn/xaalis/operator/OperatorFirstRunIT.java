package sn.xaalis.operator;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.ConsoleOperators;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MailCatcher;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;

/**
 * Issue 35, the console's first run: the first operator made with the installation's admin token, a
 * set-up link (by e-mail too) where the password and the authenticator app are chosen, then sign-in with
 * both every time. The first run is open only while no operator exists, so this test has a context (and
 * a database) of its own: the property below is only there to set it apart from the shared one.
 */
@IntegrationTest
@TestPropertySource(properties = "xaalis.test.context=operator-first-run")
class OperatorFirstRunIT extends BrowserIntegrationTest {

    static final MailCatcher mail = MailCatcher.shared();
    static final String PASSWORD = ConsoleOperators.PASSWORD;

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Test
    void theFirstOperatorIsMadeWithTheAdminTokenAndSetsUpAPasswordAndAnApp() throws Exception {
        Page page = browser.newPage(390, 844, "fr");
        page.navigate(url("/operator"));
        assertThat(page).hasURL(Pattern.compile(".*/operator/login$"));

        page.navigate(url("/operator/setup"));
        PageChecks.check(page, "operator-first-run-fr-390", "fr");
        page.locator("#admin_token").fill("not the token");
        page.locator("#name").fill("Awa Diop");
        page.locator("#email").fill("awa@operator.example");
        page.locator("main button[type=submit]").click();
        assertThat(page.locator("main")).containsText("Ce n’est pas le jeton d’administration");
        page.locator("#admin_token").fill(Api.ADMIN_TOKEN);
        page.locator("main button[type=submit]").click();
        String link = page.locator("#setup-link").innerText().strip();
        assertThat(link).startsWith(url("/operator/setup/"));
        // The same link by e-mail.
        assertThat(MailCatcher.link(mail.awaitMail("awa@operator.example"), "/operator/setup/"))
                .isEqualTo(link);
        // In the trail under the installation (issue 48: never under the admin token's variable).
        assertThat(jdbc.sql("SELECT actor_kind || ' ' || actor FROM audit_events WHERE action = 'operator.invited'"
                                + " AND subject = 'awa@operator.example'")
                        .query(String.class)
                        .list())
                .containsExactly("installation installation");

        page.navigate(link);
        PageChecks.check(page, "operator-setup-fr-390", "fr");
        String secret = page.locator("#totp-secret").innerText().strip();
        page.locator("#password").fill(PASSWORD);
        page.locator("#confirm").fill(PASSWORD);
        page.locator("#code").fill("000000".equals(operators().code(secret)) ? "111111" : "000000");
        page.locator("main button[type=submit]").click();
        assertThat(page.locator("main")).containsText("Ce code n’est pas le bon");
        page.locator("#password").fill(PASSWORD);
        page.locator("#confirm").fill("something else entirely");
        page.locator("#code").fill(operators().code(secret));
        page.locator("main button[type=submit]").click();
        assertThat(page.locator("main")).containsText("ne sont pas les mêmes");
        page.locator("#password").fill(PASSWORD);
        page.locator("#confirm").fill(PASSWORD);
        page.locator("#code").fill(operators().code(secret));
        page.locator("main button[type=submit]").click();
        assertThat(page).hasURL(Pattern.compile(".*/operator/login\\?ready$"));
        PageChecks.check(page, "operator-login-fr-390", "fr");

        // The link served once; the first run is closed now that an operator exists.
        Response used = browser.newPage(390, 844, "fr").navigate(link);
        assertThat(used.status()).isEqualTo(410);
        page.navigate(url("/operator/setup"));
        assertThat(page.locator("main")).containsText("Des opérateurs existent déjà");

        // Password and code, both, every time; the code of the set-up does not open a session.
        page.locator("main").isVisible();
        operators().signIn(page, "awa@operator.example", PASSWORD, "000000");
        assertThat(page).hasURL(Pattern.compile(".*/operator/login\\?error$"));
        operators()
                .signIn(
                        page,
                        "awa@operator.example",
                        "wrong password here",
                        operators().nextCode(secret));
        assertThat(page).hasURL(Pattern.compile(".*/operator/login\\?error$"));
        operators().signIn(page, "awa@operator.example", PASSWORD, operators().nextCode(secret));
        assertThat(page).hasURL(Pattern.compile(".*/operator$"));
        assertThat(page.locator("h1")).hasText("Marchands");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM audit_events WHERE action = 'operator.set_up' AND actor = :actor")
                        .param("actor", "awa@operator.example")
                        .query(Integer.class)
                        .single())
                .isEqualTo(1);
        page.context().close();
    }

    private ConsoleOperators operators;

    private ConsoleOperators operators() {
        if (operators == null) {
            operators = new ConsoleOperators(browser, api, clock, port);
        }
        return operators;
    }
}
