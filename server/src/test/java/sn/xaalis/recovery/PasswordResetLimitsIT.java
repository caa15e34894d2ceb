package sn.xaalis.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MailCatcher;
import sn.xaalis.support.PortalSession;
import sn.xaalis.support.SettingsNobodyElseMinds;

/**
 * What bounds a forgotten password's link: asking for one has a budget per client address and per typed
 * address, refused before any work starts; a link asked for before the password changed in the portal
 * sets nothing after.
 */
@IntegrationTest
@SettingsNobodyElseMinds // three link requests a minute per address, two per typed address
class PasswordResetLimitsIT extends ApiIntegrationTest {

    static final MailCatcher mail = MailCatcher.shared();

    @Autowired
    JdbcClient jdbc;

    @Test
    void aPasswordChangedInThePortalSpendsTheLinksAskedForBefore() throws Exception {
        String email = "changed" + System.nanoTime() + "@example.com";
        api.onboardAs(email, "WALLET_SN");
        assertThat(ask(new PortalSession(port).forwardedFor("198.51.100.20"), email)
                        .statusCode())
                .isEqualTo(200);
        String link = MailCatcher.link(mail.awaitMail(email), "/portal/password-reset/");
        String path = link.substring(link.indexOf("/portal/"));

        PortalSession owner = new PortalSession(port);
        owner.signIn(email, Api.PASSWORD);
        HttpResponse<String> changed = owner.post(
                "/portal/account/password",
                Map.of(
                        "current_password",
                        Api.PASSWORD,
                        "new_password",
                        "un-nouveau-mot-de-passe",
                        "confirm_password",
                        "un-nouveau-mot-de-passe"),
                owner.csrfFrom("/portal/account"));
        assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);

        PortalSession holder = new PortalSession(port);
        assertThat(holder.get(path).statusCode()).as("the link is spent").isEqualTo(410);
        HttpResponse<String> used = holder.post(
                path,
                Map.of("new_password", "celui-du-voleur-1", "confirm_password", "celui-du-voleur-1"),
                holder.csrfFrom("/portal/password-reset"));
        assertThat(used.statusCode()).isEqualTo(410);
        assertThat(new PortalSession(port)
                        .signIn(email, "un-nouveau-mot-de-passe")
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .endsWith("/portal/dashboard");
    }

    @Test
    void askingForLinksHasABudgetPerAddressAndPerEmailAndARefusalStartsNoWork() throws Exception {
        String email = "flood" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        PortalSession flood = new PortalSession(port).forwardedFor("198.51.100.21");
        for (int i = 0; i < 3; i++) {
            assertThat(ask(flood, "nobody" + i + System.nanoTime() + "@example.com")
                            .statusCode())
                    .isEqualTo(200);
        }
        HttpResponse<String> refused = ask(flood, email);
        assertThat(refused.statusCode()).as("the address's budget").isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).isPresent();
        assertThat(refused.body()).contains("Too many link requests");
        Thread.sleep(1_500);
        assertThat(links(merchant)).as("no link made for the refused request").isZero();
        assertThat(mail.mailsTo(email)).isEmpty();

        // The typed address's budget, whoever asks: two, then a refusal from a third address.
        assertThat(ask(new PortalSession(port).forwardedFor("198.51.100.22"), email)
                        .statusCode())
                .isEqualTo(200);
        mail.awaitMail(email);
        assertThat(ask(new PortalSession(port).forwardedFor("198.51.100.23"), email)
                        .statusCode())
                .isEqualTo(200);
        assertThat(ask(new PortalSession(port).forwardedFor("198.51.100.24"), email)
                        .statusCode())
                .as("the e-mail's budget")
                .isEqualTo(429);
        String unknown = "nobody" + System.nanoTime() + "@example.com";
        for (String address : new String[] {"198.51.100.25", "198.51.100.26"}) {
            ask(new PortalSession(port).forwardedFor(address), unknown);
        }
        assertThat(ask(new PortalSession(port).forwardedFor("198.51.100.27"), unknown)
                        .statusCode())
                .as("an address without an account is refused the same")
                .isEqualTo(429);
    }

    private static HttpResponse<String> ask(PortalSession session, String email) {
        return session.post(
                "/portal/password-reset", Map.of("email", email), session.csrfFrom("/portal/password-reset"));
    }

    private int links(Api.Merchant merchant) {
        return jdbc.sql("SELECT COUNT(*) FROM password_resets WHERE merchant_id = CAST(:m AS UUID)")
                .param("m", merchant.merchantId())
                .query(Integer.class)
                .single();
    }
}
