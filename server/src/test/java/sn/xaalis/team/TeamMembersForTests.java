package sn.xaalis.team;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.PortalSession;

/**
 * Makes team members the way people do, over HTTP: the owner invites on the team page, the invitation's
 * link is read from the e-mail waiting in the outbox (these tests configure no SMTP server), and the
 * member joins with it.
 */
final class TeamMembersForTests {

    private static final Pattern LINK = Pattern.compile("/portal/team/join/([A-Za-z0-9]{43})");

    private TeamMembersForTests() {}

    /** Invites {@code email} as {@code role} with the owner's session; returns the link's token. */
    static String invite(PortalSession owner, JdbcClient jdbc, String email, String role) {
        HttpResponse<String> invited =
                owner.post("/portal/team/invite", Map.of("email", email, "role", role), owner.csrfFrom("/portal/team"));
        assertThat(invited.statusCode()).as(invited.body()).isEqualTo(302);
        String body = jdbc.sql("SELECT body FROM mail_outbox WHERE recipient = :to AND kind = 'team-invitation'"
                        + " ORDER BY created_at DESC, id DESC LIMIT 1")
                .param("to", email)
                .query(String.class)
                .single();
        Matcher link = LINK.matcher(body);
        assertThat(link.find()).as(body).isTrue();
        return link.group(1);
    }

    /** Accepts an invitation with {@link Api#PASSWORD}; returns the join's answer. */
    static HttpResponse<String> join(PortalSession browser, String token, String name) {
        String path = "/portal/team/join/" + token;
        return browser.post(
                path,
                Map.of("name", name, "password", Api.PASSWORD, "confirm_password", Api.PASSWORD),
                browser.csrfFrom(path));
    }

    /** A member of {@code role} of the owner's team, signed in with a session of their own. */
    static PortalSession member(PortalSession owner, JdbcClient jdbc, int port, String email, String role) {
        String token = invite(owner, jdbc, email, role);
        PortalSession member = new PortalSession(port);
        HttpResponse<String> joined = join(member, token, "Member " + role);
        assertThat(joined.statusCode()).as(joined.body()).isEqualTo(302);
        assertThat(joined.headers().firstValue("Location").orElseThrow()).endsWith("/portal/login?joined");
        HttpResponse<String> signedIn = member.signIn(email, Api.PASSWORD);
        assertThat(signedIn.headers().firstValue("Location").orElseThrow()).doesNotContain("error");
        return member;
    }
}
