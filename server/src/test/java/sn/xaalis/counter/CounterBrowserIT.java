package sn.xaalis.counter;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.LocatorAssertions;
import com.microsoft.playwright.options.AriaRole;
import com.microsoft.playwright.options.Media;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.payment.PaymentOperations;
import sn.xaalis.payment.PaymentStatus;
import sn.xaalis.support.Api;
import sn.xaalis.support.Browser;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.Views;

/**
 * A cashier at a counter (issue 31), in a real Chromium on a phone and a laptop, in French and English
 * ({@link Views}: every view in the embedded run, French on a phone in the PostgreSQL run): a payment by
 * the customer's one-time code (a wrong code first), one by a QR code that the page follows by itself,
 * the receipt, the day's list and total; and another merchant's reference, which does not exist here.
 */
@IntegrationTest
class CounterBrowserIT extends BrowserIntegrationTest {

    private static final LocatorAssertions.IsVisibleOptions FOLLOWED =
            new LocatorAssertions.IsVisibleOptions().setTimeout(15_000);

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PaymentOperations operations;

    @Test
    void aCashierTakesAPaymentByCodeThenOneByQrCode() {
        int customer = 0;
        for (Views view : Views.forThisRun()) {
            // A number per view: codes per number are limited (5 a minute) for the whole run.
            String number = "77 123 45 6" + customer++;
            boolean fr = view.french();
            String language = view.language();
            String email = "counter" + System.nanoTime() + "@example.com";
            api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
            Page page = signedIn(email, view);

            // From the menu (behind "Menu" on a phone) to an empty counter.
            if (view.width() < 900) {
                page.locator("header summary").click();
            }
            page.locator("header")
                    .getByRole(
                            AriaRole.LINK,
                            new com.microsoft.playwright.Locator.GetByRoleOptions()
                                    .setName(fr ? "Encaisser" : "Take a payment"))
                    .click();
            assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setLevel(1)))
                    .hasText(fr ? "Encaisser" : "Take a payment");
            // Nothing yet today (the form's page is checked below, with the day's payments under it).
            assertThat(page.locator("#no-payment-today")).isVisible();

            // By code: the customer dials the USSD menu; a wrong code first, then the right one.
            page.locator("#amount").fill("4 500");
            page.locator("input[name=provider][value=MOBILEMONEY_SN]").check();
            page.locator("#note").fill("Thieboudienne");
            page.locator("form.sale button[type=submit]").click();
            assertThat(page).hasURL(Pattern.compile(".*/portal/counter/SVC-[A-Z0-9]{8}$"));
            String byCode = page.url().substring(page.url().lastIndexOf('/') + 1);
            assertThat(page.locator("main")).containsText("#144#391#");
            page.locator("#customer_phone").fill(number);
            page.locator("#otp").fill("000000");
            page.locator("main form button[type=submit]").click();
            assertThat(page.locator("#said"))
                    .hasText(
                            fr
                                    ? "Code refusé par Mobile Money. Il reste 2 essais : demandez au client un nouveau code."
                                    : "Code refused by Mobile Money. 2 tries left: ask the customer for a new code.");
            assertThat(page.locator("#customer_phone")).hasValue(number);
            assertThat(page.locator("#otp")).hasValue("");
            PageChecks.check(page, view.name("counter-code-refused"), language);

            page.locator("#otp").fill("123456");
            page.locator("main form button[type=submit]").click();
            assertThat(page.locator("#outcome.paid h1")).hasText(fr ? "Payé" : "Paid");
            assertThat(page.locator("#outcome")).containsText(amount(fr, "4", "500"));
            assertThat(page.locator("#outcome")).hasCSS("background-color", "rgb(10, 107, 53)");
            PageChecks.check(page, view.name("counter-code-paid"), language);

