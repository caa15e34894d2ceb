package sn.xaalis.support;

import com.microsoft.playwright.Browser.NewContextOptions;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real headless Chromium (Debian's) driven by Playwright, which must not download a browser of its own.
 * Without Chromium the tests are skipped, except on CI.
 */
public final class Browser implements AutoCloseable {

    /**
     * Debian's chromium-headless-shell when installed, else its chromium. The shell is the same Chromium
     * build without the browser's window layer, what Playwright itself runs headless: since Chromium 132
     * the full browser's headless mode draws everything a window would, and the browser tests took 30 %
     * longer in it (PaymentLinkBrowserIT 112 s against 82 s). {@code -Dxaalis.test.chromium=PATH} picks one.
     */
    public static final Path CHROMIUM = chromium();

    /**
     * Screenshots of every checked page for people to review, with {@code -Dxaalis.test.screenshots=true};
     * a page that fails its checks is always saved. Encoding and carrying each one cost a tenth of a browser
     * test's time, spent on every run for pictures nobody opens.
     */
    static final boolean SCREENSHOTS_WANTED = Boolean.getBoolean("xaalis.test.screenshots");

    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final int MAX_SCREENSHOT_HEIGHT = 4000;

    private final Playwright playwright;
    private final com.microsoft.playwright.Browser chromium;

    private static Browser shared;

    /**
     * The run's one Chromium: a launch (Playwright's driver, then the browser) costs seconds, and each page
     * opens in a browser context of its own (cookies, storage) whichever browser serves it. A test class's
     * {@link #close} closes the pages it left open; Chromium stops when the run's JVM does.
     */
    public static synchronized Browser shared() {
        if (shared == null) {
            Browser browser = new Browser();
            Runtime.getRuntime().addShutdownHook(new Thread(browser::quit, "chromium-quit"));
            shared = browser;
        }
        return shared;
    }

    private Browser() {
        playwright = Playwright.create(
                new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
        chromium = playwright
                .chromium()
                .launch(new BrowserType.LaunchOptions()
                        .setExecutablePath(CHROMIUM)
                        .setHeadless(true)
                        .setArgs(List.of(
                                "--no-sandbox",
                                "--disable-gpu",
                                "--disable-quic",
                                "--no-first-run",
                                "--disable-background-networking",
                                "--disable-component-update",
                                "--disable-sync")));
    }

    /** A page in English, the language the older portal tests read. */
    public Page newPage(int width, int height) {
        return newPage(width, height, "en");
    }

    /** A page whose browser asks for {@code language} ({@code fr} or {@code en}) in Accept-Language. */
    public Page newPage(int width, int height, String language) {
        return chromium.newContext(
                        new NewContextOptions().setViewportSize(width, height).setLocale(language))
                .newPage();
    }

    private static Path chromium() {
        String chosen = System.getProperty("xaalis.test.chromium");
        if (chosen != null) {
            return Path.of(chosen);
        }
        Path shell = Path.of("/usr/bin/chromium-headless-shell");
        return Files.isExecutable(shell) ? shell : Path.of("/usr/bin/chromium");
    }

    /** With {@code -Dxaalis.test.screenshots=true}, a full-page screenshot under target/screenshots/. */
    public static void screenshot(Page page, String name) {
        if (SCREENSHOTS_WANTED) {
            save(page, name);
        }
    }

    /** Saves a full-page screenshot under target/screenshots/, whatever the run asked. */
    static void save(Page page, String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        String suffix = TestDatabase.postgres() ? "-postgres" : "-h2";
        var options = new Page.ScreenshotOptions()
                .setPath(SCREENSHOTS.resolve(name + suffix + ".png"))
                .setFullPage(true);
        // A very long page (the API reference, 94,000 px high on a phone) is shown by its first screen: a
        // full-page shot of it took 12-18 s, most of its test.
        Number height = (Number) page.evaluate("document.documentElement.scrollHeight");
        if (height.intValue() > MAX_SCREENSHOT_HEIGHT) {
            options.setFullPage(false);
        }
        page.screenshot(options);
    }

    /** Closes every page still open, with its browser context, for the next test class. */
    @Override
    public void close() {
        chromium.contexts().forEach(BrowserContext::close);
    }

    private void quit() {
        chromium.close();
        playwright.close();
    }

    /** Skips browser tests where no Chromium is installed, unless CI requires them. */
    public static class Available implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            if (Files.isExecutable(CHROMIUM) || TestDatabase.postgresRequired()) {
                return ConditionEvaluationResult.enabled("Chromium available or required");
            }
            return ConditionEvaluationResult.disabled("SKIPPED: no Chromium at " + CHROMIUM
                    + " (apt-get install chromium-headless-shell; .ci/run installs it)");
        }
    }
}
