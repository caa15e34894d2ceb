package sn.xaalis.team;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.internet.MimeMessage;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MailCatcher;
import sn.xaalis.support.PortalSession;

/**
 * An invitation tells the owner nothing of who already has an account, and a merchant's invitation
 * e-mails are limited (three an hour here).
 */
@IntegrationTest
@TestPropertySource(properties = "xaalis.team.invitations-per-merchant=3/1h")
class TeamInvitationLimitsIT extends ApiIntegrationTest {

    static final MailCatcher mail = MailCatcher.shared();

    @Autowired
    JdbcClient jdbc;

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