            page.locator("#receipt-link").click();
            assertThat(page.locator("#receipt-amount")).hasText(amount(fr, "4", "500"));
            assertThat(page.locator("#receipt-reference")).hasText(byCode);
            // The shop (the merchant's business name), not the application's name ("Shop app").
            assertThat(page.locator("#receipt-shop")).hasText("Shop");
            assertThat(page.locator(".receipt")).not().containsText("Shop app");
            assertThat(page.locator("#receipt-status")).hasText(fr ? "Réussi" : "Successful");
            assertThat(page.locator("[data-print]")).isVisible();
            // A test payment's receipt says TEST on screen and paper, and in the text copied or sent (issue 48).
            assertThat(page.locator("#receipt-test")).hasText("TEST");
            String whatsApp = page.locator("a[href^='https://wa.me/']").getAttribute("href");
            String shared = URLDecoder.decode(whatsApp.substring(whatsApp.indexOf('=') + 1), StandardCharsets.UTF_8);
            assertThat(shared)
                    .startsWith(
                            fr
                                    ? "[TEST] Shop — reçu " + byCode + " : 4\u00a0500\u00a0FCFA"
                                    : "[TEST] Shop — receipt " + byCode)
                    .endsWith(
                            fr
                                    ? "Paiement de test : aucun argent réel n’a circulé."
                                    : "Test payment: no real money moved.");
            assertThat(page.locator("#receipt-text")).hasText(shared); // what "Copy" puts on the clipboard
            PageChecks.check(page, view.name("counter-receipt"), language);
            page.emulateMedia(new Page.EmulateMediaOptions().setMedia(Media.PRINT));
            assertThat(page.locator("#receipt-test")).isVisible();
            assertThat(page.locator(".receipt-actions")).isHidden();
            Browser.screenshot(page, view.name("counter-receipt-print"));
            page.emulateMedia(new Page.EmulateMediaOptions().setMedia(Media.SCREEN));

            // By QR code: the customer's app pays (the sandbox stands for it) and the page turns green by itself.
            page.goBack();
            page.locator(".actions a.secondary").click();
            page.locator("#amount").fill("2000");
            page.locator("input[name=provider][value=WALLET_SN]").check();
            page.locator("form.sale button[type=submit]").click();
            assertThat(page.locator("img.qr")).isVisible();
            assertThat(page.locator("#sandbox-play")).isVisible(); // the test's own answers, under the QR code
            String byQr = page.url().substring(page.url().lastIndexOf('/') + 1);
            PageChecks.check(page, view.name("counter-qr"), language);
            assertThat(operations.checkout(byQr, PaymentStatus.SUCCESS, null))
                    .isInstanceOf(sn.xaalis.payment.PaymentTransitions.Outcome.Changed.class);
            assertThat(page.locator("#outcome.paid")).isVisible(FOLLOWED);
            assertThat(page.locator("#outcome")).containsText(amount(fr, "2", "000"));

