package sn.xaalis.identity;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.merchant.Totp;
import sn.xaalis.support.Api;
import sn.xaalis.support.AuditRows;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MailCatcher;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;

/**
 * Issue 47, item 12, account pre-hijacking: a self-service account whose address is not confirmed sets up
 * nothing privileged (team members, two-factor, live keys, payment accounts), and when the address's
 * real owner takes the account back with a password reset, whatever was set up before is gone.
 */
@IntegrationTest
@WithFakeProviders(Setup.ADDRESSES_ONLY)
class UnconfirmedAccountIT extends BrowserIntegrationTest {

    static final MailCatcher mail = MailCatcher.shared();
    static final FakeProviders fake = FakeProviders.shared();
    static final String KEY = "wave_sn_prod_hijack0123456789";
    private static final AtomicInteger ADDRESSES = new AtomicInteger(10);
    private static final String REFUSED_EN = "Confirm your e-mail address first";
    private static final String REFUSED_FR = "Confirmez d’abord votre adresse e-mail";

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Test
    void anUnconfirmedAccountSetsUpNothingPrivilegedUntilItsAddressIsConfirmed() throws Exception {
        fake.wallet().account(KEY);
        String email = "unconfirmed" + System.nanoTime() + "@example.com";
        PortalSession portal = signedUp(email);
        String merchant = merchantIdOf(email);
        String application = applicationOf(merchant);
        String team = "helper" + System.nanoTime() + "@example.com";

        HttpResponse<String> invite = invite(portal, team);
        assertRefused(invite);
        HttpResponse<String> totp =
                portal.post("/portal/account/totp/setup", Map.of(), portal.csrfFrom("/portal/account"));
        assertRefused(totp);
        assertThat(totp.body()).doesNotContain("totp-secret");
        assertRefused(portal.post(
                "/portal/account/totp/enable", Map.of("code", "123456"), portal.csrfFrom("/portal/account")));
        assertRefused(issueKeys(portal, application, "live"));
        HttpResponse<String> sandbox = issueKeys(portal, application, "sandbox");
        assertThat(sandbox.statusCode())
                .as("sandbox keys stay the merchant's to rotate")
                .isEqualTo(200);
        assertThat(sandbox.body()).contains("sk_test_");
        assertRefused(saveWallet(portal, application));
        assertThat(count("SELECT COUNT(*) FROM merchant_members WHERE merchant_id = CAST(:m AS UUID)", merchant))
                .isZero();
        assertThat(count(
                        "SELECT COUNT(*) FROM merchants WHERE id = CAST(:m AS UUID) AND totp_secret_ciphertext"
                                + " IS NOT NULL",
                        merchant))
                .isZero();
        assertThat(liveKeys(merchant)).isZero();
        assertThat(connections(merchant)).isZero();

        // What a person sees, in both languages: the reason and the way out.
        Page page = browser.newPage(390, 844, "fr");
        signIn(page, email);
        page.navigate(url("/portal/team"));
        page.locator("#invite-email").fill(team);
        Response refused = page.waitForResponse(
                r -> r.url().endsWith("/portal/team/invite"),
                () -> page.locator("#invite button[type=submit]").click());
        assertThat(refused.status()).isEqualTo(403);
        assertThat(page.locator("h1")).hasText(REFUSED_FR);
        assertThat(page.locator("main")).containsText("personne ne peut être invité");
        PageChecks.check(page, "unconfirmed-refused-fr-390", "fr");
        Page wide = browser.newPage(1280, 900, "en");
        signIn(wide, email);
        wide.navigate(url("/portal/account"));
        wide.locator("#two-factor form button[type=submit]").click();
        assertThat(wide.locator("h1")).hasText(REFUSED_EN);
        PageChecks.check(wide, "unconfirmed-refused-en-1280", "en");
        wide.context().close();

        // Confirmed: each of them works.
        page.navigate(
                MailCatcher.link(mail.awaitMail(email, "Confirm your Xaalis e-mail address"), "/account/confirm/"));
        assertThat(page.locator("main")).containsText("Adresse confirmée");
        page.context().close();
        assertThat(invite(portal, team).statusCode()).isEqualTo(302);
        HttpResponse<String> setUp =
                portal.post("/portal/account/totp/setup", Map.of(), portal.csrfFrom("/portal/account"));
        assertThat(setUp.statusCode()).isEqualTo(200);
        assertThat(setUp.body()).contains("totp-secret");
        HttpResponse<String> live = issueKeys(portal, application, "live");
        assertThat(live.statusCode()).isEqualTo(200);
        assertThat(live.body()).contains("sk_live_");
        HttpResponse<String> saved = saveWallet(portal, application);
        assertThat(saved.statusCode()).isEqualTo(200);
        assertThat(saved.body()).contains("Connected: Wallet is linked to your account.");
    }

