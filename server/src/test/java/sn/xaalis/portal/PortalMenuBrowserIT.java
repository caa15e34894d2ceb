package sn.xaalis.portal;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PortalSession;

/**
 * Issue 48 item 10: a shop owner reaches "Encaisser", "Paiements sortants", "Moyens de paiement" and the
 * team from the menu, without going through an application; with several applications the menu's entry
 * asks which one, by name. A cashier's menu holds what a cashier may use. The header stays one compact bar:
 * at most two rows on a laptop, one bar with a folding menu on a phone, never wider than the screen.
 */
@IntegrationTest
class PortalMenuBrowserIT extends BrowserIntegrationTest {

    /** A header of one row is about 52 px (a 44 px button and its padding); two rows stay under this. */
    private static final double TWO_ROWS = 110;
    /** The phone's bar: the brand, the language and "Menu" on one row (ShopOwnerBrowserIT's measure). */
    private static final double PHONE_BAR = 64;

    private static final Pattern JOIN = Pattern.compile("/portal/team/join/([A-Za-z0-9]{43})");

    @Autowired
    JdbcClient jdbc;

    /**
     * An entry of the menu: its words in each language and where it lands (a page whose heading says the
     * same); {@code lands} is a path of letters, digits, '-' and '/', read as a pattern as it is.
     */
    record Entry(String fr, String en, String lands) {
        String words(String language) {
            return language.equals("fr") ? fr : en;
        }
    }

    @ParameterizedTest(name = "{0} at {1} px")
    @MethodSource("sn.xaalis.support.Views#arguments")
    void anOwnerWithOneApplicationReachesEveryPageFromTheMenu(String language, int width) {
        String email = "menu" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        String app = "/portal/applications/" + merchant.applicationId();
        Page page = browser.newPage(width, width < 900 ? 844 : 800, language);
        signIn(page, email);
        compact(page, width);
        PageChecks.check(page, "menu-owner-" + language + "-" + width, language);

        List<Entry> entries = List.of(
                new Entry("Tableau de bord", "Dashboard", "/portal/dashboard"),
                new Entry("Encaisser", "Take a payment", "/portal/counter"),
                new Entry("Transactions", "Transactions", "/portal/transactions"),
                new Entry("Liens de paiement", "Payment links", "/portal/links"),
                // The application's own pages, straight: the owner has only one.
                new Entry("Paiements sortants", "Payouts", app + "/payouts"),
                new Entry("Moyens de paiement", "Payment methods", app + "/payment-methods"),
                new Entry("Applications", "Applications", "/portal/applications"),
                new Entry("Équipe", "Team", "/portal/team"));
        for (Entry entry : entries) {
            follow(page, width, entry.words(language));
            assertThat(page).hasURL(Pattern.compile(".*" + entry.lands() + "$"));
            assertThat(page.locator("h1")).hasText(entry.words(language));
            compact(page, width);
        }
        // The payouts page says test or real as the counter does: the switch, and in test the banner.
        follow(page, width, language.equals("fr") ? "Paiements sortants" : "Payouts");
        assertThat(page.locator("main nav.switch a[aria-current=page]")).hasText("Test");
        assertThat(page.locator("#mode-test"))
                .hasText(
                        language.equals("fr")
                                ? "Mode test : aucun argent réel ne circule."
                                : "Test mode: no real money moves.");
        if (width < 900) {
            page.locator("header summary").click();
            PageChecks.check(page, "menu-owner-open-" + language + "-" + width, language);
        }
        page.context().close();
    }

