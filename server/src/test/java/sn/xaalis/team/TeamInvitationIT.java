package sn.xaalis.team;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import com.microsoft.playwright.options.AriaRole;
import jakarta.mail.internet.MimeMessage;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.BrowserIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MailCatcher;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PageChecks;
import sn.xaalis.support.PageSweep;
import sn.xaalis.support.PortalSession;

/**
 * D30, a merchant's team: the owner invites by e-mail (a real SMTP server in this process reads what was
 * sent), the invited person joins with the link and signs in with the role given; the link works seven
 * days and once, a forged one never; a role change and a removal end the member's open sessions on every
 * node at once; the account's holder is never removed. Every change is in the audit trail under the
 * person who made it.
 */
@IntegrationTest
class TeamInvitationIT extends BrowserIntegrationTest {

    static final MailCatcher mail = MailCatcher.shared();

    @Autowired
    MutableClock clock;

    @Autowired
    JdbcClient jdbc;

    @Test
    void anInvitedPersonJoinsByTheLinkAndSignsInWithTheirRole() throws Exception {
        String owner = "owner" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(owner, "WALLET_SN");
        String developer = "dev" + System.nanoTime() + "@example.com";

        Page page = browser.newPage(390, 844, "fr");
        signIn(page, owner);
        page.locator("header details.menu summary").click();
        page.locator("header .panel").getByText("Équipe").click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/team$"));
        page.locator("#invite-email").fill(developer);
        page.locator("#invite-role").selectOption("developer");
        page.locator("#invite button[type=submit]").click();
        assertThat(page).hasURL(Pattern.compile(".*/portal/team\\?invited$"));
        assertThat(page.getByRole(AriaRole.STATUS)).containsText("Invitation envoyée");
        assertThat(page.locator("#members")).containsText(developer);
        assertThat(page.locator("#members")).containsText("Invité");

        MimeMessage invitation = mail.awaitMail(developer);
        assertThat(invitation.getSubject()).isEqualTo("Invitation à rejoindre l’équipe Shop sur Xaalis");
        String body = String.valueOf(invitation.getContent());
        assertThat(body).contains("avec le rôle « Développeur »", "dans les 7 jours");
        String link = MailCatcher.link(invitation, "/portal/team/join/");
        assertThat(link).startsWith(url("/portal/team/join/"));
        // Kept as its SHA-256 only.
        String token = link.substring(link.lastIndexOf('/') + 1);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM merchant_members WHERE invite_token_hash = :t")
                        .param("t", token)
                        .query(Integer.class)
                        .single())
                .isZero();

        Page joining = browser.newPage(390, 844, "fr");
        Response opened = joining.navigate(link);
        assertThat(opened.headers().get("referrer-policy")).isEqualTo("no-referrer");
        assertThat(joining.locator("main")).containsText("rejoindre l’équipe de Shop");
        assertThat(joining.locator("#email")).hasValue(developer);
        joining.locator("#name").fill("Awa Diop");
        joining.locator("#password").fill("le mot de passe d’Awa");
        joining.locator("#confirm_password").fill("un autre mot de passe");
        joining.locator("main button[type=submit]").click();
        assertThat(joining.locator("main")).containsText("ne sont pas identiques");
        joining.locator("#password").fill("le mot de passe d’Awa");
        joining.locator("#confirm_password").fill("le mot de passe d’Awa");
        joining.locator("main button[type=submit]").click();
        assertThat(joining).hasURL(Pattern.compile(".*/portal/login\\?joined$"));
        assertThat(joining.getByRole(AriaRole.STATUS)).containsText("Vous faites partie de l’équipe");

        signInAs(joining, developer, "le mot de passe d’Awa", "/portal/dashboard");
        // A developer's pages open; payouts and the team do not: a page says so, with 403.
        Response settings = joining.navigate(url("/portal/applications/" + merchant.applicationId()));
        assertThat(settings.status()).isEqualTo(200);
        Response payouts = joining.navigate(url("/portal/applications/" + merchant.applicationId() + "/payouts"));
        assertThat(payouts.status()).isEqualTo(403);
        assertThat(joining.locator("h1")).hasText("Page réservée à d’autres rôles");
        assertThat(joining.locator("main")).containsText("Votre rôle (Développeur)");
        assertThat(joining.navigate(url("/portal/team")).status()).isEqualTo(403);

