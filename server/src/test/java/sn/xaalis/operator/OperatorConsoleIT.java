package sn.xaalis.operator;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.platform.Database;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.ConsoleOperators;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MailCatcher;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PageSweep;

/**
 * Issue 35, the operator console (its first run is {@link OperatorFirstRunIT}): operators set up from
 * their link, signing in with a password and a code every time; merchants found, approved and suspended; tokens to the admin API issued and revoked; operators
 * invited and disabled; every change in the audit trail, which the database itself keeps append-only;
 * the console and the portal closed to each other's sessions.
 */
@IntegrationTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OperatorConsoleIT extends BrowserIntegrationTest {

    static final MailCatcher mail = MailCatcher.shared();
    static final String PASSWORD = ConsoleOperators.PASSWORD;

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    Database database;

    @Test
    @Order(2)
    void anOperatorFindsApprovesAndSuspendsAMerchantAndEveryChangeIsInTheTrail() throws Exception {
        String operator = newOperator("moussa" + System.nanoTime() + "@operator.example");
        Page page = browser.newPage(1280, 900, "fr");
        signInOperator(page, operator, PASSWORD, nextCode(secretOf(operator)));
        assertThat(page).hasURL(Pattern.compile(".*/operator$"));

        String email = "boutique" + System.nanoTime() + "@example.com";
        jdbc.sql("SELECT 1").query(Integer.class).single();
        var signedUp = api.unchecked()
                .send(
                        "POST",
                        "/admin/v1/merchants",
                        java.util.Map.of(
                                "Authorization", "Bearer " + Api.ADMIN_TOKEN, "Content-Type", "application/json"),
                        "{\"name\":\"Boutique Ndiaye\",\"email\":\"" + email + "\",\"password\":\"" + Api.PASSWORD
                                + "\"}");
        assertThat(signedUp.status()).isEqualTo(201);
        String merchantId = signedUp.json().get("id").stringValue();

        page.locator("#q").fill(email.substring(0, 12).toUpperCase());
        page.locator("main form button[type=submit]").click();
        page.getByText("Boutique Ndiaye").first().click();
        assertThat(page).hasURL(Pattern.compile(".*/operator/merchants/" + merchantId + "$"));
        assertThat(page.locator("#approval")).hasText("Autorisés");

        page.getByText("Suspendre les paiements réels et les envois").click();
        // A step of its own, which asks why (issue 48 item 12; SuspensionBrowserIT for the rest).
        page.locator("input[name=cause][value=fraud]").check();
        page.locator("#reason").fill("Paiements contestés par plusieurs clients");
        page.locator("#suspend button[type=submit]").click();
        assertThat(page.locator("#approval")).hasText("Suspendus");
        assertThat(api.admin("GET", "/merchants/" + merchantId + "/approval", null)
                        .json()
                        .get("approval")
                        .stringValue())
                .isEqualTo("withdrawn");
        page.getByText("Rétablir les paiements réels").click();
        assertThat(page.locator("#approval")).hasText("Autorisés");
        assertThat(jdbc.sql("SELECT before_state || ' ' || after_state FROM audit_events WHERE actor = :who"
                                + " AND action = 'merchant.approval.changed' ORDER BY id")
                        .param("who", operator)
                        .query(String.class)
                        .list())
                .containsExactly(
                        "{\"approval\":\"approved\",\"cause\":null,\"reason\":null}"
                                + " {\"approval\":\"withdrawn\",\"cause\":\"fraud\","
                                + "\"reason\":\"Paiements contestés par plusieurs clients\"}",
                        "{\"approval\":\"withdrawn\"} {\"approval\":\"approved\"}");

        // The trail, filtered by who, and exported.
        page.navigate(url("/operator/audit?actor=" + operator));
        // Their own set-up, then the two changes.
        assertThat(page.locator("#trail > li")).hasCount(3);
        assertThat(page.locator("#trail")).containsText("Marchand suspendu (activité suspecte ou fraude signalée)");
        assertThat(page.locator("#trail")).containsText("merchant.approval.changed");
        var csv = page.request().get(url("/operator/audit.csv?actor=" + operator));
        assertThat(csv.status()).isEqualTo(200);
        String text = new String(csv.body(), StandardCharsets.UTF_8);
        assertThat(text.lines()).hasSize(4).first().asString().startsWith("id,occurred_at,actor_kind,actor");
        assertThat(text).contains("\"merchant.approval.changed\"").contains(merchantId);
        page.context().close();
    }

    @Test
    @Order(3)
    void tokensTheConsoleIssuesOpenTheAdminApiUntilRevoked() throws Exception {
        String operator = newOperator("token" + System.nanoTime() + "@operator.example");
        Page page = browser.newPage(390, 844, "en");
        signInOperator(page, operator, PASSWORD, nextCode(secretOf(operator)));
        page.navigate(url("/operator/tokens"));
        page.locator("#name").fill("Deploy script");
        page.locator("#issue button[type=submit]").click();
        String token = page.locator("#new-token").innerText().strip();
        assertThat(token).startsWith("xop_");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM operator_tokens WHERE token_hash = :t")
                        .param("t", token)
                        .query(Integer.class)
                        .single())
                .as("kept as its keyed hash only")
                .isZero();
        assertThat(audit("operator_token.issued", operator)).isEqualTo(1);

        Api.Merchant merchant = api.onboard("WALLET_SN");
        var withToken = java.util.Map.of("Authorization", "Bearer " + token, "Content-Type", "application/json");
        var approved = api.unchecked()
                .send("DELETE", "/admin/v1/merchants/" + merchant.merchantId() + "/approval", withToken, "");
        assertThat(approved.status()).isEqualTo(200);
        assertThat(audit("merchant.approval.changed", "deploy script")).isEqualTo(1);

        page.navigate(url("/operator/tokens"));
        assertThat(page.locator("main")).containsText("Deploy script");
        page.getByRole(
                        com.microsoft.playwright.options.AriaRole.BUTTON,
                        new Page.GetByRoleOptions().setName("Revoke Deploy script"))
                .click();
        assertThat(page.locator("p.notice")).containsText("refused from now on");
        var refused = api.unchecked()
                .send("GET", "/admin/v1/merchants/" + merchant.merchantId() + "/approval", withToken, null);
        assertThat(refused.status()).isEqualTo(401);
        assertThat(audit("operator_token.revoked", operator)).isEqualTo(1);
        page.context().close();
    }

    @Test
    @Order(4)
    void operatorsInviteOthersAndADisabledOperatorsSessionsEnd() throws Exception {
        String operator = newOperator("inviter" + System.nanoTime() + "@operator.example");
        Page page = browser.newPage(390, 844, "fr");
        signInOperator(page, operator, PASSWORD, nextCode(secretOf(operator)));
        page.navigate(url("/operator/operators"));
        String invited = "invited" + System.nanoTime() + "@operator.example";
        page.locator("#name").fill("Fatou Sall");
        page.locator("#email").fill(invited);
        page.locator("#invite button[type=submit]").click();
        String link = page.locator("#setup-link").innerText().strip();
        assertThat(link(awaitMail(invited))).isEqualTo(link);
        assertThat(awaitMail(invited).getSubject()).isEqualTo("Votre compte opérateur Xaalis");

        // The invited operator sets up and signs in elsewhere; then the inviter disables them.
        Page theirs = browser.newPage(390, 844, "fr");
        String secret = setUp(theirs, link);
        signInOperator(theirs, invited, PASSWORD, nextCode(secret));
        assertThat(theirs).hasURL(Pattern.compile(".*/operator$"));
        page.navigate(url("/operator/operators"));
        page.getByRole(
                        com.microsoft.playwright.options.AriaRole.BUTTON,
                        new Page.GetByRoleOptions().setName("Désactiver " + invited))
                .click();
        assertThat(page.locator("p.notice")).containsText("sessions sont fermées");
        theirs.navigate(url("/operator"));
        assertThat(theirs).hasURL(Pattern.compile(".*/operator/login$"));
        signInOperator(theirs, invited, PASSWORD, nextCode(secret));
        assertThat(theirs).hasURL(Pattern.compile(".*/operator/login\\?error$"));
        assertThat(audit("operator.invited", operator)).isEqualTo(1);
        assertThat(audit("operator.disabled", operator)).isEqualTo(1);
        page.context().close();
        theirs.context().close();
    }

    /**
     * Issue 47, item 11: disabling an operator revokes the admin tokens they issued, at once (each request
     * reads them from the database), so that none of them makes a set-up link for them again.
     */
    @Test
    @Order(4)
    void aDisabledOperatorsTokensAreRevokedAndMakeThemNoSetUpLink() throws Exception {
        String leaver = newOperator("leaver" + System.nanoTime() + "@operator.example");
        String other = newOperator("other" + System.nanoTime() + "@operator.example");
        Page theirs = browser.newPage(390, 844, "en");
        signInOperator(theirs, leaver, PASSWORD, nextCode(secretOf(leaver)));
        java.util.List<String> tokens = new java.util.ArrayList<>();
        for (String name : List.of("Leaver script", "Leaver cron")) {
            theirs.navigate(url("/operator/tokens"));
            theirs.locator("#name").fill(name);
            theirs.locator("#issue button[type=submit]").click();
            tokens.add(theirs.locator("#new-token").innerText().strip());
        }
        // Another operator's token stays.
        Page others = browser.newPage(390, 844, "en");
        signInOperator(others, other, PASSWORD, nextCode(secretOf(other)));
        others.navigate(url("/operator/tokens"));
        others.locator("#name").fill("Other script");
        others.locator("#issue button[type=submit]").click();
        String kept = others.locator("#new-token").innerText().strip();
        others.context().close();
        Api.Merchant merchant = api.onboard("WALLET_SN");
        String approval = "/admin/v1/merchants/" + merchant.merchantId() + "/approval";
        for (String token : tokens) {
            assertThat(api.unchecked()
                            .send("GET", approval, bearer(token), null)
                            .status())
                    .isEqualTo(200);
        }

        String boss = newOperator("boss" + System.nanoTime() + "@operator.example");
        Page page = browser.newPage(390, 844, "fr");
        signInOperator(page, boss, PASSWORD, nextCode(secretOf(boss)));
        page.navigate(url("/operator/operators"));
        page.getByRole(
                        com.microsoft.playwright.options.AriaRole.BUTTON,
                        new Page.GetByRoleOptions().setName("Désactiver " + leaver))
                .click();
        assertThat(page.locator("p.notice")).containsText("sessions sont fermées");

        String again = "again" + System.nanoTime() + "@operator.example";
        for (String token : tokens) {
            assertThat(api.unchecked()
                            .send("GET", approval, bearer(token), null)
                            .status())
                    .as("refused at once")
                    .isEqualTo(401);
            var setUpLink = api.unchecked()
                    .send(
                            "POST",
                            "/admin/v1/operators",
                            bearer(token),
                            "{\"email\":\"" + again + "\",\"name\":\"Me\"}");
            assertThat(setUpLink.status()).isEqualTo(401);
            assertThat(setUpLink.body()).doesNotContain("/operator/setup/");
        }
        assertThat(jdbc.sql("SELECT COUNT(*) FROM operators WHERE email = :e")
                        .param("e", again)
                        .query(Integer.class)
                        .single())
                .isZero();
        assertThat(api.unchecked().send("GET", approval, bearer(kept), null).status())
                .isEqualTo(200);
        // Listed as revoked; each revocation in the trail, under the operator who disabled them.
        page.navigate(url("/operator/tokens"));
        assertThat(page.getByRole(
                        com.microsoft.playwright.options.AriaRole.BUTTON,
                        new Page.GetByRoleOptions().setName("Révoquer Leaver script")))
                .hasCount(0);
        assertThat(audit("operator_token.revoked", boss)).isEqualTo(2);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM operator_tokens WHERE created_by = :who AND revoked_at IS NULL")
                        .param("who", leaver)
                        .query(Integer.class)
                        .single())
                .isZero();
        // And their console session is over.
        theirs.navigate(url("/operator"));
        assertThat(theirs).hasURL(Pattern.compile(".*/operator/login$"));
        page.context().close();
        theirs.context().close();
    }

    private static java.util.Map<String, String> bearer(String token) {
        return java.util.Map.of("Authorization", "Bearer " + token, "Content-Type", "application/json");
    }

    @Test
    @Order(5)
    void theConsoleAndThePortalAreClosedToEachOthersSessions() throws Exception {
        String email = "apart" + System.nanoTime() + "@example.com";
        api.onboardAs(email, "WALLET_SN");
        Page merchant = browser.newPage(390, 844, "fr");
        signIn(merchant, email);
        Response console = merchant.navigate(url("/operator"));
        assertThat(console.status()).isIn(403);
        assertThat(merchant.locator("body")).not().containsText("Marchands");

        String operator = newOperator("apart" + System.nanoTime() + "@operator.example");
        Page page = browser.newPage(390, 844, "fr");
        signInOperator(page, operator, PASSWORD, nextCode(secretOf(operator)));
        Response portal = page.navigate(url("/portal/dashboard"));
        assertThat(portal.status()).isEqualTo(403);
        merchant.context().close();
        page.context().close();
    }

    @Test
    @Order(6)
    void theTrailHoldsAMerchantsOwnChangesAndCannotBeRewritten() throws Exception {
        String email = "trail" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        Page page = browser.newPage(390, 844, "fr");
        signIn(page, email);
        page.navigate(url("/portal/account"));
        page.locator("select[name=time_zone]").selectOption("Africa/Abidjan");
        page.locator("select[name=time_zone]")
                .locator("xpath=ancestor::form")
                .locator("button[type=submit]")
                .click();
        assertThat(jdbc.sql("SELECT before_state || ' ' || after_state || ' ' || actor_kind || ' ' || address"
                                + " FROM audit_events WHERE actor = :who AND action = 'merchant.time_zone.changed'")
                        .param("who", email)
                        .query(String.class)
                        .single())
                .matches("\\{\"time_zone\":\"Africa/Dakar\"} \\{\"time_zone\":\"Africa/Abidjan\"} merchant"
                        + " (127\\.0\\.0\\.1|0:0:0:0:0:0:0:1)");
        // Made with the installation's token: named so, with the merchant it concerns.
        assertThat(jdbc.sql("SELECT COUNT(*) FROM audit_events WHERE actor = 'xaalis_admin_token'"
                                + " AND action = 'application.created' AND merchant_id = CAST(:m AS UUID)")
                        .param("m", merchant.merchantId())
                        .query(Integer.class)
                        .single())
                .isEqualTo(1);
        // A machine's request (the merchant API) writes nothing to it.
        int before = jdbc.sql("SELECT COUNT(*) FROM audit_events")
                .query(Integer.class)
                .single();
        api.newPayment(merchant);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM audit_events")
                        .query(Integer.class)
                        .single())
                .isEqualTo(before);
        if (!database.embedded()) {
            assertThatThrownBy(() -> jdbc.sql("UPDATE audit_events SET actor = 'someone else'")
                            .update())
                    .hasMessageContaining("append-only");
            assertThatThrownBy(() -> jdbc.sql("DELETE FROM audit_events").update())
                    .hasMessageContaining("append-only");
        }
        page.context().close();
    }

    @Test
    @Order(7)
    void aSupportDeskFindsAPaymentByWhatTheCustomerHolds() throws Exception {
        String operator = newOperator("desk" + System.nanoTime() + "@operator.example");
        Api.Merchant merchant = api.onboard("WALLET_SN");
        String national = "77" + (1_000_000 + (System.nanoTime() / 1000) % 9_000_000);
        Api.Response initiated = api.initiate(
                merchant,
                "{\"provider\":\"WALLET_SN\",\"amount\":\"4500\",\"customer_phone\":\"+221" + national + "\"}");
        assertThat(initiated.status()).as(initiated.body()).isEqualTo(201);
        String reference = initiated.json().get("reference").stringValue();
        String uuid = initiated.json().get("transaction_uuid").stringValue();
        Page page = browser.newPage(390, 844, "fr");
        operators().signIn(page, operator);
        page.navigate(url("/operator/payments"));
        for (String key : List.of(
                reference, uuid, initiated.json().get("provider_reference").stringValue())) {
            page.locator("#q").fill(key);
            page.locator("#by-key button").click();
            assertThat(page.locator("#results")).containsText("1 paiement trouvé");
            assertThat(page.locator("#results")).containsText(reference);
        }
        assertThat(page.locator("#results .amount")).hasText(Pattern.compile("4.500.FCFA"));
        PageChecks.check(page, "operator-payments-fr-390", "fr");
        // The customer's number as they say it, and the day.
        page.navigate(url("/operator/payments"));
        page.locator("#phone")
                .fill(national.substring(0, 2) + " " + national.substring(2, 5) + " " + national.substring(5, 7) + " "
                        + national.substring(7));
        page.locator("#day")
                .fill(java.time.LocalDate.ofInstant(clock.instant(), java.time.ZoneId.of("Africa/Dakar"))
                        .toString());
        page.locator("#by-phone button").click();
        assertThat(page.locator("#results")).containsText(reference);
        page.locator("#q").fill("SVC-NOSUCH99");
        page.locator("#by-key button").click();
        assertThat(page.locator("#results")).containsText("Aucun paiement trouvé.");
        page.context().close();
    }

    @Test
    @Order(8)
    void anOperatorSignsUpABusinessWhoseHolderChoosesThePasswordFromTheWelcome() throws Exception {
        String operator = newOperator("onboard" + System.nanoTime() + "@operator.example");
        Page page = browser.newPage(390, 844, "fr");
        operators().signIn(page, operator);
        page.locator("#new-merchant").click();
        assertThat(page).hasURL(Pattern.compile(".*/operator/merchants/new$"));
        PageChecks.check(page, "operator-new-merchant-fr-390", "fr");

        // An address that has an account, then no payment method: said on the form, nothing made.
        String taken = "taken" + System.nanoTime() + "@example.com";
        api.onboardAs(taken, "WALLET_SN");
        page.locator("#name").fill("Quincaillerie Fall");
        page.locator("#email").fill(taken);
        page.locator("#create button[type=submit]").click();
        assertThat(page.locator("#create")).containsText("Un compte existe déjà pour cette adresse.");
        String email = "fall" + System.nanoTime() + "@example.com";
        page.locator("#email").fill(email);
        page.locator("input[name=providers][value=WALLET_SN]").uncheck();
        page.locator("input[name=providers][value=MOBILEMONEY_SN]").uncheck();
        page.locator("#create button[type=submit]").click();
        assertThat(page.locator("#create")).containsText("Choisissez au moins un moyen de paiement.");
        assertThat(page.locator("#name")).hasValue("Quincaillerie Fall");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM merchants WHERE email = :e")
                        .param("e", email)
                        .query(Integer.class)
                        .single())
                .isZero();

        page.locator("input[name=providers][value=WALLET_SN]").check();
        page.locator("#create button[type=submit]").click();
        assertThat(page).hasURL(Pattern.compile(".*/operator/merchants/[0-9a-f-]{36}$"));
        assertThat(page.locator("p.notice")).containsText("Un e-mail de bienvenue part vers " + email);
        assertThat(page.locator("#approval")).hasText("Autorisés");
        assertThat(page.locator("#verification-empty")).isVisible();
        assertThat(page.locator("#verification dl")).hasCount(0);
        String merchantId = page.url().replaceAll(".*/", "");

        // Another application, from the merchant's page; a name is needed.
        page.locator("#app-name").evaluate("e => e.removeAttribute('required')");
        page.locator("#new-application button[type=submit]").click();
        assertThat(page.locator("#new-application")).containsText("Indiquez le nom de l’application");
        page.locator("#app-name").fill("Caisse du marché");
        page.locator("#new-application button[type=submit]").click();
        assertThat(page.locator("p.notice")).containsText("Application ajoutée");
        assertThat(page.locator("main")).containsText("Caisse du marché");
        PageChecks.check(page, "operator-merchant-new-fr-390", "fr");

        // The holder chooses the password from the welcome e-mail (in the language the operator chose),
        // then finds both applications in the portal.
        MimeMessage welcome = mail.awaitMail(email, "Votre compte Xaalis est prêt");
        assertThat(MailCatcher.bodyOf(welcome)).contains("Quincaillerie Fall").contains("7 jours");
        Page holder = browser.newPage(390, 844, "fr");
        holder.navigate(MailCatcher.link(welcome, "/portal/password-reset/"));
        assertThat(holder.locator("h1")).hasText("Choisissez votre mot de passe");
        PageChecks.check(holder, "welcome-password-fr-390", "fr");
        holder.locator("#new_password").fill(Api.PASSWORD);
        holder.locator("#confirm_password").fill(Api.PASSWORD);
        holder.locator("main button[type=submit]").click();
        assertThat(holder).hasURL(Pattern.compile(".*/portal/login\\?welcome$"));
        assertThat(holder.getByRole(com.microsoft.playwright.options.AriaRole.STATUS))
                .containsText("Mot de passe enregistré");
        signIn(holder, email);
        holder.navigate(url("/portal/applications"));
        assertThat(holder.locator("main")).containsText("Quincaillerie Fall");
        assertThat(holder.locator("main")).containsText("Caisse du marché");
        holder.context().close();

        assertThat(jdbc.sql("SELECT action FROM audit_events WHERE actor = :who AND merchant_id = CAST(:m AS UUID)"
                                + " ORDER BY id")
                        .param("who", operator)
                        .param("m", merchantId)
                        .query(String.class)
                        .list())
                .containsExactly("merchant.created", "application.created", "application.created");
        page.context().close();
    }

    @Test
    @Order(9)
    @PageSweep
    void theConsolePagesFitAPhoneAndADesktopInBothLanguages() throws Exception {
        String operator = newOperator("sweep" + System.nanoTime() + "@operator.example");
        Api.Merchant merchant = api.onboard("WALLET_SN", "MOBILEMONEY_SN");
        String payment = api.newPayment(merchant);
        String secret = secretOf(operator);
        for (String language : List.of("fr", "en")) {
            for (int[] size : new int[][] {{390, 844}, {1280, 800}}) {
                Page page = browser.newPage(size[0], size[1], language);
                page.navigate(url("/operator/login"));
                PageChecks.check(page, "operator-login-" + language + "-" + size[0], language);
                signInOperator(page, operator, PASSWORD, nextCode(secret));
                for (String path : List.of(
                        "/operator",
                        "/operator/merchants/new",
                        "/operator/merchants/" + merchant.merchantId(),
                        "/operator/audit",
                        "/operator/payments?q=" + payment,
                        "/operator/tokens",
                        "/operator/operators")) {
                    page.navigate(url(path));
                    String name = path.replaceAll("\\?.*", "")
                            .replace("/operator", "operator")
                            .replace('/', '-');
                    if (name.contains(merchant.merchantId())) {
                        name = "operator-merchant";
                    }
                    PageChecks.check(page, name + "-" + language + "-" + size[0], language);
                }
                page.context().close();
            }
        }
    }

    // --- helpers

    private ConsoleOperators operators() {
        if (operators == null) {
            operators = new ConsoleOperators(browser, api, clock, port);
        }
        return operators;
    }

    private ConsoleOperators operators;

    private String newOperator(String email) {
        return operators().create(email);
    }

    private String setUp(Page page, String link) {
        return operators().setUp(page, link);
    }

    private String secretOf(String email) {
        return operators().secretOf(email);
    }

    private void signInOperator(Page page, String email, String password, String code) {
        operators().signIn(page, email, password, code);
    }

    private String code(String secret) {
        return operators().code(secret);
    }

    private String nextCode(String secret) {
        return operators().nextCode(secret);
    }

    private int audit(String action, String actor) {
        return jdbc.sql("SELECT COUNT(*) FROM audit_events WHERE action = :action AND actor = :actor")
                .param("action", action)
                .param("actor", actor)
                .query(Integer.class)
                .single();
    }

    private static MimeMessage awaitMail(String to) throws Exception {
        return mail.awaitMail(to);
    }

    private static String link(MimeMessage message) throws Exception {
        return MailCatcher.link(message, "/operator/setup/");
    }
}
