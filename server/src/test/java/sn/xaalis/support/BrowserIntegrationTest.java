package sn.xaalis.support;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;

import com.microsoft.playwright.Page;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An integration test that drives the running server in the run's headless Chromium ({@link #browser},
 * {@link Browser#shared}), closing the pages it left open when done; skipped where no Chromium is
 * installed, except on CI. Annotate it {@link IntegrationTest} and check each page with {@link PageChecks}.
 */
@ExtendWith(Browser.Available.class)
public abstract class BrowserIntegrationTest extends ApiIntegrationTest {

    protected static Browser browser;

    @BeforeAll
    static void launchBrowser() {
        browser = Browser.shared();
    }

    /** Signs the merchant of {@code email} in (its password is {@link Api#PASSWORD}), landing on the dashboard. */
    protected void signIn(Page page, String email) {
        page.navigate(url("/portal/login"));
        page.locator("#email").fill(email);
        page.locator("#password").fill(Api.PASSWORD);
        page.locator("main form button[type=submit]").first().click();
        // An assertion rather than waitForURL: a failure names the address reached.
        assertThat(page).hasURL(Pattern.compile(".*/portal/dashboard$"));
    }

    /** The address of {@code path} on this test's server. */
    protected String url(String path) {
        return "http://localhost:" + port + path;
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.close();
            browser = null;
        }
    }
}
