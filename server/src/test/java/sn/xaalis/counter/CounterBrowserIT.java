package sn.xaalis.counter;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.LocatorAssertions;
import com.microsoft.playwright.options.AriaRole;
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
            assertThat(page.locator("#receipt-shop")).hasText("Shop");
            assertThat(page.locator("#receipt-status")).hasText(fr ? "Réussi" : "Successful");
            assertThat(page.locator("[data-print]")).isVisible();
            String whatsApp = page.locator("a[href^='https://wa.me/']").getAttribute("href");
            assertThat(URLDecoder.decode(whatsApp.substring(whatsApp.indexOf('=') + 1), StandardCharsets.UTF_8))
                    .startsWith(fr ? "Shop — reçu " + byCode + " : 4\u00a0500\u00a0FCFA" : "Shop — receipt " + byCode);
            PageChecks.check(page, view.name("counter-receipt"), language);

            // By QR code: the customer's app pays (the sandbox stands for it) and the page turns green by itself.
            page.goBack();
            page.locator(".actions a.secondary").click();
            page.locator("#amount").fill("2000");
            page.locator("input[name=provider][value=WALLET_SN]").check();
            page.locator("form.sale button[type=submit]").click();
            assertThat(page.locator("img.qr")).isVisible();
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
