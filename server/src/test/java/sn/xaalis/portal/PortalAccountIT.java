package sn.xaalis.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.AuditRows;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PortalSession;

@IntegrationTest
class PortalAccountIT extends ApiIntegrationTest {

    @Test
    void signUpCreatesASandboxOnlyMerchantThatCanSignIn() {
        String email = "new" + System.nanoTime() + "@example.com";
        PortalSession browser = new PortalSession(port);
        HttpResponse<String> created = browser.post(
                "/portal/signup",
                Map.of("name", "Boutique Ndeye", "email", email, "password", "a long password"),
                browser.csrfFrom("/portal/signup"));
        assertThat(created.statusCode()).isEqualTo(302);
        assertThat(created.headers().firstValue("Location").orElseThrow()).endsWith("/portal/login?created");

        assertThat(browser.signIn(email, "a long password")
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .endsWith("/portal/dashboard");
        String applications = browser.get("/portal/applications").body();
        assertThat(applications).contains("My application");
        String id = applications.replaceAll("(?s).*/portal/applications/([0-9a-f-]{36}).*", "$1");
        assertThat(browser.get("/portal/applications/" + id).body())
                .contains("self-service accounts are sandbox-only until the operator approves them");

        // The same address again: answered exactly as a new one, so sign-up tells nobody who has an account.
        PortalSession stranger = new PortalSession(port);
        HttpResponse<String> again = stranger.post(
                "/portal/signup",
                Map.of("name", "Copy", "email", email, "password", "another password"),
                stranger.csrfFrom("/portal/signup"));
        assertThat(again.statusCode()).isEqualTo(created.statusCode());
        assertThat(again.headers().firstValue("Location"))
                .isEqualTo(created.headers().firstValue("Location"));
        assertThat(again.body()).isEqualTo(created.body());
        assertThat(new PortalSession(port)
                        .signIn(email, "another password")
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .as("nothing changed for the owner")
                .endsWith("/portal/login?error");
        // In the trail under the person who signed up (the refused copy wrote nothing).
        assertThat(AuditRows.actionsBy(jdbc, email)).containsExactly("merchant.signed_up");
    }

    @Test
    void signUpRefusesBadInputWithClearMessages() {
        PortalSession browser = new PortalSession(port);
        HttpResponse<String> response = browser.post(
                "/portal/signup",
                Map.of("name", "", "email", "nope", "password", "short"),
                browser.csrfFrom("/portal/signup"));
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body())
                .contains(
                        "Business name is required",
                        "Email must be a valid email address",
                        "Password must be 10 to 128 characters");
    }

    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    @org.springframework.beans.factory.annotation.Autowired
    sn.xaalis.support.MutableClock clock;

    @Test
    void twoFactorSignInWithAnAuthenticatorApp() {
        String email = "totp" + System.nanoTime() + "@example.com";
        api.onboardAs(email, "WALLET_SN");
        PortalSession browser = new PortalSession(port);
        browser.signIn(email, Api.PASSWORD);

        String setup = browser.post("/portal/account/totp/setup", Map.of(), browser.csrfFrom("/portal/account"))
                .body();
        String key = setup.replaceAll("(?s).*<code id=\"totp-secret\">([A-Z2-7]+)</code>.*", "$1");
        byte[] secret = sn.xaalis.merchant.Totp.fromBase32(key);
        assertThat(setup).contains("data:image/png;base64,");

        HttpResponse<String> wrong = browser.post("/portal/account/totp/enable", Map.of("code", "000000"), csrf(setup));
        assertThat(wrong.statusCode()).isEqualTo(400);
        String code = sn.xaalis.merchant.Totp.code(secret, sn.xaalis.merchant.Totp.step(clock.instant()));
        HttpResponse<String> on = browser.post("/portal/account/totp/enable", Map.of("code", code), csrf(wrong.body()));
        assertThat(on.body()).contains("Two-factor sign-in is on.");

        assertThat(location(new PortalSession(port).signIn(email, Api.PASSWORD)))
                .endsWith("/portal/login?error");
        assertThat(location(new PortalSession(port).signIn(email, Api.PASSWORD, code)))
                .as("a code works once")
                .endsWith("/portal/login?error");
        clock.advance(java.time.Duration.ofSeconds(30));
        String next = sn.xaalis.merchant.Totp.code(secret, sn.xaalis.merchant.Totp.step(clock.instant()));
        PortalSession second = new PortalSession(port);
        assertThat(location(second.signIn(email, Api.PASSWORD, next))).endsWith("/portal/dashboard");

        HttpResponse<String> off = second.post(
                "/portal/account/totp/disable", Map.of("password", Api.PASSWORD), second.csrfFrom("/portal/account"));
        assertThat(off.body()).contains("Two-factor sign-in is off.");
        assertThat(location(new PortalSession(port).signIn(email, Api.PASSWORD)))
                .endsWith("/portal/dashboard");
        assertThat(AuditRows.changes(jdbc, "merchant.two_factor.changed", email))
                .containsExactly(
                        "{\"two_factor\":false} {\"two_factor\":true}", "{\"two_factor\":true} {\"two_factor\":false}");
    }

    private static String location(HttpResponse<String> response) {
        return response.headers().firstValue("Location").orElse("");
    }

    private static String csrf(String page) {
        var matcher = java.util.regex.Pattern.compile("name=\"_csrf\"\\s+value=\"([^\"]+)\"")
                .matcher(page);
        assertThat(matcher.find()).isTrue();
        return matcher.group(1);
    }

    @Test
    void changingThePasswordNeedsTheCurrentOne() {
        String email = "pw" + System.nanoTime() + "@example.com";
        api.onboardAs(email, "WALLET_SN");
        PortalSession browser = new PortalSession(port);
        browser.signIn(email, Api.PASSWORD);

        HttpResponse<String> wrong = browser.post(
                "/portal/account/password",
                Map.of(
                        "current_password",
                        "nope",
                        "new_password",
                        "another long one",
                        "confirm_password",
                        "another long one"),
                browser.csrfFrom("/portal/account"));
        assertThat(wrong.statusCode()).isEqualTo(400);
        assertThat(wrong.body()).contains("Current password is not correct");

        HttpResponse<String> mismatch = browser.post(
                "/portal/account/password",
                Map.of(
                        "current_password",
                        Api.PASSWORD,
                        "new_password",
                        "another long one",
                        "confirm_password",
                        "different"),
                browser.csrfFrom("/portal/account"));
        assertThat(mismatch.body()).contains("Confirmation does not match the new password");

        HttpResponse<String> changed = browser.post(
                "/portal/account/password",
                Map.of(
                        "current_password",
                        Api.PASSWORD,
                        "new_password",
                        "another long one",
                        "confirm_password",
                        "another long one"),
                browser.csrfFrom("/portal/account"));
        assertThat(changed.statusCode()).isEqualTo(200);
        assertThat(changed.body()).contains("Password changed.");

        assertThat(new PortalSession(port)
                        .signIn(email, Api.PASSWORD)
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .endsWith("/portal/login?error");
        assertThat(new PortalSession(port)
                        .signIn(email, "another long one")
                        .headers()
                        .firstValue("Location")
                        .orElseThrow())
                .endsWith("/portal/dashboard");
        // The refused attempts changed nothing, so wrote nothing.
        assertThat(AuditRows.actionsBy(jdbc, email)).containsExactly("merchant.password.changed");
    }

    @Test
    void aNewPasswordOrASecondFactorSignsOutEveryOtherSession() {
        String email = "others" + System.nanoTime() + "@example.com";
        api.onboardAs(email, "WALLET_SN");
        PortalSession here = new PortalSession(port);
        PortalSession phone = new PortalSession(port);
        here.signIn(email, Api.PASSWORD);
        phone.signIn(email, Api.PASSWORD);
        assertThat(phone.get("/portal/account").statusCode()).isEqualTo(200);

        HttpResponse<String> changed = here.post(
                "/portal/account/password",
                Map.of(
                        "current_password",
                        Api.PASSWORD,
                        "new_password",
                        "a brand new password",
                        "confirm_password",
                        "a brand new password"),
                here.csrfFrom("/portal/account"));
        assertThat(changed.body()).contains("Your other sessions are signed out.");
        assertThat(here.get("/portal/account").statusCode())
                .as("this session stays")
                .isEqualTo(200);
        assertThat(phone.get("/portal/account").headers().firstValue("Location").orElse(""))
                .as("the other one must sign in again")
                .endsWith("/portal/login");

        PortalSession tablet = new PortalSession(port);
        tablet.signIn(email, "a brand new password");
        String setup = here.post("/portal/account/totp/setup", Map.of(), here.csrfFrom("/portal/account"))
                .body();
        byte[] secret = sn.xaalis.merchant.Totp.fromBase32(
                setup.replaceAll("(?s).*<code id=\"totp-secret\">([A-Z2-7]+)</code>.*", "$1"));
        String code = sn.xaalis.merchant.Totp.code(secret, sn.xaalis.merchant.Totp.step(clock.instant()));
        assertThat(here.post("/portal/account/totp/enable", Map.of("code", code), csrf(setup))
                        .body())
                .contains("Your other sessions are signed out.");
        assertThat(here.get("/portal/account").statusCode()).isEqualTo(200);
        assertThat(tablet.get("/portal/account")
                        .headers()
                        .firstValue("Location")
                        .orElse(""))
                .endsWith("/portal/login");
    }
}
