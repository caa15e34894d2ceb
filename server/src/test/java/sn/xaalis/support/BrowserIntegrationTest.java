package sn.xaalis.support;

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

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.close();
            browser = null;
        }
    }
}
