package sn.xaalis.pages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.Route;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PageSweep;

/** The page checks themselves: they pass a good page and fail a bad one, with messages that say why. */
@IntegrationTest
@PageSweep
class PageChecksIT extends BrowserIntegrationTest {

    /** The portal's policy: no inline script, which axe's injection must get through. */
    private static final String STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'";

    @Test
    void aPageThatFitsAPhoneAndIsAccessiblePasses() {
        Page page = fixture("clean.html", Map.of());

        PageChecks.check(page, "page-checks-clean", "fr");
        PageChecks.touchTargets(page);
    }

    @Test
    void aPageUnderAContentSecurityPolicyWithoutInlineScriptsIsStillChecked() {
        Page page = fixture("clean.html", Map.of("Content-Security-Policy", STRICT_CSP));

        PageChecks.check(page, "page-checks-clean-csp", "fr");
    }

    @Test
    void theServersOwnPolicyLetsAxeRun() {
        Page page = browser.newPage(390, 844, "fr");
        page.navigate("http://localhost:" + port + "/portal/login");

        assertThat(page.evaluate("typeof window.axe")).isEqualTo("undefined");
        assertThat(PageChecks.axe(page)).isNotNull();
    }

    @Test
    void aPageTooWideWithAccessibilityFaultsFailsWithEveryReason() {
        Page page = fixture("broken.html", Map.of());

        AssertionError failure =
                assertThrows(AssertionError.class, () -> PageChecks.check(page, "page-checks-broken", "fr"));

        assertThat(failure.getMessage())
                .contains("The page scrolls sideways (")
                .contains("table#history")
                .contains("color-contrast (serious)")
                .contains("label (critical)")
                .contains("#phone")
                .contains("<input id=\"phone\" name=\"phone\" type=\"tel\"")
                .contains("Controls smaller than 24×24 px:")
                .contains("  button \"OK\": 20×20 px")
                .contains("English on a French page:")
                .contains("p#outcome \"Payment failed, essayez encore.\": \"Payment\"")
                .contains("p#outcome \"Payment failed, essayez encore.\": \"failed\"")
                .doesNotContain("\"essayez\"")
                .contains(
                        "Words cut over two lines:\n  p#reference.narrow \"SVC-RSLONFQ2\": \"SVC-RSLONFQ2\" is cut over")
                .doesNotContain("<html lang>");
    }

    @Test
    void englishIsOnlyLookedForOnAFrenchPage() {
        Page page = fixture("broken.html", Map.of());

        AssertionError failure =
                assertThrows(AssertionError.class, () -> PageChecks.check(page, "page-checks-broken-en", "en"));

        assertThat(failure.getMessage()).doesNotContain("English on a French page");
    }

    @Test
    void theWrongLanguageFails() {
        Page page = fixture("clean.html", Map.of());

        AssertionError failure =
                assertThrows(AssertionError.class, () -> PageChecks.check(page, "page-checks-clean", "en"));

        assertThat(failure.getMessage()).contains("<html lang> is fr, expected en");
    }

    @Test
    void aTinyButtonFailsTheTouchTargets() {
        Page page = fixture("broken.html", Map.of());

        AssertionError failure = assertThrows(AssertionError.class, () -> PageChecks.touchTargets(page));

        assertThat(failure.getMessage())
                .containsPattern("input#phone: \\d+×\\d+ px")
                .contains("button \"OK\": 20×20 px");
    }

    /** A fixture page from pages-fixtures/browser/, served at a URL of the test server by the browser itself. */
    private Page fixture(String name, Map<String, String> headers) {
        Page page = browser.newPage(390, 844, "fr");
        String url = "http://localhost:" + port + "/page-checks/" + name;
        byte[] html = resource("/pages-fixtures/browser/" + name);
        page.route(url, route -> fulfil(route, html, headers));
        page.navigate(url);
        return page;
    }

    private static void fulfil(Route route, byte[] html, Map<String, String> headers) {
        route.fulfill(new Route.FulfillOptions()
                .setStatus(200)
                .setContentType("text/html; charset=utf-8")
                .setHeaders(headers)
                .setBodyBytes(html));
    }

    private static byte[] resource(String path) {
        try (InputStream in = PageChecksIT.class.getResourceAsStream(path)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