    @ParameterizedTest(name = "{0} at {1} px")
    @MethodSource("sn.xaalis.support.Views#arguments")
    void anOwnerWithSeveralApplicationsChoosesOneByItsName(String language, int width) {
        String email = "menus" + System.nanoTime() + "@example.com";
        api.onboardAs(email, "WALLET_SN");
        PortalSession owner = new PortalSession(port);
        owner.signIn(email, Api.PASSWORD);
        HttpResponse<String> created = owner.post(
                "/portal/applications", Map.of("name", "Boutique de Dakar"), owner.csrfFrom("/portal/applications"));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(200);

        Page page = browser.newPage(width, width < 900 ? 844 : 800, language);
        signIn(page, email);
        for (Entry entry : List.of(
                new Entry("Paiements sortants", "Payouts", "/payouts"),
                new Entry("Moyens de paiement", "Payment methods", "/payment-methods"))) {
            follow(page, width, entry.words(language));
            assertThat(page).hasURL(Pattern.compile(".*/portal" + entry.lands() + "$"));
            assertThat(page.locator("h1")).hasText(entry.words(language));
            Locator choices = page.locator("main ul.choices a");
            assertThat(choices).hasCount(2);
            assertThat(page.locator("main ul.choices")).containsText("Shop app");
            compact(page, width);
            PageChecks.check(
                    page, "menu-choose" + entry.lands().replace('/', '-') + "-" + language + "-" + width, language);
            page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName("Boutique de Dakar"))
                    .click();
            assertThat(page).hasURL(Pattern.compile(".*/portal/applications/[^/]+" + entry.lands() + "$"));
            assertThat(page.locator("h1")).hasText(entry.words(language));
            assertThat(page.locator("main")).containsText("Boutique de Dakar");
        }
        page.context().close();
    }

    @ParameterizedTest(name = "{0} at {1} px")
    @MethodSource("sn.xaalis.support.Views#arguments")
    void aCashiersMenuHoldsTheCounterAndNotTheOwnersPages(String language, int width) {
        String ownerEmail = "menuo" + System.nanoTime() + "@example.com";
        api.onboardAs(ownerEmail, "WALLET_SN");
        String email = "menuc" + System.nanoTime() + "@example.com";
        cashier(ownerEmail, email);

        Page page = browser.newPage(width, width < 900 ? 844 : 800, language);
        page.navigate(url("/portal/login"));
        page.locator("#email").fill(email);
        page.locator("#password").fill(Api.PASSWORD);
        page.locator("main form button[type=submit]").first().click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/counter$"));
        compact(page, width);
        if (width < 900) {
            page.locator("header summary").click();
        }
        Locator menu = menu(page, width);
        assertThat(menu.getByRole(AriaRole.LINK, exactly(language.equals("fr") ? "Encaisser" : "Take a payment")))
                .isVisible();
        for (String owners : language.equals("fr")
                ? List.of("Paiements sortants", "Moyens de paiement", "Équipe", "Tableau de bord", "Applications")
                : List.of("Payouts", "Payment methods", "Team", "Dashboard", "Applications")) {
            assertThat(menu.getByRole(AriaRole.LINK, exactly(owners))).hasCount(0);
        }
        PageChecks.check(page, "menu-cashier-" + language + "-" + width, language);
        menu.getByRole(AriaRole.LINK, exactly(language.equals("fr") ? "Encaisser" : "Take a payment"))
                .click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/counter$"));
        // The short paths are the owners' (payouts) and the readers' (payment methods): a cashier is refused.
        assertThat(page.navigate(url("/portal/payouts")).status()).isEqualTo(403);
        assertThat(page.navigate(url("/portal/payment-methods")).status()).isEqualTo(403);
        page.context().close();
    }

    /** Clicks the menu's entry named {@code words}, opening the phone's menu first. */
    private static void follow(Page page, int width, String words) {
        Locator menu = menu(page, width);
        if (width < 900) {
            page.locator("header summary").click();
        }
        menu.getByRole(AriaRole.LINK, exactly(words)).click();
    }

    /** The menu's links as shown at this width: in the bar on a laptop, behind "Menu" on a phone. */
    private static Locator menu(Page page, int width) {
        return page.locator(width < 900 ? "header details.menu .panel" : "header .pages");
    }

    /** The header is one bar on a phone, at most two rows on a laptop, and the page never scrolls sideways. */
    private static void compact(Page page, int width) {
        double height = page.locator("header").boundingBox().height;
        assertThat(height)
                .as("header height at " + width + " px on " + page.url())
                .isLessThanOrEqualTo(width < 900 ? PHONE_BAR : TWO_ROWS);
        Object sideways = page.evaluate("document.documentElement.scrollWidth - window.innerWidth");
        assertThat(((Number) sideways).intValue())
                .as("sideways scroll on " + page.url())
                .isLessThanOrEqualTo(0);
    }

    private static Locator.GetByRoleOptions exactly(String name) {
        return new Locator.GetByRoleOptions().setName(name).setExact(true);
    }

    /** A cashier of the owner's team, made the way people do: invited, then joining with the e-mail's link. */
    private void cashier(String ownerEmail, String email) {
        PortalSession owner = new PortalSession(port);
        owner.signIn(ownerEmail, Api.PASSWORD);
        HttpResponse<String> invited = owner.post(
                "/portal/team/invite", Map.of("email", email, "role", "cashier"), owner.csrfFrom("/portal/team"));
        assertThat(invited.statusCode()).as(invited.body()).isEqualTo(302);
        String body = jdbc.sql("SELECT body FROM mail_outbox WHERE recipient = :to AND kind = 'team-invitation'"
                        + " ORDER BY created_at DESC, id DESC LIMIT 1")
                .param("to", email)
                .query(String.class)
                .single();
        Matcher link = JOIN.matcher(body);
        assertThat(link.find()).as(body).isTrue();
        String path = "/portal/team/join/" + link.group(1);
        PortalSession member = new PortalSession(port);
        HttpResponse<String> joined = member.post(
                path,
                Map.of("name", "Fatou Caisse", "password", Api.PASSWORD, "confirm_password", Api.PASSWORD),
                member.csrfFrom(path));
        assertThat(joined.statusCode()).as(joined.body()).isEqualTo(302);
    }
}
