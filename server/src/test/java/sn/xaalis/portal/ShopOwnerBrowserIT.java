package sn.xaalis.portal;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.LocatorAssertions;
import com.microsoft.playwright.options.AriaRole;
import java.net.ServerSocket;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PageSweep;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.WebhookReceiver;

/**
 * What a shop owner meets in the portal on a phone and on a laptop, in French and in English (issue 30):
 * revoking a key asks first and says what stops, the dashboard counts what was collected apart from the
 * rest, the test webhook tells what really happened, and the header leaves the page its room. Revoking
 * runs on both databases; the rest are page sweeps, their figures checked on both by PortalSecurityIT
 * and PortalWebhooksIT.
 */
@IntegrationTest
class ShopOwnerBrowserIT extends BrowserIntegrationTest {

    private static final LocatorAssertions.ContainsTextOptions WEBHOOK_WAIT =
            new LocatorAssertions.ContainsTextOptions().setTimeout(20_000);

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @ParameterizedTest(name = "{0} at {1} px")
    @MethodSource("sn.xaalis.support.Views#arguments")
    void revokingAKeyAsksForThePasswordAndSaysWhatStops(String language, int width) {
        boolean fr = language.equals("fr");
        String email = "revoke" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        Page page = signedIn(email, language, width);
        page.navigate(url("/portal/applications/" + merchant.applicationId()));

        // One tap on the list opens a confirmation, it does not revoke.
        page.getByLabel((fr ? "Révoquer la clé " : "Revoke key ") + merchant.apiKey())
                .click();
        assertThat(page.locator("#revoked-key")).hasText(merchant.apiKey());
        assertThat(page.locator("#revoke-effect")).containsText("401");
        assertThat(page.locator("#revoke-last")).isVisible(); // the sole test key
        PageChecks.check(page, "portal-revoke-" + language + "-" + width, language);
        assertThat(api.initiate(merchant, PAYMENT).status())
                .as("nothing revoked by opening the page")
                .isEqualTo(201);

        page.getByLabel(fr ? "Votre mot de passe" : "Your password").fill("not my password");
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName(fr ? "Révoquer la clé" : "Revoke the key"))
                .click();
        assertThat(page.getByRole(AriaRole.ALERT)).isVisible();
        assertThat(api.initiate(merchant, PAYMENT).status())
                .as("a wrong password revokes nothing")
                .isEqualTo(201);