        // The link served once.
        Page again = browser.newPage(390, 844, "fr");
        Response used = again.navigate(link);
        assertThat(used.status()).isEqualTo(410);
        assertThat(again.locator("main")).containsText("Cette invitation n’est plus valable");

        page.navigate(url("/portal/team"));
        assertThat(page.locator("#members")).containsText("Awa Diop");
        assertThat(page.locator("#members")).containsText("Actif");
        String merchantId = merchant.merchantId();
        assertThat(audit(merchantId, "team.member.invited")).containsExactly(owner);
        assertThat(audit(merchantId, "team.member.joined")).containsExactly(developer);
    }

    @Test
    void expiredReusedAndForgedLinksAreRefused() throws Exception {
        String owner = "expiry" + System.nanoTime() + "@example.com";
        api.onboardAs(owner, "WALLET_SN");
        PortalSession session = new PortalSession(port);
        session.signIn(owner, Api.PASSWORD);
        String late = "late" + System.nanoTime() + "@example.com";
        String link = invite(session, late, "viewer");
        String path = link.substring(link.indexOf("/portal/"));
        PortalSession stranger = new PortalSession(port);
        assertThat(stranger.get(path).statusCode()).isEqualTo(200);

        clock.advance(Duration.ofDays(7).plusMinutes(1));
        assertThat(stranger.get(path).statusCode()).isEqualTo(410);
        HttpResponse<String> expired = stranger.post(
                path,
                Map.of("name", "Late", "password", Api.PASSWORD, "confirm_password", Api.PASSWORD),
                stranger.csrfFrom("/portal/login"));
        assertThat(expired.statusCode()).isEqualTo(410);
        assertThat(new PortalSession(port).signIn(late, Api.PASSWORD).headers().firstValue("Location"))
                .hasValueSatisfying(location -> assertThat(location).endsWith("/portal/login?error"));

        // Invited again: a new link, which works; the old one stays dead.
        mail.smtp().purgeEmailFromAllMailboxes();
        String renewed = invite(session, late, "viewer");
        assertThat(renewed).isNotEqualTo(link);
        String renewedPath = renewed.substring(renewed.indexOf("/portal/"));
        assertThat(TeamMembersForTests.join(stranger, renewedPath.substring(renewedPath.lastIndexOf('/') + 1), "Late")
                        .statusCode())
                .isEqualTo(302);
        assertThat(stranger.get(renewedPath).statusCode()).isEqualTo(410);
        assertThat(stranger.get(path).statusCode()).isEqualTo(410);

        // Forged: well formed but never sent, or not even well formed.
        assertThat(stranger.get("/portal/team/join/" + "Zz9".repeat(14) + "Z").statusCode())
                .isEqualTo(410);
        assertThat(stranger.get("/portal/team/join/abc").statusCode()).isEqualTo(410);
        // Whoever's login an address is cannot be invited: the holder of this account or another's.
        HttpResponse<String> holder = session.post(
                "/portal/team/invite", Map.of("email", owner, "role", "viewer"), session.csrfFrom("/portal/team"));
        assertThat(holder.statusCode()).isEqualTo(400);
        assertThat(holder.body()).contains("already signs in to Xaalis");
        HttpResponse<String> member = session.post(
                "/portal/team/invite", Map.of("email", late, "role", "viewer"), session.csrfFrom("/portal/team"));
        assertThat(member.statusCode()).isEqualTo(400);
        // ...and a member's address cannot sign up as a merchant of its own.
        assertThat(api.unchecked()
                        .admin(
                                "POST",
                                "/merchants",
                                "{\"name\":\"Again\",\"email\":\"" + late
                                        + "\",\"password\":\"correct horse battery\"}")
                        .status())
                .isEqualTo(409);
    }

    @Test
    void aRoleChangeAndARemovalEndTheMembersSessionAtOnceAndTheHolderStays() throws Exception {
        String owner = "changes" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(owner, "WALLET_SN");
        PortalSession session = new PortalSession(port);
        session.signIn(owner, Api.PASSWORD);
        String cashier = "cashier" + System.nanoTime() + "@example.com";
        String link = invite(session, cashier, "cashier");
        assertThat(TeamMembersForTests.join(new PortalSession(port), link.substring(link.lastIndexOf('/') + 1), "Fatou")
                        .statusCode())
                .isEqualTo(302);
        String memberId = jdbc.sql("SELECT id FROM merchant_members WHERE email = :e")
                .param("e", cashier)
                .query(String.class)
                .single();

        Page page = browser.newPage(1280, 800, "en");
        signInAs(page, cashier, Api.PASSWORD, "/portal/counter");
        assertThat(page.navigate(url("/portal/transactions")).status()).isEqualTo(403);

        // Now a viewer: the open session ends; signed in again, the new role applies.
        HttpResponse<String> changed = session.post(
                "/portal/team/" + memberId + "/role", Map.of("role", "viewer"), session.csrfFrom("/portal/team"));
        assertThat(changed.headers().firstValue("Location").orElseThrow()).endsWith("/portal/team?role-changed");
        page.navigate(url("/portal/counter"));
        // Signed out, with the counter to come back to (a cashier's session that ended: issue 48 item 8).
        assertThat(page).hasURL(Pattern.compile(".*/portal/login\\?continue=%2Fportal%2Fcounter$"));
        signInAs(page, cashier, Api.PASSWORD, "/portal/dashboard");
        assertThat(page.navigate(url("/portal/transactions")).status()).isEqualTo(200);
        assertThat(page.navigate(url("/portal/counter")).status()).isEqualTo(403);

        // Removed: the open session ends, and the password opens nothing any more.
        HttpResponse<String> removed =
                session.post("/portal/team/" + memberId + "/remove", Map.of(), session.csrfFrom("/portal/team"));
        assertThat(removed.headers().firstValue("Location").orElseThrow()).endsWith("/portal/team?removed");
        page.navigate(url("/portal/dashboard"));
        assertThat(page).hasURL(Pattern.compile(".*/portal/login$"));
        assertThat(new PortalSession(port)
                        .signIn(cashier, Api.PASSWORD)
                        .headers()
                        .firstValue("Location"))
                .hasValueSatisfying(location -> assertThat(location).endsWith("/portal/login?error"));
        assertThat(session.get("/portal/team").body()).doesNotContain(cashier);

        // The account's holder is its owner for good.
        String holderRow = "/portal/team/" + merchant.merchantId();
        HttpResponse<String> holderRemoved =
                session.post(holderRow + "/remove", Map.of(), session.csrfFrom("/portal/team"));
        assertThat(holderRemoved.statusCode()).isEqualTo(409);
        assertThat(holderRemoved.body()).contains("The account holder stays its owner");
        assertThat(session.post(holderRow + "/role", Map.of("role", "viewer"), session.csrfFrom("/portal/team"))
                        .statusCode())
                .isEqualTo(409);
        assertThat(session.get("/portal/dashboard").statusCode()).isEqualTo(200);

        assertThat(audit(merchant.merchantId(), "team.member.role.changed")).containsExactly(owner);
        assertThat(audit(merchant.merchantId(), "team.member.removed")).containsExactly(owner);
        assertThat(audit(merchant.merchantId(), "team.member.joined")).containsExactly(cashier);
    }

    @Test
    void aMemberWhoForgotTheirPasswordResetsItByMail() throws Exception {
        String owner = "forgetful" + System.nanoTime() + "@example.com";
        api.onboardAs(owner, "WALLET_SN");
        PortalSession session = new PortalSession(port);
        session.signIn(owner, Api.PASSWORD);
        String viewer = "forgot" + System.nanoTime() + "@example.com";
        String link = invite(session, viewer, "viewer");
        TeamMembersForTests.join(new PortalSession(port), link.substring(link.lastIndexOf('/') + 1), "Moussa");
        PortalSession open = new PortalSession(port);
        open.signIn(viewer, Api.PASSWORD);
        assertThat(open.get("/portal/dashboard").statusCode()).isEqualTo(200);

        PortalSession asking = new PortalSession(port);
        asking.post("/portal/password-reset", Map.of("email", viewer), asking.csrfFrom("/portal/password-reset"));
        String reset = MailCatcher.link(mail.awaitMail(viewer, "password"), "/portal/password-reset/");
        String path = reset.substring(reset.indexOf("/portal/"));
        HttpResponse<String> chosen = asking.post(
                path,
                Map.of("new_password", "a new member password", "confirm_password", "a new member password"),
                asking.csrfFrom(path));
        assertThat(chosen.headers().firstValue("Location").orElseThrow()).endsWith("/portal/login?reset");
        // Their open session ended; the holder's did not; the new password opens the member's role.
        assertThat(open.get("/portal/dashboard")
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .endsWith("/portal/login");
        assertThat(session.get("/portal/dashboard").statusCode()).isEqualTo(200);
        PortalSession again = new PortalSession(port);
        again.signIn(viewer, "a new member password");
        assertThat(again.get("/portal/dashboard").statusCode()).isEqualTo(200);
        assertThat(again.get("/portal/team").statusCode()).isEqualTo(403);
    }

    @Test
    @PageSweep
    void theTeamPagesInFrenchAndEnglishOnAPhoneAndALaptop() throws Exception {
        String owner = "sweep" + System.nanoTime() + "@example.com";
        api.onboardAs(owner, "WALLET_SN");
        PortalSession session = new PortalSession(port);
        session.signIn(owner, Api.PASSWORD);
        String active = "aminata.ndiaye.boutique.dakar" + System.nanoTime() + "@exemple.sn";
        String activeLink = invite(session, active, "viewer");
        TeamMembersForTests.join(
                new PortalSession(port), activeLink.substring(activeLink.lastIndexOf('/') + 1), "Aminata Ndiaye");
        String pendingLink = invite(session, "pending" + System.nanoTime() + "@example.com", "developer");
        for (String language : List.of("fr", "en")) {
            for (int width : List.of(390, 1280)) {
                String size = language + "-" + width;
                Page page = browser.newPage(width, 844, language);
                signIn(page, owner);
                page.navigate(url("/portal/team"));
                PageChecks.check(page, "team-" + size, language);
                page.locator("#invite-email").fill("not an address");
                page.locator("#invite-email").evaluate("e => e.type = 'text'");
                page.locator("#invite button[type=submit]").click();
                PageChecks.check(page, "team-invite-error-" + size, language);

                Page joining = browser.newPage(width, 844, language);
                joining.navigate(pendingLink);
                PageChecks.check(joining, "team-join-" + size, language);
                joining.navigate(url("/portal/team/join/" + "Q".repeat(43)));
                PageChecks.check(joining, "team-join-invalid-" + size, language);

                Page member = browser.newPage(width, 844, language);
                signIn(member, active);
                member.navigate(url("/portal/account"));
                PageChecks.check(member, "team-member-account-" + size, language);
                Response refused = member.navigate(url("/portal/team"));
                assertThat(refused.status()).isEqualTo(403);
                PageChecks.check(member, "team-forbidden-" + size, language);
            }
        }
    }

    /** Invites {@code email} as {@code role}; returns the link of the e-mail that arrived. */
    private String invite(PortalSession owner, String email, String role) throws Exception {
        int before = mail.mailsTo(email).size();
        HttpResponse<String> invited =
                owner.post("/portal/team/invite", Map.of("email", email, "role", role), owner.csrfFrom("/portal/team"));
        assertThat(invited.statusCode()).as(invited.body()).isEqualTo(302);
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (mail.mailsTo(email).size() <= before && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        List<MimeMessage> mails = mail.mailsTo(email);
        assertThat(mails).hasSizeGreaterThan(before);
        return MailCatcher.link(mails.getLast(), "/portal/team/join/");
    }

    /** Signs in with the sign-in form, landing where the role works. */
    private void signInAs(Page page, String email, String password, String landing) {
        page.navigate(url("/portal/login"));
        page.locator("#email").fill(email);
        page.locator("#password").fill(password);
        page.locator("main form button[type=submit]").first().click();
        assertThat(page).hasURL(Pattern.compile(".*" + landing + "$"));
    }

    /** Who made the merchant's changes of {@code action}, oldest first. */
    private List<String> audit(String merchantId, String action) {
        return jdbc.sql("SELECT actor FROM audit_events WHERE merchant_id = :m AND action = :a ORDER BY id")
                .param("m", java.util.UUID.fromString(merchantId))
                .param("a", action)
                .query(String.class)
                .list();
    }
}