            // The day: both payments, newest first, and what they brought in.
            page.locator(".actions a.secondary").click();
            assertThat(page.locator("#today tbody tr")).hasCount(2);
            assertThat(page.locator("#today tbody tr").first()).containsText(byQr);
            assertThat(page.locator("#collected-today")).hasText(amount(fr, "6", "500"));
            assertThat(page.locator("#paid-today")).hasText(fr ? "2 paiements réussis" : "2 successful payments");
            PageChecks.check(page, view.name("counter-day"), language);
            // Who took each payment, in the audit trail (the payments keep their own history).
            assertThat(jdbc.sql("SELECT subject || ' ' || after_state FROM audit_events"
                                    + " WHERE actor = :who AND action = 'counter.payment.started' ORDER BY id")
                            .param("who", email)
                            .query(String.class)
                            .list())
                    .hasSize(2)
                    .satisfies(lines -> {
                        assertThat(lines.get(0)).startsWith(byCode).contains("\"amount\":\"4500\"");
                        assertThat(lines.get(1)).startsWith(byQr).contains("\"provider\":\"WALLET_SN\"");
                    });
            page.context().close();
        }
    }

    /**
     * Issue 48: a refused payment gets a "payment not completed" slip, which says no money left the
     * customer's account; a test QR code is paid or refused from the counter itself.
     */
    @Test
    void aRefusedPaymentGetsASlipAndATestQrCodeIsAnsweredFromTheCounter() {
        int customer = 0;
        for (Views view : Views.forThisRun()) {
            String number = "77 124 45 6" + customer++;
            boolean fr = view.french();
            String language = view.language();
            String email = "counter-slip" + System.nanoTime() + "@example.com";
            api.onboardAs(email, "WALLET_SN", "MOBILEMONEY_SN");
            Page page = signedIn(email, view);
            page.navigate(url("/portal/counter"));

            // By code, an insufficient balance (the sandbox's 111111): refused, then the slip.
            page.locator("#amount").fill("3000");
            page.locator("input[name=provider][value=MOBILEMONEY_SN]").check();
            page.locator("form.sale button[type=submit]").click();
            String refused = page.url().substring(page.url().lastIndexOf('/') + 1);
            page.locator("#customer_phone").fill(number);
            page.locator("#otp").fill("111111");
            page.locator("main form button[type=submit]").click();
            assertThat(page.locator("#outcome.unpaid h1")).hasText(fr ? "Paiement refusé" : "Payment declined");
            assertThat(page.locator("#receipt-link"))
                    .hasText(fr ? "Voir l’avis de paiement non abouti" : "See the payment-not-completed slip");
            page.locator("#receipt-link").click();
            assertThat(page.locator("#receipt-title")).hasText(fr ? "Paiement non abouti" : "Payment not completed");
            assertThat(page.locator("#slip-text"))
                    .hasText(
                            fr
                                    ? "Aucun argent n’a quitté le compte du client."
                                    : "No money left the customer’s account.");
            assertThat(page.locator("#receipt-reference")).hasText(refused);
            assertThat(page.locator("#receipt-test")).hasText("TEST");
            String whatsApp = page.locator("a[href^='https://wa.me/']").getAttribute("href");
            String shared = URLDecoder.decode(whatsApp.substring(whatsApp.indexOf('=') + 1), StandardCharsets.UTF_8);
            assertThat(shared)
                    .startsWith(
                            fr
                                    ? "[TEST] Shop — paiement non abouti " + refused
                                    : "[TEST] Shop — payment not completed " + refused)
                    .contains(fr ? "Aucun argent n’a quitté votre compte." : "No money left your account.")
                    .doesNotContain(fr ? "reçu" : "receipt")
                    .doesNotContain(fr ? "payé avec" : "paid with");
            assertThat(page.locator("main")).not().containsText(fr ? "Payé avec" : "Paid with");
            PageChecks.check(page, view.name("counter-slip"), language);

            // A test QR code: the cashier plays the customer's answer, paid then refused.
            page.navigate(url("/portal/counter"));
            for (String answer : new String[] {"paid", "refused"}) {
                page.locator("#amount").fill("2000");
                page.locator("input[name=provider][value=WALLET_SN]").check();
                page.locator("form.sale button[type=submit]").click();
                assertThat(page.locator("#sandbox-" + answer)).isVisible();
                if (answer.equals("paid")) {
                    PageChecks.check(page, view.name("counter-sandbox-answers"), language);
                }
                page.locator("#sandbox-" + answer).click();
                assertThat(page.locator(answer.equals("paid") ? "#outcome.paid" : "#outcome.unpaid"))
                        .isVisible();
                page.locator(".actions a.secondary").click();
            }
            assertThat(page.locator("#paid-today")).hasText(fr ? "1 paiement réussi" : "1 successful payment");
            page.context().close();
        }
    }

    /**
     * Issue 48: a cashier whose session ended while the counter was open sends the form: the sign-in page
     * (not an error code), then back at the counter, the same till chosen; nothing was started.
     */
    @Test
    void aCashierWhoseSessionEndedSignsInAndComesBackToTheCounter() {
        for (Views view : Views.forThisRun()) {
            boolean fr = view.french();
            String email = "counter-expired" + System.nanoTime() + "@example.com";
            Api.Merchant shop = api.onboardAs(email, "WALLET_SN");
            Page page = signedIn(email, view);
            page.navigate(url("/portal/counter"));
            String counter = page.url();
            page.locator("#amount").fill("4500");
            // The session ends on the server (as after its idle time) while the page stays open.
            jdbc.sql("UPDATE spring_session SET expiry_time = 0, last_access_time = 0 WHERE principal_name = :p")
                    .param("p", shop.merchantId())
                    .update();
            page.locator("form.sale button[type=submit]").click();

            assertThat(page).hasURL(Pattern.compile(".*/portal/login\\?expired&continue=.*"));
            assertThat(page.locator("#session-ended")).isVisible();
            assertThat(page.locator("main")).not().containsText("403");
            PageChecks.check(page, view.name("counter-session-ended"), view.language());
            page.locator("#email").fill(email);
            page.locator("#password").fill(Api.PASSWORD);
            page.locator("form button[type=submit]").click();

            assertThat(page)
                    .hasURL(Pattern.compile(
                            ".*/portal/counter\\?application=" + shop.applicationId() + "&environment=sandbox$"));
            assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setLevel(1)))
                    .hasText(fr ? "Encaisser" : "Take a payment");
            assertThat(page.locator("#no-payment-today")).isVisible();
            PageChecks.check(page, view.name("counter-after-sign-in"), view.language());
            page.context().close();
        }
        // Without a session, a counter page asks for the sign-in with the way back; another path has none.
        PortalSession anonymous = new PortalSession(port);
        assertThat(anonymous
                        .get("/portal/counter")
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .endsWith("/portal/login?continue=%2Fportal%2Fcounter");
        var login = anonymous.get("/portal/login?continue=https%3A%2F%2Fevil.example%2F");
        assertThat(login.body()).as("no way back to another site").doesNotContain("name=\"continue\"");
    }

    @Test
    void anotherMerchantsPaymentDoesNotExistAtTheCounter() {
        Api.Merchant theirs = api.onboardBoth();
        String reference = api.newPayment(theirs, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"4500\"}");
        String email = "counter-other" + System.nanoTime() + "@example.com";
        api.onboardAs(email, "MOBILEMONEY_SN");
        PortalSession mine = new PortalSession(port);
        mine.signIn(email, Api.PASSWORD);
        String token = mine.csrfFrom("/portal/counter");

        for (String path : new String[] {"", "/status", "/receipt"}) {
            assertThat(mine.get("/portal/counter/" + reference + path).statusCode())
                    .as(path)
                    .isEqualTo(404);
        }
        var post = mine.post(
                "/portal/counter/" + reference + "/code",
                Map.of("customer_phone", "771234567", "otp", "123456"),
                token);
        assertThat(post.statusCode()).isEqualTo(404);
        assertThat(api.status(theirs, reference).json().get("status").stringValue())
                .isEqualTo("PROCESSING");
        // Nor can a form start a payment for their application.
        var start = mine.post(
                "/portal/counter",
                Map.of(
                        "application", theirs.applicationId(),
                        "environment", "sandbox",
                        "amount", "4500",
                        "provider", "MOBILEMONEY_SN",
                        "token", "forged"),
                token);
        assertThat(start.statusCode()).isEqualTo(404);
        assertThat(api.get(theirs, "/payments/").json().get("data").size()).isEqualTo(1);
        // Without the form's token, nothing is even looked at.
        assertThat(mine.post(
                                "/portal/counter/" + reference + "/code",
                                Map.of("customer_phone", "771234567", "otp", "123456"),
                                null)
                        .statusCode())
                .isEqualTo(403);
    }

    @Test
    void aCodeTheOperatorHasNotAnsweredLeavesNoFormForAnother() {
        String email = "counter-wait" + System.nanoTime() + "@example.com";
        Api.Merchant mine = api.onboardAs(email, "MOBILEMONEY_SN");
        String reference = api.newPayment(mine, "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"4500\"}");
        PortalSession cashier = new PortalSession(port);
        cashier.signIn(email, Api.PASSWORD);
        String token = cashier.csrfFrom("/portal/counter/" + reference);
        String awaiting = "Mobile Money has not answered yet."; // the session reads English

        var posted = cashier.post(
                "/portal/counter/" + reference + "/code",
                Map.of("customer_phone", "77 555 01 01", "otp", "222222"),
                token);

        assertThat(posted.statusCode()).isEqualTo(202);
        assertThat(posted.body())
                .contains(awaiting)
                .doesNotContain("id=\"otp\"")
                .doesNotContain("222222");
        var reopened = cashier.get("/portal/counter/" + reference);
        assertThat(reopened.body()).contains(awaiting).doesNotContain("id=\"otp\"");
        assertThat(api.status(mine, reference).json().get("status").stringValue())
                .isEqualTo("PROCESSING");
    }

    /** {@code 4 500 FCFA} in French, {@code XOF 4,500} in English (no-break spaces). */
    private static String amount(boolean fr, String thousands, String units) {
        return fr ? thousands + "\u00a0" + units + "\u00a0FCFA" : "XOF\u00a0" + thousands + "," + units;
    }

    private Page signedIn(String email, Views view) {
        Page page = browser.newPage(view.width(), view.height(), view.language());
        page.navigate(url("/portal/login"));
        page.locator("#email").fill(email);
        page.locator("#password").fill(Api.PASSWORD);
        page.locator("form button[type=submit]").click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/dashboard$"));
        return page;
    }
}
