package sn.xaalis.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.FakeProviders;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.WithFakeProviders;
import sn.xaalis.support.WithFakeProviders.Setup;

/**
 * Issue 35: an application going live or back to sandbox is told to its merchant by e-mail, written to
 * the outbox in the transaction of the change (the SMTP side is PasswordResetIT's); a refused go-live
 * tells nothing.
 */
@IntegrationTest
@WithFakeProviders(Setup.INSTALLATION_ACCOUNTS)
class LiveModeNoticeIT extends ApiIntegrationTest {

    static final FakeProviders fake = FakeProviders.shared();

    @Autowired
    JdbcClient jdbc;

    @Test
    void goingLiveAndBackIsToldToTheMerchantAndARefusedChangeIsNot() {
        String email = "livenotice" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");

        // Not ready (no live key): refused, nothing written.
        Api.Response refused = api.admin(
                "PATCH",
                "/applications/" + merchant.applicationId(),
                "{\"webhook_url\":\"https://hooks.shop.example/xaalis\",\"live_enabled\":true}");
        assertThat(refused.status()).isNotEqualTo(200);
        assertThat(mailsTo(email)).isEmpty();

        api.goLive(merchant);
        api.admin("PATCH", "/applications/" + merchant.applicationId(), "{\"live_enabled\":false}");
        // A change that leaves live mode as it was tells nothing.
        api.admin(
                "PATCH",
                "/applications/" + merchant.applicationId(),
                "{\"callback_url_success\":\"https://shop.example/ok\"}");

        List<Map<String, Object>> mails = mailsTo(email);
        assertThat(mails).hasSize(2);
        assertThat(mails.get(0).get("subject").toString()).endsWith("» accepte maintenant les paiements réels");
        // Cleared once sent, when another test's context has an SMTP server running its sender.
        Object body = mails.get(0).get("body");
        if (body != null) {
            assertThat(body.toString()).startsWith("Bonjour ").contains("accepte maintenant les paiements réels");
        }
        assertThat(mails.get(1).get("subject").toString()).endsWith("» n’accepte plus les paiements réels");
        assertThat(mails).allSatisfy(m -> assertThat(m.get("kind")).isEqualTo("live-mode"));
    }

    private List<Map<String, Object>> mailsTo(String email) {
        return jdbc.sql("SELECT subject, body, kind FROM mail_outbox WHERE recipient = :to ORDER BY created_at, id")
                .param("to", email)
                .query()
                .listOfRows();
    }
}
