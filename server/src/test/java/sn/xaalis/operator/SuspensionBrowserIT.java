package sn.xaalis.operator;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import jakarta.mail.internet.MimeMessage;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.ConsoleOperators;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MailCatcher;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;
import tools.jackson.databind.JsonNode;

/**
 * Issue 48 item 12: suspending a merchant is a step of its own that says what stops and asks why; the
 * merchant is told by e-mail and reads it on its dashboard and verification page; the trail says it in
 * words, on a phone too; the admin API asks for the reason whenever it is given a body.
 */
@IntegrationTest
@WithFakeProviders(Setup.INSTALLATION_ACCOUNTS)
class SuspensionBrowserIT extends BrowserIntegrationTest {

    static final MailCatcher mail = MailCatcher.shared();
    static final FakeProviders fake = FakeProviders.shared();
    static final String LIVE_PAYMENT = "{\"provider\":\"MOBILEMONEY_SN\",\"amount\":\"2000\"}";
    static final String REASON = "Le registre de commerce envoyé est illisible : renvoyez-le en PDF.";

    @Autowired
    MutableClock clock;

    @Test
    void anOperatorSuspendsWithAReasonTheMerchantIsToldAndReadsItAndTheTrailSaysIt() throws Exception {
        String email = "suspendue" + System.nanoTime() + "@example.com";
        Api.Merchant live = api.goLive(api.onboardAs(email, "MOBILEMONEY_SN"));
        assertThat(api.initiate(live, LIVE_PAYMENT).status()).isEqualTo(201);
        ConsoleOperators operators = new ConsoleOperators(browser, api, clock, port);
        String operator = operators.create("awa" + System.nanoTime() + "@operator.example");
        String secret = operators.secretOf(operator);

        Page page = browser.newPage(390, 844, "fr");
        operators.signIn(page, operator, ConsoleOperators.PASSWORD, operators.nextCode(secret));
        page.navigate(url("/operator/merchants/" + live.merchantId()));
        page.locator("#suspend").click();
        assertThat(page).hasURL(Pattern.compile(".*/operator/merchants/" + live.merchantId() + "/suspension$"));
        assertThat(page.locator("#what-stops")).containsText("paiements réels de ce marchand sont refusés");
        PageChecks.check(page, "operator-suspend-fr-390", "fr");

        // Nothing chosen, nothing said: refused, each field saying why, nothing suspended.
        page.locator("#suspend button[type=submit]").click();
        assertThat(page.locator("#cause-error")).hasText("Choisissez un motif.");
        assertThat(page.locator("#reason-error")).hasText("Écrivez au marchand pourquoi son compte est suspendu.");
        PageChecks.check(page, "operator-suspend-errors-fr-390", "fr");
        assertThat(api.initiate(live, LIVE_PAYMENT).status()).isEqualTo(201);

        page.locator("input[name=cause][value=documents]").check();
        page.locator("#reason").fill(REASON);
        page.locator("#suspend button[type=submit]").click();
        assertThat(page).hasURL(Pattern.compile(".*/operator/merchants/" + live.merchantId() + "$"));
        assertThat(page.locator("#approval")).hasText("Suspendus");
        assertThat(page.locator("#suspension-cause")).hasText("Documents de l’entreprise à revoir ou manquants");
        assertThat(page.locator("#suspension-reason")).hasText(REASON);
        PageChecks.check(page, "operator-merchant-suspended-fr-390", "fr");

        // Payments are refused as before.
        Api.Response refused = api.initiate(live, LIVE_PAYMENT);
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().get("message").stringValue())
                .isEqualTo("Live payments are suspended: the operator has withdrawn this merchant's approval");

        // The merchant is told, in the language the operator chose (French by default).
        MimeMessage told = mail.awaitMail(email, "Votre compte Xaalis est suspendu");
        assertThat(MailCatcher.bodyOf(told))
                .contains(REASON)
                .contains("Motif : Documents de l’entreprise à revoir ou manquants")
                .contains("paiements réels de vos clients sont refusés")
                .contains("écrivez à " + operator)
                .contains("(Dakar (Sénégal))");

