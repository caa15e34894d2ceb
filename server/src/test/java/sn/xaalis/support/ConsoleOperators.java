package sn.xaalis.support;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import sn.xaalis.merchant.Totp;

/**
 * Operators of the console for a test: invited through the admin API, set up through their link in
 * Chromium (password and authenticator app), and signed in with a code of a later time step each time
 * (each code opens one session only), computed from the key the set-up page showed and the test's clock.
 */
public final class ConsoleOperators {

    public static final String PASSWORD = "operator password 1";

    private final Browser browser;
    private final Api api;
    private final MutableClock clock;
    private final String base;
    private final Map<String, String> secrets = new ConcurrentHashMap<>();

    public ConsoleOperators(Browser browser, Api api, MutableClock clock, int port) {
        this.browser = browser;
        this.api = api;
        this.clock = clock;
        this.base = "http://localhost:" + port;
    }

    /** An operator invited through the admin API and set up through the link; returns their e-mail. */
    public String create(String email) {
        var invited = api.admin("POST", "/operators", "{\"email\":\"" + email + "\",\"name\":\"Opérateur\"}");
        assertThat(invited.status()).as(invited.body()).isEqualTo(201);
        Page page = browser.newPage(390, 844, "fr");
        setUp(page, invited.json().get("setup_url").stringValue());
        page.context().close();
        return email;
    }

    /** Follows a set-up link: the password, then the app's key read from the page; returns the key. */
    public String setUp(Page page, String link) {
        page.navigate(link);
        String secret = page.locator("#totp-secret").innerText().strip();
        String email = page.locator("main p").first().innerText().replaceAll(".*\\((.*)\\).*", "$1");
        secrets.put(email, secret);
        page.locator("#password").fill(PASSWORD);
        page.locator("#confirm").fill(PASSWORD);
        page.locator("#code").fill(code(secret));
        page.locator("main button[type=submit]").click();
        assertThat(page).hasURL(Pattern.compile(".*/operator/login\\?ready$"));
        return secret;
    }

    /** Signs a set-up operator in with the password and a fresh code, landing on the merchants' list. */
    public void signIn(Page page, String email) {
        signIn(page, email, PASSWORD, nextCode(secretOf(email)));
        assertThat(page).hasURL(Pattern.compile(".*/operator$"));
    }

    /**
     * Sends the sign-in form and waits until its answer is shown (the console, or the login page with its
     * error): a caller navigating on while the sign-in's redirect is still loading would send two requests of
     * the new session at once, and the page it lands on could carry a CSRF token the other one replaced.
     */
    public void signIn(Page page, String email, String password, String code) {
        page.navigate(base + "/operator/login");
        page.locator("#email").fill(email);
        page.locator("#password").fill(password);
        page.locator("#code").fill(code);
        page.locator("main form button[type=submit]").click();
        page.waitForURL(address -> !address.endsWith("/operator/login"));
        page.waitForLoadState();
    }

    public String secretOf(String email) {
        String secret = secrets.get(email);
        if (secret == null) {
            throw new IllegalStateException("no operator set up as " + email);
        }
        return secret;
    }

    public String code(String secret) {
        return Totp.code(Totp.fromBase32(secret), Totp.step(clock.instant()));
    }

    /** A code of a later time step: each code opens one session only. */
    public String nextCode(String secret) {
        clock.advance(Duration.ofSeconds(30));
        return code(secret);
    }
}