        page.getByLabel(fr ? "Votre mot de passe" : "Your password").fill(Api.PASSWORD);
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName(fr ? "Révoquer la clé" : "Revoke the key"))
                .click();
        assertThat(page.getByRole(AriaRole.STATUS)).containsText(merchant.apiKey());
        assertThat(api.initiate(merchant, PAYMENT).status()).isEqualTo(401);

        // The last live key of a live application is refused: the page says why and offers no button. Going
        // live needs PostgreSQL and a provider connection (PortalSettingsIT); here the row says it is live.
        String liveKey = api.admin(
                        "POST", "/applications/" + merchant.applicationId() + "/keys", "{\"environment\":\"live\"}")
                .json()
                .get("api_key")
                .stringValue();
        jdbc.sql("UPDATE applications SET live_enabled = TRUE WHERE id = :id")
                .param("id", java.util.UUID.fromString(merchant.applicationId()))
                .update();
        String revokeLive = "/portal/applications/" + merchant.applicationId() + "/keys/" + liveKey + "/revoke";
        page.navigate(url(revokeLive));
        assertThat(page.locator("#revoke-refused")).isVisible();
        assertThat(page.locator("form button.danger")).hasCount(0);
        // A forged post with the right password is refused all the same.
        PortalSession forged = new PortalSession(port);
        forged.signIn(email, Api.PASSWORD);
        String token = forged.csrfFrom("/portal/applications/" + merchant.applicationId());
        assertThat(forged.post(revokeLive, java.util.Map.of("password", Api.PASSWORD), token)
                        .statusCode())
                .isEqualTo(409);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM api_keys WHERE public_key = :k AND revoked_at IS NULL")
                        .param("k", liveKey)
                        .query(Long.class)
                        .single())
                .isEqualTo(1);
        PageChecks.check(page, "portal-revoke-refused-" + language + "-" + width, language);
        page.context().close();
    }

    @PageSweep
    @ParameterizedTest(name = "{0} at {1} px")
    @CsvSource({"fr, 390", "en, 390", "fr, 1280", "en, 1280"})
    void aPaidPaymentShowsTheOperatorsFeeAndWhatIsLeftForTheShop(String language, int width) {
        boolean fr = language.equals("fr");
        String email = "fee" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        api.admin(
                "PUT",
                "/merchants/" + merchant.merchantId() + "/pricing",
                "{\"providers\":{\"WALLET_SN\":{\"percent\":\"1.5\",\"fixed\":\"0\",\"min\":\"0\",\"max\":null}}}");
        String paid = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"4500\"}");
        api.simulate(merchant, paid, "SUCCESS");
        String open = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"1000\"}");

        Page page = signedIn(email, language, width);
        page.navigate(url("/portal/transactions/" + paid));
        // 1.5 % of 4 500 is 67.5, rounded half up to 68 francs.
        assertThat(page.locator("#payment-amount")).hasText(fr ? "4\u00a0500\u00a0FCFA" : "XOF\u00a04,500");
        assertThat(page.locator("#payment-fee")).hasText(fr ? "68\u00a0FCFA" : "XOF\u00a068");
        assertThat(page.locator("#payment-net")).hasText(fr ? "4\u00a0432\u00a0FCFA" : "XOF\u00a04,432");
        PageChecks.check(page, "portal-payment-fee-" + language + "-" + width, language);

        page.navigate(url("/portal/transactions/" + open));
        // No fee before SUCCESS.
        assertThat(page.locator("#payment-fee")).hasCount(0);

        page.navigate(url("/portal/transactions"));
        assertThat(page.locator("tbody tr").filter(new Locator.FilterOptions().setHasText(paid)))
                .containsText(fr ? "4\u00a0432\u00a0FCFA" : "XOF\u00a04,432");
        PageChecks.check(page, "portal-transactions-fee-" + language + "-" + width, language);
        page.context().close();
    }

    @PageSweep
    @ParameterizedTest(name = "{0} at {1} px")
    @CsvSource({"fr, 390", "en, 390", "fr, 1280", "en, 1280"})
    void theDashboardCountsWhatWasCollectedApartFromTheRest(String language, int width) {
        boolean fr = language.equals("fr");
        String email = "figures" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        String paid = api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"4500\"}");
        api.simulate(merchant, paid, "SUCCESS");
        api.simulate(merchant, api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"8000\"}"), "FAILED");
        api.newPayment(merchant, "{\"provider\":\"WALLET_SN\",\"amount\":\"12500\"}");

        Page page = signedIn(email, language, width);
        assertThat(page.locator("#collected-today")).hasText(fr ? "4\u00a0500\u00a0FCFA" : "XOF\u00a04,500");
        assertThat(page.locator("#paid-today")).hasText(fr ? "grâce à 1 paiement réussi" : "from 1 successful payment");
        assertThat(page.locator("#pending-today")).hasText(fr ? "1 en attente du client" : "1 awaiting the customer");
        assertThat(page.locator("#unsuccessful-today"))
                .hasText(fr ? "1 échoué, annulé ou expiré" : "1 failed, cancelled or expired");
        // Everything happened today: one card, not "Today" and "30 days" saying the same.
        assertThat(page.locator("#collected-month")).hasCount(0);
        // The chart reads without a mouse: labelled axes and the days in a table.
        assertThat(page.locator(".axis-y")).containsText(fr ? "FCFA" : "XOF");
        assertThat(page.locator("#collected-days")).containsText(fr ? "4\u00a0500" : "4,500");
        PageChecks.check(page, "portal-dashboard-mix-" + language + "-" + width, language);
        page.context().close();
    }

    @PageSweep
    @ParameterizedTest(name = "{0} at {1} px")
    @CsvSource({"fr, 390", "en, 1280"})
    void theTestWebhookSaysWhatReallyHappened(String language, int width) throws Exception {
        boolean fr = language.equals("fr");
        String email = "hooktest" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        Page page = signedIn(email, language, width);
        String application = url("/portal/applications/" + merchant.applicationId());

        // No address yet: said plainly, and no "0 %" success rate.
        page.navigate(application);
        assertThat(page.locator("#no-webhook-url")).isVisible();
        assertThat(page.locator("#success-rate")).hasCount(0);

        // An address where nothing listens: unreachable, not "sent".
        api.setWebhook(merchant, "http://127.0.0.1:" + closedPort() + "/hooks");
        page.navigate(application);
        sendTestEvent(page, fr);
        assertThat(page.locator("#last-test"))
                .containsText(
                        fr
                                ? "Injoignable : connexion refusée par le serveur."
                                : "Unreachable: connection refused by the server.",
                        WEBHOOK_WAIT);
        PageChecks.check(page, "portal-webhook-unreachable-" + language + "-" + width, language);

        // A server that answers 500: refused, with the status, and in the summary after a reload too.
        try (WebhookReceiver receiver = new WebhookReceiver(clock).acceptingSecrets(merchant.apiSecret())) {
            receiver.respondWith(r -> 500);
            api.setWebhook(merchant, receiver.url("/hooks"));
            page.navigate(application);
            sendTestEvent(page, fr);
            assertThat(page.locator("#last-test"))
                    .containsText(
                            fr ? "Refusée : votre serveur a répondu 500." : "Refused: your server answered 500.",
                            WEBHOOK_WAIT);
            page.reload();
            assertThat(page.locator("#webhooks #last-test")).containsText("500");
            PageChecks.check(page, "portal-webhook-refused-" + language + "-" + width, language);

            receiver.respondWith(r -> 200);
            sendTestEvent(page, fr);
            assertThat(page.locator("#last-test"))
                    .containsText(
                            fr ? "Reçue : votre serveur a répondu 200." : "Received: your server answered 200.",
                            WEBHOOK_WAIT);
        }
        page.context().close();
    }

    @PageSweep
    @ParameterizedTest(name = "{0}")
    @CsvSource({"fr", "en"})
    void onAPhoneTheHeaderIsOneBarWithAMenu(String language) {
        String email = "menu" + System.nanoTime() + "@example.com";
        api.onboardAs(email, "WALLET_SN");
        Page page = signedIn(email, language, 390);
        double height = page.locator("header").boundingBox().height;
        assertThat(height).as("header height at 390 px").isLessThanOrEqualTo(64);
        Locator menu = page.locator("header summary");
        assertThat(menu).isVisible();
        menu.click();
        page.getByRole(
                        AriaRole.LINK,
                        new Page.GetByRoleOptions().setName("Transactions").setExact(true))
                .click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/transactions$"));
        PageChecks.check(page, "portal-menu-" + language + "-390", language);

        page.setViewportSize(1280, 800);
        assertThat(page.locator("header summary")).isHidden();
        assertThat(page.getByRole(
                        AriaRole.BUTTON,
                        new Page.GetByRoleOptions().setName(language.equals("fr") ? "Se déconnecter" : "Sign out")))
                .isVisible();
        page.context().close();
    }

    private static final String PAYMENT = "{\"provider\":\"WALLET_SN\",\"amount\":\"10\"}";

    private void sendTestEvent(Page page, boolean fr) {
        page.getByRole(
                        AriaRole.BUTTON,
                        new Page.GetByRoleOptions()
                                .setName(fr ? "Envoyer une notification de test" : "Send a test notification"))
                .click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/applications/[^/]+#webhooks$"));
    }

    private Page signedIn(String email, String language, int width) {
        Page page = browser.newPage(width, width == 390 ? 844 : 800, language);
        page.navigate(url("/portal/login"));
        page.locator("#email").fill(email);
        page.locator("#password").fill(Api.PASSWORD);
        page.locator("form button[type=submit]").click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/dashboard$"));
        return page;
    }

    private static int closedPort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