        // The trail, in words, on a 360 px phone and a desktop.
        for (String language : List.of("fr", "en")) {
            for (int width : new int[] {360, 1280}) {
                Page trail = browser.newPage(width, 800, language);
                operators.signIn(trail, operator, ConsoleOperators.PASSWORD, operators.nextCode(secret));
                trail.navigate(url("/operator/audit?merchant=" + live.merchantId()));
                String entry = trail.locator("#trail li").first().innerText();
                if (language.equals("fr")) {
                    assertThat(entry)
                            .contains("Marchand suspendu (documents à revoir ou manquants) : " + REASON)
                            .contains("Paiements réels")
                            .contains("autorisés → suspendus");
                } else {
                    assertThat(entry)
                            .contains("Merchant suspended (documents to review or missing): " + REASON)
                            .contains("approved → suspended");
                }
                assertThat(trail.locator("#trail").innerText())
                        .doesNotContain("{\"")
                        .doesNotContain("\":");
                PageChecks.check(trail, "operator-audit-suspension-" + language + "-" + width, language);
                trail.context().close();
            }
        }

        // The merchant reads it on its dashboard and its verification page.
        for (String language : List.of("fr", "en")) {
            for (int width : new int[] {390, 1280}) {
                Page portal = browser.newPage(width, 844, language);
                signIn(portal, email);
                assertThat(portal.locator("#suspension-title"))
                        .containsText(language.equals("fr") ? "Compte suspendu depuis le" : "Account suspended since");
                assertThat(portal.locator("#suspension-reason")).hasText(REASON);
                assertThat(portal.locator("#suspension"))
                        .containsText(language.equals("fr") ? "écrivez à " + operator : "write to " + operator);
                PageChecks.check(portal, "portal-dashboard-suspended-" + language + "-" + width, language);
                portal.navigate(url("/portal/verification"));
                assertThat(portal.locator("#suspension-cause"))
                        .hasText(
                                language.equals("fr")
                                        ? "Documents de l’entreprise à revoir ou manquants"
                                        : "Business documents to review or missing");
                PageChecks.check(portal, "portal-verification-suspended-" + language + "-" + width, language);
                portal.context().close();
            }
        }

