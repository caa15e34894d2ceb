package sn.xaalis.team;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.internet.MimeMessage;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MailCatcher;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.SettingsNobodyElseMinds;

/**
 * An invitation tells the owner nothing of who already has an account, and a merchant's invitation
 * e-mails are limited (three an hour here).
 */
@IntegrationTest
@SettingsNobodyElseMinds // three invitations an hour per merchant
class TeamInvitationLimitsIT extends ApiIntegrationTest {

    static final MailCatcher mail = MailCatcher.shared();

    private static final Pattern ROW = Pattern.compile("<tr id=\"member-([^\"]+)\">(.*?)</tr>", Pattern.DOTALL);

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    @Test
    void anAddressThatAlreadyHasAnAccountGetsTheSameAnswerAsANewOne() throws Exception {
        String owner = "owner" + System.nanoTime() + "@example.com";
        api.onboardAs(owner, "WALLET_SN");
        String elsewhere = "holder" + System.nanoTime() + "@example.com";
        api.onboardAs(elsewhere, "WALLET_SN");
        String fresh = "fresh" + System.nanoTime() + "@example.com";
        PortalSession session = new PortalSession(port);
        session.signIn(owner, Api.PASSWORD);

        HttpResponse<String> toAccount = invite(session, elsewhere);
        HttpResponse<String> toNew = invite(session, fresh);

        assertThat(toAccount.statusCode()).as(toAccount.body()).isEqualTo(toNew.statusCode());
        assertThat(toAccount.statusCode()).isEqualTo(302);
        assertThat(toAccount.headers().firstValue("Location"))
                .isEqualTo(toNew.headers().firstValue("Location"));
        assertThat(toAccount.body()).isEqualTo(toNew.body());
        assertThat(MailCatcher.link(mail.awaitMail(fresh), "/portal/team/join/"))
                .contains("/portal/team/join/");
        // The account's holder is told, without a link, and nothing is created.
        MimeMessage told = mail.awaitMail(elsewhere, "Shop");
        assertThat(MailCatcher.bodyOf(told)).contains("already signs in").doesNotContain("/portal/team/join/");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM merchant_members WHERE email = :e")
                        .param("e", elsewhere)
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    @Test
    void theTeamListsAnAddressThatAlreadyHasAnAccountAsAnyInvitation() throws Exception {
        String owner = "lister" + System.nanoTime() + "@example.com";
        api.onboardAs(owner, "WALLET_SN");
        String elsewhere = "other" + System.nanoTime() + "@example.com";
        api.onboardAs(elsewhere, "WALLET_SN");
        String fresh = "newcomer" + System.nanoTime() + "@example.com";
        PortalSession session = new PortalSession(port);
        session.signIn(owner, Api.PASSWORD);
        assertThat(invite(session, elsewhere).statusCode()).isEqualTo(302);
        assertThat(invite(session, fresh).statusCode()).isEqualTo(302);
        String told = mail.awaitMail(elsewhere, "Shop").getSubject();
        mail.awaitMail(fresh);

        String page = session.getPage("/portal/team").body();
        assertThat(row(page, elsewhere)).as(page).isEqualTo(row(page, fresh)).contains(">Invited<");

        // Sent again once the hour's allowance is back: the same answer, the same e-mail as before.
        clock.advance(Duration.ofHours(1));
        HttpResponse<String> againToAccount = invite(session, elsewhere);
        HttpResponse<String> againToNew = invite(session, fresh);
        assertThat(againToAccount.statusCode())
                .isEqualTo(againToNew.statusCode())
                .isEqualTo(302);
        assertThat(againToAccount.headers().firstValue("Location"))
                .isEqualTo(againToNew.headers().firstValue("Location"));
        awaitCount(() -> mail.count(elsewhere, told), 2);
        awaitCount(() -> joinLinks(fresh), 2);
        for (MimeMessage sent : mail.mailsTo(elsewhere)) {
            assertThat(MailCatcher.bodyOf(sent)).doesNotContain("/portal/team/join/");
        }
        page = session.getPage("/portal/team").body();
        assertThat(row(page, elsewhere)).as(page).isEqualTo(row(page, fresh));

        // Cancelled alike: both gone from the list.
        for (String id : List.of(memberId(page, elsewhere), memberId(page, fresh))) {
            HttpResponse<String> removed =
                    session.post("/portal/team/" + id + "/remove", Map.of(), session.csrfFrom("/portal/team"));
            assertThat(removed.statusCode()).isEqualTo(302);
            assertThat(removed.headers().firstValue("Location"))
                    .hasValueSatisfying(l -> assertThat(l).endsWith("/portal/team?removed"));
        }
        page = session.getPage("/portal/team").body();
        assertThat(page).doesNotContain(elsewhere).doesNotContain(fresh);

        // The address's holder still signs in to their own account, and joined no team.
        PortalSession holder = new PortalSession(port);
        holder.signIn(elsewhere, Api.PASSWORD);
        HttpResponse<String> ownTeam = holder.getPage("/portal/team");
        assertThat(ownTeam.statusCode()).isEqualTo(200);
        assertThat(ownTeam.body()).contains(elsewhere).doesNotContain(owner);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM merchant_members WHERE (email = :e OR removed_email = :e)"
                                + " AND password_hash IS NOT NULL")
                        .param("e", elsewhere)
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    /** The row of {@code email} on the team page, its member id and address left out. */
    private static String row(String page, String email) {
        Matcher rows = ROW.matcher(page);
        while (rows.find()) {
            if (rows.group(2).contains(email)) {
                return rows.group(2).replace(rows.group(1), "ID").replace(email, "EMAIL");
            }
        }
        throw new AssertionError(email + " not listed: " + page);
    }

    private static String memberId(String page, String email) {
        Matcher rows = ROW.matcher(page);
        while (rows.find()) {
            if (rows.group(2).contains(email)) {
                return rows.group(1);
            }
        }
        throw new AssertionError(email + " not listed: " + page);
    }

    private static long joinLinks(String to) throws Exception {
        long links = 0;
        for (MimeMessage sent : mail.mailsTo(to)) {
            if (MailCatcher.bodyOf(sent).contains("/portal/team/join/")) {
                links++;
            }
        }
        return links;
    }

    private interface Count {
        long get() throws Exception;
    }

    private static void awaitCount(Count count, long expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (count.get() < expected && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(count.get()).isEqualTo(expected);
    }

    @Test
    void invitationsBeyondTheMerchantsAllowanceAreRefusedAndSendNothing() throws Exception {
        String owner = "busy" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(owner, "WALLET_SN");
        PortalSession session = new PortalSession(port);
        session.signIn(owner, Api.PASSWORD);
        HttpResponse<String> invalid = session.post(
                "/portal/team/invite",
                Map.of("email", "not an address", "role", "viewer"),
                session.csrfFrom("/portal/team"));
        assertThat(invalid.statusCode()).as("a refused form spends nothing").isEqualTo(400);
        for (int i = 0; i < 3; i++) {
            assertThat(invite(session, "member" + i + System.nanoTime() + "@example.com")
                            .statusCode())
                    .isEqualTo(302);
        }
        String late = "late" + System.nanoTime() + "@example.com";
        HttpResponse<String> refused = invite(session, late);
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).isPresent();
        assertThat(refused.body()).contains("Too many invitations");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM merchant_members WHERE merchant_id = CAST(:m AS UUID)")
                        .param("m", merchant.merchantId())
                        .query(Integer.class)
                        .single())
                .isEqualTo(3);
        Thread.sleep(1_000);
        assertThat(mail.mailsTo(late)).isEmpty();
    }

    private static HttpResponse<String> invite(PortalSession owner, String email) {
        return owner.post(
                "/portal/team/invite", Map.of("email", email, "role", "viewer"), owner.csrfFrom("/portal/team"));
    }
}