    @Test
    void theAddressOwnersPasswordResetRemovesWhatAnEarlierSignUpSetUp() throws Exception {
        fake.wallet().account(KEY);
        String victim = "victim" + System.nanoTime() + "@example.com";
        // The attacker signs up first with the victim's address, which they cannot confirm.
        PortalSession attacker = signedUp(victim);
        String merchant = merchantIdOf(victim);
        String application = applicationOf(merchant);

        // What they could set up before the rules above: made through the pages while the account is
        // marked confirmed for the while, then unmarked, as an account of before the fix would be.
        jdbc.sql("UPDATE merchants SET email_confirmed_at = created_at WHERE id = CAST(:m AS UUID)")
                .param("m", merchant)
                .update();
        String accomplice = "accomplice" + System.nanoTime() + "@example.com";
        String joinToken = inviteToken(attacker, accomplice);
        PortalSession theirMember = new PortalSession(port);
        String joinPath = "/portal/team/join/" + joinToken;
        HttpResponse<String> joined = theirMember.post(
                joinPath,
                Map.of("name", "Accomplice", "password", Api.PASSWORD, "confirm_password", Api.PASSWORD),
                theirMember.csrfFrom(joinPath));
        assertThat(joined.statusCode()).as(joined.body()).isEqualTo(302);
        assertThat(theirMember
                        .signIn(accomplice, Api.PASSWORD)
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .endsWith("/portal/dashboard");
        String pending = "pending" + System.nanoTime() + "@example.com";
        String pendingToken = inviteToken(attacker, pending);
        // An address that signs in to another account: listed as invited too (a placeholder, no link).
        String elsewhere = "elsewhere" + System.nanoTime() + "@example.com";
        signedUp(elsewhere);
        assertThat(invite(attacker, elsewhere).statusCode()).isEqualTo(302);
        assertThat(issueKeys(attacker, application, "live").statusCode()).isEqualTo(200);
        assertThat(saveWallet(attacker, application).statusCode()).isEqualTo(200);
        String setUp = attacker.post("/portal/account/totp/setup", Map.of(), attacker.csrfFrom("/portal/account"))
                .body();
        byte[] secret = Totp.fromBase32(setUp.replaceAll("(?s).*<code id=\"totp-secret\">([A-Z2-7]+)</code>.*", "$1"));
        assertThat(attacker.post(
                                "/portal/account/totp/enable",
                                Map.of("code", Totp.code(secret, Totp.step(clock.instant()))),
                                attacker.csrfFrom("/portal/account"))
                        .body())
                .contains("Two-factor sign-in is on.");
        jdbc.sql("UPDATE merchants SET email_confirmed_at = NULL WHERE id = CAST(:m AS UUID)")
                .param("m", merchant)
                .update();
        assertThat(count(
                        "SELECT COUNT(*) FROM merchant_members WHERE merchant_id = CAST(:m AS UUID)"
                                + " AND removed_at IS NULL",
                        merchant))
                .isEqualTo(3);
        assertThat(liveKeys(merchant)).isPositive();
        assertThat(connections(merchant)).isEqualTo(1);

        // The address's owner: their sign-up is answered as any, then "forgot password", by e-mail.
        clock.advance(Duration.ofMinutes(5));
        Page page = browser.newPage(390, 844, "fr");
        page.navigate(url("/portal/password-reset"));
        page.locator("#email").fill(victim);
        page.locator("main button[type=submit]").click();
        assertThat(page.getByRole(com.microsoft.playwright.options.AriaRole.STATUS))
                .containsText("Si un compte existe pour cette adresse");
        page.navigate(MailCatcher.link(
                mail.awaitMail(victim, "Votre nouveau mot de passe Xaalis"), "/portal/password-reset/"));
        page.locator("#new_password").fill("the owner's own password");
        page.locator("#confirm_password").fill("the owner's own password");
        page.locator("main button[type=submit]").click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/login\\?reset$"));

        // Nothing of the attacker's is left; the address counts as confirmed (the link proved it).
        assertThat(count(
                        "SELECT COUNT(*) FROM merchant_members WHERE merchant_id = CAST(:m AS UUID)"
                                + " AND removed_at IS NULL",
                        merchant))
                .isZero();
        assertThat(count(
                        "SELECT COUNT(*) FROM merchants WHERE id = CAST(:m AS UUID) AND totp_secret_ciphertext"
                                + " IS NOT NULL",
                        merchant))
                .isZero();
        assertThat(liveKeys(merchant)).isZero();
        assertThat(connections(merchant)).isZero();
        assertThat(count(
                        "SELECT COUNT(*) FROM merchants WHERE id = CAST(:m AS UUID) AND email_confirmed_at IS NOT NULL",
                        merchant))
                .isEqualTo(1);
        assertThat(AuditRows.actionsBy(jdbc, "password-reset-link")).contains("merchant.reclaimed");
        // Their sessions are over, their member cannot sign in, their invitation leads nowhere.
        assertThat(attacker.get("/portal/dashboard").statusCode()).isEqualTo(302);
        assertThat(theirMember.get("/portal/dashboard").statusCode()).isEqualTo(302);
        assertThat(new PortalSession(port)
                        .signIn(accomplice, Api.PASSWORD)
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .endsWith("/portal/login?error");
        assertThat(new PortalSession(port)
                        .get("/portal/team/join/" + pendingToken)
                        .statusCode())
                .isEqualTo(410);
        assertThat(new PortalSession(port).get(joinPath).statusCode()).isEqualTo(410);

        // The owner signs in with their password alone (no authenticator of someone else's asked).
        page.locator("#email").fill(victim);
        page.locator("#password").fill("the owner's own password");
        page.locator("main form button[type=submit]").first().click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/dashboard$"));
        page.navigate(url("/portal/team"));
        assertThat(page.locator("main")).not().containsText(accomplice);
        assertThat(page.locator("main")).not().containsText(pending);
        page.context().close();
    }

    // --- helpers

    /** Signs up over HTTP (each from an address of its own: sign-ups per address are limited), signed in. */
    private PortalSession signedUp(String email) {
        PortalSession portal = new PortalSession(port).forwardedFor("198.51.100." + ADDRESSES.incrementAndGet());
        HttpResponse<String> created = portal.post(
                "/portal/signup",
                Map.of("name", "Boutique Awa", "email", email, "password", Api.PASSWORD),
                portal.csrfFrom("/portal/signup"));
        assertThat(created.headers().firstValue("Location").orElseThrow()).endsWith("/portal/login?created");
        assertThat(portal.signIn(email, Api.PASSWORD)
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .endsWith("/portal/dashboard");
        return portal;
    }

    private static void assertRefused(HttpResponse<String> answer) {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(403);
        assertThat(answer.body()).contains(REFUSED_EN);
    }

    private static HttpResponse<String> invite(PortalSession portal, String email) {
        return portal.post(
                "/portal/team/invite", Map.of("email", email, "role", "owner"), portal.csrfFrom("/portal/team"));
    }

    /** Invites as owner and reads the link from the e-mail in the outbox. */
    private String inviteToken(PortalSession portal, String email) {
        assertThat(invite(portal, email).statusCode()).isEqualTo(302);
        String body = jdbc.sql("SELECT body FROM mail_outbox WHERE recipient = :to AND kind = 'team-invitation'"
                        + " ORDER BY created_at DESC, id DESC LIMIT 1")
                .param("to", email)
                .query(String.class)
                .single();
        Matcher link = Pattern.compile("/portal/team/join/([A-Za-z0-9]{43})").matcher(body);
        assertThat(link.find()).as(body).isTrue();
        return link.group(1);
    }

    private static HttpResponse<String> issueKeys(PortalSession portal, String application, String environment) {
        String path = "/portal/applications/" + application;
        return portal.post(
                path + "/keys", Map.of("environment", environment, "password", Api.PASSWORD), portal.csrfFrom(path));
    }

    private static HttpResponse<String> saveWallet(PortalSession portal, String application) {
        String path = "/portal/applications/" + application + "/payment-methods";
        Map<String, String> form = new HashMap<>();
        form.put("api_key", KEY);
        form.put("webhook_secret", "wave_sn_WHS_hijack0123456789");
        form.put("webhook_strategy", "signing");
        form.put("password", Api.PASSWORD);
        HttpResponse<String> saved = portal.post(path + "/WALLET_SN", form, portal.csrfFrom(path));
        if (saved.statusCode() != 302) {
            return saved;
        }
        // A save that went through redirects to the page, which then says how it went (post-redirect-get).
        assertThat(saved.headers().firstValue("Location").orElseThrow()).endsWith(path);
        return portal.get(path);
    }

    private String merchantIdOf(String email) {
        return jdbc.sql("SELECT CAST(id AS VARCHAR(36)) FROM merchants WHERE email = :e")
                .param("e", email)
                .query(String.class)
                .single();
    }

    private String applicationOf(String merchant) {
        return jdbc.sql("SELECT CAST(id AS VARCHAR(36)) FROM applications WHERE merchant_id = CAST(:m AS UUID)")
                .param("m", merchant)
                .query(String.class)
                .single();
    }

    private int liveKeys(String merchant) {
        return count(
                "SELECT COUNT(*) FROM api_keys k JOIN applications a ON a.id = k.application_id"
                        + " WHERE a.merchant_id = CAST(:m AS UUID) AND k.environment = 'live' AND k.revoked_at IS NULL",
                merchant);
    }

    private int connections(String merchant) {
        return count(
                "SELECT COUNT(*) FROM provider_connections c JOIN applications a ON a.id = c.application_id"
                        + " WHERE a.merchant_id = CAST(:m AS UUID)",
                merchant);
    }

    private int count(String sql, String merchant) {
        return jdbc.sql(sql).param("m", merchant).query(Integer.class).single();
    }
}