        // Lifting it works as before, is told and is in the trail.
        page.getByText("Rétablir les paiements réels").click();
        assertThat(page.locator("#approval")).hasText("Autorisés");
        assertThat(page.locator("#suspension-reason")).hasCount(0);
        assertThat(api.initiate(live, LIVE_PAYMENT).status()).isEqualTo(201);
        assertThat(MailCatcher.bodyOf(mail.awaitMail(email, "Votre compte Xaalis est rétabli")))
                .contains("levé la suspension");
        page.navigate(url("/operator/audit?merchant=" + live.merchantId()));
        assertThat(page.locator("#trail li").first()).containsText("Marchand autorisé aux paiements réels");
        Page portal = browser.newPage(390, 844, "fr");
        signIn(portal, email);
        assertThat(portal.locator("#suspension")).hasCount(0);
        page.context().close();
        portal.context().close();
    }

    @Test
    void theConfirmationPageReadsInEnglishOnADesktop() {
        Api.Merchant merchant = api.onboard("WALLET_SN");
        ConsoleOperators operators = new ConsoleOperators(browser, api, clock, port);
        String operator = operators.create("fatou" + System.nanoTime() + "@operator.example");
        Page page = browser.newPage(1280, 800, "en");
        operators.signIn(page, operator, ConsoleOperators.PASSWORD, operators.nextCode(operators.secretOf(operator)));
        page.navigate(url("/operator/merchants/" + merchant.merchantId() + "/suspension"));
        assertThat(page.locator("h1")).hasText("Suspend Shop");
        PageChecks.check(page, "operator-suspend-en-1280", "en");
        page.context().close();
    }

    @Test
    void theAdminApiAsksForTheReasonWhenGivenABodyAndTellsTheMerchantInItsLanguage() throws Exception {
        String email = "api-suspendue" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        String path = "/merchants/" + merchant.merchantId() + "/approval";
        for (String body : List.of("{}", "{\"reason\":\"  \"}", "{\"reason\":7}")) {
            Api.Response missing = api.admin("DELETE", path, body);
            assertThat(missing.status()).as(body).isEqualTo(400);
            assertThat(missing.json().get("errors").has("reason")).as(body).isTrue();
        }
        Api.Response badCause = api.admin("DELETE", path, "{\"reason\":\"Chargebacks\",\"cause\":\"mood\"}");
        assertThat(badCause.status()).isEqualTo(400);
        assertThat(badCause.json().get("errors").has("cause")).isTrue();
        assertThat(api.admin("DELETE", path, "{\"reason\":\"" + "x".repeat(501) + "\"}")
                        .status())
                .isEqualTo(400);
        assertThat(api.admin("GET", path, null).json().get("approval").stringValue())
                .as("nothing refused suspended it")
                .isEqualTo("approved");

        JsonNode suspended = api.admin(
                        "DELETE",
                        path,
                        "{\"reason\":\"Three chargebacks this week\",\"cause\":\"complaints\",\"language\":\"en\"}")
                .json();
        assertThat(suspended.get("approval").stringValue()).isEqualTo("withdrawn");
        assertThat(suspended.get("suspension_reason").stringValue()).isEqualTo("Three chargebacks this week");
        assertThat(suspended.get("suspension_cause").stringValue()).isEqualTo("complaints");
        assertThat(MailCatcher.bodyOf(mail.awaitMail(email, "Your Xaalis account is suspended")))
                .contains("Cause: Customer complaints")
                .contains("Details: Three chargebacks this week")
                .contains("contact the operator of Xaalis");
        // Suspending again changes nothing and tells nobody twice.
        api.admin("DELETE", path, "{\"reason\":\"Again\"}");
        assertThat(api.admin("GET", path, null).json().get("suspension_reason").stringValue())
                .isEqualTo("Three chargebacks this week");
        assertThat(mail.count(email, "suspended")).isEqualTo(1);
        assertThat(api.admin("POST", path, null).json().get("approval").stringValue())
                .isEqualTo("approved");
        assertThat(MailCatcher.bodyOf(mail.awaitMail(email, "Your Xaalis account is reinstated")))
                .contains("lifted the suspension");
    }

    @Test
    void timeZonesAreChosenByCityInThePagesLanguage() {
        String email = "fuseau" + System.nanoTime() + "@example.com";
        api.onboardAs(email, "WALLET_SN");
        for (String language : List.of("fr", "en")) {
            for (int width : new int[] {390, 1280}) {
                Page page = browser.newPage(width, 844, language);
                signIn(page, email);
                page.navigate(url("/portal/account"));
                var select = page.locator("select#time_zone");
                assertThat(select.locator("option[value='Africa/Dakar']"))
                        .hasText(language.equals("fr") ? "Dakar (Sénégal) — GMT" : "Dakar (Senegal) — GMT");
                assertThat(select.locator("option[value='Africa/Porto-Novo']")).containsText("Cotonou");
                assertThat(select.locator("option").first()).hasAttribute("value", "Africa/Dakar");
                List<String> shown = select.locator("option").allInnerTexts();
                assertThat(shown)
                        .noneMatch(text -> text.contains("/"))
                        .contains(language.equals("fr") ? "Lomé (Togo) — GMT" : "Lomé (Togo) — GMT");
                PageChecks.check(page, "portal-account-zones-" + language + "-" + width, language);
                page.context().close();
            }
        }
    }
}
