package sn.xaalis.payout;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.merchant.Totp;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.MutableClock;
import sn.xaalis.support.PortalSession;

/**
 * Issue 47, item 9: whoever holds a merchant's session cannot pay out with it alone. The confirmation of
 * one payout and of a file asks for the person's password, or their authenticator's code once enrolled;
 * without it, or wrong, nothing is stored and nothing goes out.
 */
@IntegrationTest
class PayoutConfirmationIT extends ApiIntegrationTest {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MutableClock clock;

    @Autowired
    PayoutSettings settings;

    @Autowired
    PayoutBatches batches;

    @Autowired
    ApplicationDirectory directory;

    @Test
    void onePayoutIsSentOnlyWithThePassword() {
        String email = "confirm" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        turnOn(merchant);
        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        String base = "/portal/applications/" + merchant.applicationId() + "/payouts";

        String confirmation = portal.post(base + "/review?env=sandbox", single(), portal.csrfFrom(base))
                .body();
        assertThat(confirmation).contains("name=\"password\"", "autocomplete=\"current-password\"");
        String key = confirmation.replaceAll("(?s).*name=\"key\" value=\"([A-Za-z0-9]{32})\".*", "$1");
        Map<String, String> form = new HashMap<>(single());
        form.put("key", key);

        HttpResponse<String> none = portal.post(base + "/send?env=sandbox", form, portal.csrfFrom(base));
        assertThat(none.statusCode()).isEqualTo(400);
        assertThat(none.body()).contains("is not correct.", "name=\"key\" value=\"" + key + "\"");
        form.put("password", "not the password");
        HttpResponse<String> wrong = portal.post(base + "/send?env=sandbox", form, portal.csrfFrom(base));
        assertThat(wrong.statusCode()).isEqualTo(400);
        assertThat(payouts(merchant)).as("nothing stored without the password").isZero();

        form.put("password", Api.PASSWORD);
        HttpResponse<String> sent = portal.post(base + "/send?env=sandbox", form, portal.csrfFrom(base));
        assertThat(sent.statusCode()).isEqualTo(302);
        String reference =
                sent.headers().firstValue("Location").orElseThrow().replaceAll(".*payout=(OUT-[A-Z0-9]{8}).*", "$1");
        PayoutTests.awaitPayout(api, merchant, reference, "SUCCESS", Duration.ofSeconds(20));
        assertThat(payouts(merchant)).isEqualTo(1);
    }

    @Test
    void aFileIsConfirmedOnlyWithThePassword() {
        String email = "confirmfile" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        turnOn(merchant);
        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        String path = filePath(merchant);
        assertThat(portal.get(path).body()).contains("name=\"password\"");

        HttpResponse<String> none = portal.post(confirm(path), Map.of(), portal.csrfFrom(path));
        assertThat(none.statusCode()).isEqualTo(400);
        assertThat(none.body()).contains("is not correct.");
        HttpResponse<String> wrong =
                portal.post(confirm(path), Map.of("password", "not the password"), portal.csrfFrom(path));
        assertThat(wrong.statusCode()).isEqualTo(400);
        assertThat(payouts(merchant)).as("nothing stored without the password").isZero();

        HttpResponse<String> confirmed =
                portal.post(confirm(path), Map.of("password", Api.PASSWORD), portal.csrfFrom(path));
        assertThat(confirmed.statusCode()).isEqualTo(302);
        assertThat(payouts(merchant)).isEqualTo(2);
    }

    @Test
    void withAnAuthenticatorTheCodeIsAskedOnBothConfirmationsAndThePasswordNoLongerDoes() {
        String email = "confirmtotp" + System.nanoTime() + "@example.com";
        Api.Merchant merchant = api.onboardAs(email, "WALLET_SN");
        turnOn(merchant);
        PortalSession portal = new PortalSession(port);
        portal.signIn(email, Api.PASSWORD);
        String setup = portal.post("/portal/account/totp/setup", Map.of(), portal.csrfFrom("/portal/account"))
                .body();
        byte[] secret = Totp.fromBase32(setup.replaceAll("(?s).*<code id=\"totp-secret\">([A-Z2-7]+)</code>.*", "$1"));
        assertThat(portal.post(
                                "/portal/account/totp/enable",
                                Map.of("code", Totp.code(secret, Totp.step(clock.instant()))),
                                portal.csrfFrom("/portal/account"))
                        .body())
                .contains("Two-factor sign-in is on.");
        String base = "/portal/applications/" + merchant.applicationId() + "/payouts";

        String confirmation = portal.post(base + "/review?env=sandbox", single(), portal.csrfFrom(base))
                .body();
        assertThat(confirmation).contains("name=\"code\"", "autocomplete=\"one-time-code\"");
        Map<String, String> form = new HashMap<>(single());
        form.put("key", confirmation.replaceAll("(?s).*name=\"key\" value=\"([A-Za-z0-9]{32})\".*", "$1"));
        form.put("password", Api.PASSWORD);
        assertThat(portal.post(base + "/send?env=sandbox", form, portal.csrfFrom(base))
                        .statusCode())
                .isEqualTo(400);
        assertThat(payouts(merchant)).isZero();
        clock.advance(Duration.ofSeconds(30));
        form.remove("password");
        form.put("code", Totp.code(secret, Totp.step(clock.instant())));
        assertThat(portal.post(base + "/send?env=sandbox", form, portal.csrfFrom(base))
                        .statusCode())
                .isEqualTo(302);
        assertThat(payouts(merchant)).isEqualTo(1);

        String path = filePath(merchant);
        assertThat(portal.get(path).body()).contains("name=\"code\"").doesNotContain("current-password");
        assertThat(portal.post(confirm(path), Map.of("password", Api.PASSWORD), portal.csrfFrom(path))
                        .statusCode())
                .isEqualTo(400);
        assertThat(payouts(merchant)).isEqualTo(1);
        clock.advance(Duration.ofSeconds(30));
        assertThat(portal.post(
                                confirm(path),
                                Map.of("code", Totp.code(secret, Totp.step(clock.instant()))),
                                portal.csrfFrom(path))
                        .statusCode())
                .isEqualTo(302);
        assertThat(payouts(merchant)).isEqualTo(3);
    }

    private void turnOn(Api.Merchant merchant) {
        settings.save(
                ApplicationId.valueOf(merchant.applicationId()),
                new PayoutSettings.Settings(true, new BigDecimal("1000000"), 50, List.of()));
    }

    /** A sandbox file of two good lines, uploaded and waiting for its confirmation: its page's path. */
    private String filePath(Api.Merchant merchant) {
        PayoutBatch batch = batches.upload(
                directory
                        .caller(ApplicationId.valueOf(merchant.applicationId()), Environment.SANDBOX)
                        .orElseThrow(),
                Provider.WALLET_SN,
                "paie.csv",
                "771234567;1000\n761234567;2000\n".getBytes(StandardCharsets.UTF_8));
        return "/portal/applications/" + merchant.applicationId() + "/payouts/files/" + batch.id() + "?env=sandbox";
    }

    private static String confirm(String filePath) {
        return filePath.replace("?", "/confirm?");
    }

    private static Map<String, String> single() {
        return Map.of(
                "provider", "WALLET_SN",
                "recipient_phone", "+221771234567",
                "amount", "5000",
                "recipient_name", "Awa Diop",
                "reason", "Commission");
    }

    private int payouts(Api.Merchant merchant) {
        return jdbc.sql("SELECT COUNT(*) FROM payouts WHERE application_id = CAST(:app AS UUID)")
                .param("app", merchant.applicationId())
                .query(Integer.class)
                .single();
    }
}
