package sn.xaalis.merchant;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import sn.xaalis.platform.PlatformProperties;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.ConsoleOperators;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;

/**
 * Issue 48, a newcomer's first week, as the README's run command starts Xaalis: the embedded demo, no
 * admin token, no SMTP server. The start banner prints a single-use link that makes the first operator
 * (the set-up page says why it refuses one, in words), the console keeps the e-mails that cannot leave in
 * a mailbox whose links work, the pages say "e-mail not configured yet" instead of "sent", an owner gets
 * the invitation link to pass on by hand, and the banner never prints a password that no longer works.
 * A context of its own: no operator may exist before it, and no SMTP server is configured.
 */
@IntegrationTest
@TestPropertySource(properties = {"xaalis.test.context=demo-start", "xaalis.test.mail=none"})
@ExtendWith(OutputCaptureExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DemoStartIT extends BrowserIntegrationTest {

    /** The first operator, set up by the first test and signed in by the next (it knows their app's key). */
    static ConsoleOperators operators;

    static final Pattern SETUP_LINK = Pattern.compile("Console\\s+(http://\\S+/operator/setup\\?link=\\w+)");

    @DynamicPropertySource
    static void defaultRun(DynamicPropertyRegistry registry) throws Exception {
        Path dataDir = Files.createTempDirectory("xaalis-demo-start");
        registry.add("xaalis.demo.enabled", () -> "true");
        registry.add("xaalis.data-dir", dataDir::toString);
        registry.add("xaalis.admin.token", () -> "");
    }

    @Autowired
    DemoSeed seed;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    @Autowired
    PlatformProperties platform;

    @Test
    @Order(1)
    void theBannerPrintsASetUpLinkThatMakesTheFirstOperatorOnce(CapturedOutput output) throws Exception {
        seed.seedAndPrint(); // a start
        String banner = output.getAll();
        String link = find(banner, SETUP_LINK);
        assertThat(banner)
                .contains("no SMTP server configured: nothing leaves; read e-mails in the console, "
                        + url("/operator/mail"))
                .contains("password: " + demoPassword());

        // The mailbox is the signed-in operators' only.
        Page page = browser.newPage(390, 844, "fr");
        page.navigate(url("/operator/mail"));
        assertThat(page).hasURL(Pattern.compile(".*/operator/login$"));

        // Without a link, the page says where to find one; with a wrong one, that it is not recognised.
        page.navigate(url("/operator/setup"));
        assertThat(page.locator("#why")).containsText("Ouvrez le lien d’installation que le serveur affiche");
        PageChecks.check(page, "operator-setup-missing-fr-390", "fr");
        Page english = browser.newPage(1280, 800, "en");
        english.navigate(url("/operator/setup"));
        assertThat(english.locator("#why")).containsText("Open the set-up link the server prints");
        PageChecks.check(english, "operator-setup-missing-en-1280", "en");
        Response unknown = page.navigate(url("/operator/setup?link=notTheLink"));
        assertThat(unknown.status()).isEqualTo(410);
        assertThat(page.locator("#why")).containsText("n’est pas reconnu");
        PageChecks.check(page, "operator-setup-unknown-fr-390", "fr");

        // A link of an earlier start expires after a day: the page says so.
        seed.seedAndPrint();
        String later = find(output.getAll().substring(banner.length()), SETUP_LINK);
        clock.advance(Duration.ofHours(25));
        try {
            english.navigate(later);
            assertThat(english.locator("#why")).containsText("has expired");
            PageChecks.check(english, "operator-setup-expired-en-1280", "en");
        } finally {
            clock.advance(Duration.ofHours(-25));
        }

        // The banner's link: the first operator's name and address, then their activation link.
        page.navigate(link);
        assertThat(page.locator("#admin_token")).hasCount(0);
        PageChecks.check(page, "operator-setup-link-fr-390", "fr");
        page.locator("#name").fill("Awa Diop");
        page.locator("#email").fill("awa@localhost");
        page.locator("main button[type=submit]").click();
        assertThat(page.locator("main")).containsText("adresse e-mail valide");
        page.locator("#email").fill("awa@operator.example");
        page.locator("main button[type=submit]").click();
        String activation = page.locator("#setup-link").innerText().strip();
        assertThat(activation).startsWith(url("/operator/setup/"));
        // Kept only as its fingerprint.
        String token = link.substring(link.indexOf("link=") + 5);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM first_operator_links WHERE token_hash = :t")
                        .param("t", token)
                        .query(Integer.class)
                        .single())
                .isZero();

        // Once: the same link again says it served, in both languages; the other links are closed too.
        Response again = english.navigate(link);
        assertThat(again.status()).isEqualTo(410);
        assertThat(english.locator("#why")).containsText("has been used already");
        Page againFr = browser.newPage(390, 844, "fr");
        againFr.navigate(link);
        assertThat(againFr.locator("#why")).containsText("a déjà servi");
        PageChecks.check(againFr, "operator-setup-used-fr-390", "fr");
        againFr.navigate(url("/operator/setup"));
        assertThat(againFr.locator("#why")).containsText("Des opérateurs existent déjà");

        operators = new ConsoleOperators(browser, api, clock, port);
        operators.setUp(page, activation);
        operators.signIn(page, "awa@operator.example");

        // The inviter is the installation, in words; never the admin token's variable.
        page.navigate(url("/operator/operators"));
        assertThat(page.locator("main table")).containsText("l’installation (lien de démarrage)");
        assertThat(page.locator("main")).not().containsText("XAALIS_ADMIN_TOKEN");
        page.navigate(url("/operator/audit?action=operator.invited"));
        assertThat(page.locator("main")).containsText("l’installation (lien de démarrage)");
        assertThat(page.locator("main")).not().containsText("XAALIS_ADMIN_TOKEN");
        assertThat(jdbc.sql("SELECT actor_kind FROM audit_events WHERE action = 'operator.invited'")
                        .query(String.class)
                        .list())
                .containsExactly("installation");

        // The activation e-mail did not leave: it is in the console's mailbox, its link the one shown.
        page.navigate(url("/operator/mail"));
        assertThat(page.locator("#mail-state")).containsText("E-mail pas encore configuré");
        assertThat(page.locator("main")).containsText("Votre compte opérateur Xaalis");
        assertThat(page.locator("main a[href='" + activation + "']")).hasCount(1);
        assertThat(page.locator("main")).containsText("Cette installation de Xaalis vous invite");
        PageChecks.check(page, "operator-mail-fr-390", "fr");

        // A start now names the console's address, and prints no link.
        int before = output.getAll().length();
        seed.seedAndPrint();
        String now = output.getAll().substring(before);
        assertThat(now).contains("Console        " + url("/operator") + "\n").doesNotContain("setup?link=");
        page.context().close();
        english.context().close();
        againFr.context().close();
    }

    @Test
    @Order(2)
    void withoutSmtpTheMailboxKeepsTheMailsAndThePagesSaySo() throws Exception {
        // The demo signs in with the banner's password.
        Page demo = browser.newPage(390, 844, "fr");
        demo.navigate(url("/portal/login"));
        demo.locator("#email").fill(DemoSeed.DEMO_EMAIL);
        demo.locator("#password").fill(demoPassword());
        demo.locator("main form button[type=submit]").first().click();
        assertThat(demo).hasURL(Pattern.compile(".*/portal/dashboard$"));

        Page console = browser.newPage(1280, 800, "en");
        operators.signIn(console, "awa@operator.example");
        console.navigate(url("/operator/mail"));
        assertThat(console.locator("#mail-state")).containsText("E-mail not configured yet");
        PageChecks.check(console, "operator-mail-en-1280", "en");

        // The owner invites: told no e-mail left, and given the link, which works.
        String member = "cashier" + System.nanoTime() + "@example.com";
        demo.navigate(url("/portal/team"));
        demo.locator("#invite-email").fill(member);
        demo.locator("#invite button[type=submit]").click();
        assertThat(demo.locator("#not-sent")).containsText("e-mail pas encore configuré");
        assertThat(demo.locator("main")).not().containsText("Invitation envoyée");
        String invitation = demo.locator("#invitation-link").innerText().strip();
        assertThat(invitation).startsWith(url("/portal/team/join/"));
        PageChecks.check(demo, "team-invite-by-hand-fr-390", "fr");
        Page joining = browser.newPage(1280, 800, "en");
        Response join = joining.navigate(invitation);
        assertThat(join.status()).isEqualTo(200);
        assertThat(joining.locator("#email")).hasValue(member);
        joining.context().close();
        Page demoEn = browser.newPage(1280, 800, "en");
        demoEn.navigate(url("/portal/login"));
        demoEn.locator("#email").fill(DemoSeed.DEMO_EMAIL);
        demoEn.locator("#password").fill(demoPassword());
        demoEn.locator("main form button[type=submit]").first().click();
        demoEn.navigate(url("/portal/team"));
        demoEn.locator("#invite-email").fill("second" + member);
        demoEn.locator("#invite button[type=submit]").click();
        assertThat(demoEn.locator("#not-sent")).containsText("e-mail is not configured yet");
        assertThat(demoEn.locator("#invitation-link")).containsText("/portal/team/join/");
        PageChecks.check(demoEn, "team-invite-by-hand-en-1280", "en");
        demoEn.context().close();

        // A password reset: the page says no e-mail left, and the link waits in the mailbox, working.
        Page reset = browser.newPage(390, 844, "fr");
        reset.navigate(url("/portal/password-reset"));
        reset.locator("#email").fill(DemoSeed.DEMO_EMAIL);
        reset.locator("main button[type=submit]").click();
        assertThat(reset.locator("main")).containsText("E-mail pas encore configuré sur ce serveur");
        assertThat(reset.locator("main")).not().containsText("vient de lui être envoyé");
        PageChecks.check(reset, "password-reset-not-configured-fr-390", "fr");
        Page resetEn = browser.newPage(1280, 800, "en");
        resetEn.navigate(url("/portal/password-reset"));
        resetEn.locator("#email").fill("nobody@example.com");
        resetEn.locator("main button[type=submit]").click();
        assertThat(resetEn.locator("main")).containsText("E-mail not configured yet on this server");
        PageChecks.check(resetEn, "password-reset-not-configured-en-1280", "en");
        resetEn.context().close();
        var resetLink = console.locator("main a[href*='/portal/password-reset/']");
        for (int i = 0; i < 50 && resetLink.count() == 0; i++) {
            Thread.sleep(100); // the request is answered before the work is done
            console.reload();
        }
        String resetAddress = resetLink.first().getAttribute("href");
        assertThat(reset.navigate(resetAddress).status()).isEqualTo(200);
        assertThat(reset.locator("#new_password")).hasCount(1);
        reset.context().close();

        // A merchant the operator signs up: the welcome did not leave, and the notice says so.
        Page fr = browser.newPage(390, 844, "fr");
        operators.signIn(fr, "awa@operator.example");
        fr.navigate(url("/operator/merchants/new"));
        fr.locator("#name").fill("Boutique Awa");
        fr.locator("#email").fill("boutique" + System.nanoTime() + "@example.com");
        fr.locator("main form button[type=submit]").last().click();
        assertThat(fr.getByRole(com.microsoft.playwright.options.AriaRole.STATUS))
                .containsText("E-mail pas encore configuré");
        fr.navigate(url("/operator/mail"));
        assertThat(fr.locator("main")).containsText("Boutique Awa");
        fr.context().close();
        console.context().close();
        demo.context().close();
    }

    @Test
    @Order(3)
    void theBannerNeverPrintsAPasswordThatNoLongerWorks(CapturedOutput output) {
        String first = demoPassword();
        jdbc.sql("UPDATE merchants SET password_hash = :hash WHERE email = :email")
                .param("hash", new BCryptPasswordEncoder().encode("the demo's own password"))
                .param("email", DemoSeed.DEMO_EMAIL)
                .update();
        int before = output.getAll().length();
        seed.seedAndPrint();
        String banner = output.getAll().substring(before);
        assertThat(banner)
                .contains("Portal", "password changed since the first start")
                .doesNotContain(first);
    }

    private String demoPassword() {
        try {
            return Files.readString(platform.dataDir().resolve("demo-password.txt"))
                    .strip();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String find(String text, Pattern pattern) {
        Matcher matcher = pattern.matcher(text);
        assertThat(matcher.find()).as(pattern.pattern()).isTrue();
        return matcher.group(1);
    }
}
