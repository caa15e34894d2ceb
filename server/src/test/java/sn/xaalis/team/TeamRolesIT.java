package sn.xaalis.team;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import sn.xaalis.merchant.MerchantRole;
import sn.xaalis.support.Api;
import sn.xaalis.support.ApiIntegrationTest;
import sn.xaalis.support.IntegrationTest;
import sn.xaalis.support.PortalSession;

/**
 * D30, every role × every portal route: each signed in with a real session (HTTP, the session cookie and
 * the CSRF token of their own forms), each route answers 403 exactly where the role may not, and anything
 * else where it may. The matrix is written here, route by route, independently of the portal's rule
 * table; a route of the portal that this list does not name fails the test, so a new page is decided.
 */
@IntegrationTest
class TeamRolesIT extends ApiIntegrationTest {

    private static final Set<MerchantRole> OWNER = EnumSet.of(MerchantRole.OWNER);
    private static final Set<MerchantRole> ALL = EnumSet.allOf(MerchantRole.class);
    private static final Set<MerchantRole> NOBODY = EnumSet.noneOf(MerchantRole.class);
    private static final Set<MerchantRole> DEV = EnumSet.of(MerchantRole.OWNER, MerchantRole.DEVELOPER);
    private static final Set<MerchantRole> READ =
            EnumSet.of(MerchantRole.OWNER, MerchantRole.DEVELOPER, MerchantRole.VIEWER);
    private static final Set<MerchantRole> CASH = EnumSet.of(MerchantRole.OWNER, MerchantRole.CASHIER);

    /**
     * A route: its method and pattern as mapped, the path this test sends, who may use it. {@code
     * open} routes are the sign-in's own (no session needed); their forms are not sent here.
     */
    record Route(String method, String pattern, String path, Set<MerchantRole> roles, boolean open) {
        static Route of(String method, String pattern, String path, Set<MerchantRole> roles) {
            return new Route(method, pattern, path, roles, false);
        }

        static Route open(String method, String pattern, String path) {
            return new Route(method, pattern, path, ALL, true);
        }
    }

    @Autowired
    JdbcClient jdbc;

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    Api.Merchant merchant;
    String ownerEmail;
    String reference;

    @BeforeEach
    void setUp() {
        ownerEmail = "roles" + System.nanoTime() + "@example.com";
        merchant = api.onboardAs(ownerEmail, "WALLET_SN");
        reference = api.newPayment(merchant);
    }

    /** Every portal route, what this test sends to it, and who may. */
    List<Route> routes() {
        String app = "/portal/applications/" + merchant.applicationId();
        String nope = "/portal/applications/app_nope";
        String ref = "/portal/transactions/" + reference;
        String token = "A".repeat(43);
        String batch = "0190f5b2-7c1e-7a3b-9d4e-5f6a7b8c9d0e";
        return List.of(
                // The sign-in's pages, open to all (signing in and out are the security filters', not routes:
                // signing out is tested below for every role).
                Route.open("GET", "/portal/login", "/portal/login"),
                Route.open("GET", "/portal/signup", "/portal/signup"),
                Route.open("POST", "/portal/signup", "/portal/signup"),
                Route.open("GET", "/portal/password-reset", "/portal/password-reset"),
                Route.open("POST", "/portal/password-reset", "/portal/password-reset"),
                Route.open("GET", "/portal/password-reset/{token}", "/portal/password-reset/" + token),
                Route.open("POST", "/portal/password-reset/{token}", "/portal/password-reset/" + token),
                Route.open("GET", "/portal/team/join/{token}", "/portal/team/join/" + token),
                Route.open("POST", "/portal/team/join/{token}", "/portal/team/join/" + token),
                // One's own.
                Route.of("GET", "/portal", "/portal", ALL),
                Route.of("GET", "/portal/", "/portal/", ALL),
                Route.of("GET", "/portal/assets/portal.js", "/portal/assets/portal.js", ALL),
                Route.of("GET", "/portal/assets/counter.js", "/portal/assets/counter.js", ALL),
                // The refusal's page, which any refused request is forwarded to: 403 for everyone.
                Route.of("ANY", "/portal/forbidden", "/portal/forbidden", NOBODY),
                Route.of("GET", "/portal/account", "/portal/account", ALL),
                Route.of("POST", "/portal/account/password", "/portal/account/password", ALL),
                Route.of("POST", "/portal/account/totp/setup", "/portal/account/totp/setup", ALL),
                Route.of("POST", "/portal/account/totp/enable", "/portal/account/totp/enable", ALL),
                Route.of("POST", "/portal/account/totp/disable", "/portal/account/totp/disable", ALL),
                Route.of("POST", "/portal/account/time-zone", "/portal/account/time-zone", DEV),
                // Figures and payments: read by developers and viewers; refunds and cancellations are owners'.
                Route.of("GET", "/portal/dashboard", "/portal/dashboard", READ),
                Route.of("GET", "/portal/transactions", "/portal/transactions", READ),
                Route.of("GET", "/portal/transactions.csv", "/portal/transactions.csv", READ),
                Route.of("GET", "/portal/transactions/{reference}", ref, READ),
                Route.of("GET", "/portal/transactions/{reference}/{action:refund|cancel}", ref + "/cancel", OWNER),
                Route.of(
                        "POST",
                        "/portal/transactions/{reference}/{action:refund|cancel}",
                        "/portal/transactions/NOPE/refund",
                        OWNER),
                Route.of(
                        "POST",
                        "/portal/transactions/{reference}/notifications/{notificationId}/resend",
                        "/portal/transactions/NOPE/notifications/1/resend",
                        DEV),
                Route.of(
                        "POST",
                        "/portal/transactions/{reference}/sandbox/{action}",
                        "/portal/transactions/NOPE/sandbox/approve",
                        DEV),
                // Applications: developers; going live is the owners'.
                Route.of("GET", "/portal/applications", "/portal/applications", READ),
                Route.of("POST", "/portal/applications", "/portal/applications", DEV),
                Route.of("GET", "/portal/applications/{id}", app, READ),
                Route.of("POST", "/portal/applications/{id}/settings", nope + "/settings", DEV),
                Route.of("POST", "/portal/applications/{id}/providers", nope + "/providers", DEV),
                Route.of("POST", "/portal/applications/{id}/live", nope + "/live?enabled=false", OWNER),
                Route.of("POST", "/portal/applications/{id}/webhooks/test", nope + "/webhooks/test", DEV),
                Route.of("GET", "/portal/applications/{id}/webhooks/last-test", app + "/webhooks/last-test", READ),
                Route.of("POST", "/portal/applications/{id}/keys", nope + "/keys", DEV),
                Route.of(
                        "GET",
                        "/portal/applications/{id}/keys/{apiKey}/revoke",
                        app + "/keys/" + merchant.apiKey() + "/revoke",
                        DEV),
                Route.of("POST", "/portal/applications/{id}/keys/{apiKey}/revoke", nope + "/keys/pk_nope/revoke", DEV),
                Route.of("GET", "/portal/applications/{id}/payment-methods", app + "/payment-methods", READ),
                // The menu's short ways to an application's pages (issue 48 item 10), each as its page.
                Route.of("GET", "/portal/payment-methods", "/portal/payment-methods", READ),
                Route.of("GET", "/portal/payouts", "/portal/payouts", OWNER),
                Route.of(
                        "POST",
                        "/portal/applications/{id}/payment-methods/{provider}",
                        nope + "/payment-methods/WALLET_SN",
                        DEV),
                Route.of(
                        "POST",
                        "/portal/applications/{id}/payment-methods/{provider}/test",
                        nope + "/payment-methods/WALLET_SN/test",
                        DEV),
                Route.of(
                        "POST",
                        "/portal/applications/{id}/payment-methods/{provider}/remove",
                        nope + "/payment-methods/WALLET_SN/remove",
                        DEV),
                // Payouts: the owners' alone.
                Route.of("GET", "/portal/applications/{id}/payouts", app + "/payouts", OWNER),
                Route.of("GET", "/portal/applications/{id}/payouts/balances", app + "/payouts/balances", OWNER),
                Route.of("POST", "/portal/applications/{id}/payouts/settings", nope + "/payouts/settings", OWNER),
                Route.of("POST", "/portal/applications/{id}/payouts/review", nope + "/payouts/review", OWNER),
                Route.of("POST", "/portal/applications/{id}/payouts/send", nope + "/payouts/send", OWNER),
                Route.of(
                        "POST",
                        "/portal/applications/{id}/payouts/{reference}/resolve",
                        nope + "/payouts/NOPE/resolve",
                        OWNER),
                Route.of("POST", "/portal/applications/{id}/payouts/files", nope + "/payouts/files", OWNER),
                Route.of(
                        "GET",
                        "/portal/applications/{id}/payouts/files/{batch}",
                        app + "/payouts/files/" + batch,
                        OWNER),
                Route.of(
                        "GET",
                        "/portal/applications/{id}/payouts/files/{batch}/progress",
                        app + "/payouts/files/" + batch + "/progress",
                        OWNER),
                Route.of(
                        "POST",
                        "/portal/applications/{id}/payouts/files/{batch}/confirm",
                        nope + "/payouts/files/" + batch + "/confirm",
                        OWNER),
                Route.of(
                        "POST",
                        "/portal/applications/{id}/payouts/files/{batch}/discard",
                        nope + "/payouts/files/" + batch + "/discard",
                        OWNER),
                Route.of(
                        "GET",
                        "/portal/applications/{id}/payouts/files/{batch}/result.csv",
                        app + "/payouts/files/" + batch + "/result.csv",
                        OWNER),
                // Settlements (where the balance goes) and statements: the owners' money.
                Route.of("GET", "/portal/applications/{id}/settlements", app + "/settlements", OWNER),
                Route.of(
                        "POST",
                        "/portal/applications/{id}/settlements/destination",
                        nope + "/settlements/destination",
                        OWNER),
                Route.of(
                        "POST",
                        "/portal/applications/{id}/settlements/schedule",
                        nope + "/settlements/schedule",
                        OWNER),
                Route.of(
                        "POST",
                        "/portal/applications/{id}/settlements/withdraw",
                        nope + "/settlements/withdraw",
                        OWNER),
                Route.of("GET", "/portal/applications/{id}/statement", app + "/statement", OWNER),
                Route.of("GET", "/portal/applications/{id}/statement/print", app + "/statement/print", OWNER),
                Route.of("GET", "/portal/applications/{id}/statement.csv", app + "/statement.csv", OWNER),
                // Payment links: read by developers and viewers; made and closed by owners.
                Route.of("GET", "/portal/links", "/portal/links", READ),
                Route.of("POST", "/portal/links", "/portal/links", OWNER),
                Route.of("GET", "/portal/links/{code}/qr.png", "/portal/links/nope000000/qr.png", READ),
                Route.of("GET", "/portal/links/{code}/deactivate", "/portal/links/nope000000/deactivate", OWNER),
                Route.of("POST", "/portal/links/{code}/deactivate", "/portal/links/nope000000/deactivate", OWNER),
                // The counter: cashiers.
                Route.of("GET", "/portal/counter", "/portal/counter", CASH),
                Route.of("POST", "/portal/counter", "/portal/counter", CASH),
                Route.of("GET", "/portal/counter/{reference}", "/portal/counter/" + reference, CASH),
                Route.of("POST", "/portal/counter/{reference}/code", "/portal/counter/NOPE/code", CASH),
                Route.of("GET", "/portal/counter/{reference}/status", "/portal/counter/" + reference + "/status", CASH),
                Route.of(
                        "GET",
                        "/portal/counter/{reference}/receipt",
                        "/portal/counter/" + reference + "/receipt",
                        CASH),
                Route.of(
                        "POST",
                        "/portal/counter/{reference}/sandbox/{action}",
                        "/portal/counter/NOPE/sandbox/paid",
                        CASH),
                // The business's verification and its address: the account holder's (owners).
                Route.of("GET", "/portal/verification", "/portal/verification", OWNER),
                Route.of("POST", "/portal/verification/details", "/portal/verification/details", OWNER),
                Route.of("POST", "/portal/verification/documents", "/portal/verification/documents", OWNER),
                Route.of(
                        "POST",
                        "/portal/verification/documents/{id}/remove",
                        "/portal/verification/documents/" + batch + "/remove",
                        OWNER),
                Route.of("POST", "/portal/verification/submit", "/portal/verification/submit", OWNER),
                Route.of("POST", "/portal/account/email-confirmation", "/portal/account/email-confirmation", OWNER),
                // The team: owners.
                Route.of("GET", "/portal/team", "/portal/team", OWNER),
                Route.of("POST", "/portal/team/invite", "/portal/team/invite", OWNER),
                Route.of("POST", "/portal/team/{member}/role", "/portal/team/" + batch + "/role", OWNER),
                Route.of("POST", "/portal/team/{member}/remove", "/portal/team/" + batch + "/remove", OWNER));
    }

    @Test
    void everyPortalRouteIsInTheMatrix() {
        Set<String> mapped = new TreeSet<>();
        for (RequestMappingInfo info : mappings.getHandlerMethods().keySet()) {
            var methods = info.getMethodsCondition().getMethods();
            for (String pattern : info.getPatternValues()) {
                if (!pattern.startsWith("/portal")) {
                    continue;
                }
                if (methods.isEmpty()) {
                    mapped.add("ANY " + pattern);
                }
                methods.forEach(method -> mapped.add(method.name() + " " + pattern));
            }
        }
        Set<String> listed = new TreeSet<>();
        routes().forEach(route -> listed.add(route.method() + " " + route.pattern()));
        assertThat(listed)
                .as("every portal route has a line in TeamRolesIT.routes() saying which roles may use it")
                .containsAll(mapped);
        assertThat(mapped).as("every line of TeamRolesIT.routes() is a route").containsAll(listed);
    }

    @Test
    void eachRoleOpensExactlyWhatTheMatrixSays() {
        PortalSession owner = new PortalSession(port);
        owner.signIn(ownerEmail, Api.PASSWORD);
        Map<MerchantRole, PortalSession> people = new LinkedHashMap<>();
        people.put(MerchantRole.OWNER, owner);
        for (MerchantRole role : List.of(MerchantRole.DEVELOPER, MerchantRole.CASHIER, MerchantRole.VIEWER)) {
            String email = role.code() + System.nanoTime() + "@example.com";
            people.put(role, TeamMembersForTests.member(owner, jdbc, port, email, role.code()));
        }
        List<String> wrong = new ArrayList<>();
        for (var person : people.entrySet()) {
            MerchantRole role = person.getKey();
            PortalSession session = person.getValue();
            String csrf = session.csrfFrom("/portal/account");
            for (Route route : routes()) {
                if (route.open() && route.method().equals("POST")) {
                    continue; // the sign-in's own forms: their tests are the sign-in's
                }
                HttpResponse<String> answer = !route.method().equals("POST")
                        ? session.get(route.path())
                        : session.post(route.path(), form(route), csrf);
                int status = answer.statusCode();
                String location = answer.headers().firstValue("Location").orElse("");
                boolean allowed = route.roles().contains(role);
                if (location.endsWith("/portal/login")) {
                    wrong.add(role + " " + route.method() + " " + route.path() + ": signed out (" + status + ")");
                } else if (allowed && status == 403) {
                    wrong.add(role + " " + route.method() + " " + route.path() + ": 403, but the role may");
                } else if (!allowed && status != 403) {
                    wrong.add(role + " " + route.method() + " " + route.path() + ": " + status + ", not 403");
                }
            }
        }
        assertThat(wrong).isEmpty();
        // A refusal is a page in the portal's style, in the person's language, with the menu of their role.
        HttpResponse<String> refused = people.get(MerchantRole.CASHIER).get("/portal/dashboard");
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.body()).contains("Your role (Cashier)", "href=\"/portal/counter\"");
        assertThat(refused.body()).doesNotContain("href=\"/portal/dashboard\"", "href=\"/portal/team\"");
        // Signing out is everyone's.
        for (PortalSession session : people.values()) {
            HttpResponse<String> out = session.post("/portal/logout", Map.of(), session.csrfFrom("/portal/account"));
            assertThat(out.headers().firstValue("Location").orElseThrow()).endsWith("/portal/login?signed-out");
            assertThat(session.get("/portal/account")
                            .headers()
                            .firstValue("Location")
                            .orElseThrow())
                    .endsWith("/portal/login");
        }
    }

    @Test
    void eachRoleLandsWhereItWorksAndSeesOnlyItsPagesInTheMenu() {
        PortalSession owner = new PortalSession(port);
        HttpResponse<String> ownerIn = owner.signIn(ownerEmail, Api.PASSWORD);
        assertThat(ownerIn.headers().firstValue("Location").orElseThrow()).endsWith("/portal/dashboard");
        assertThat(owner.get("/portal/account").body())
                .contains("href=\"/portal/team\"", "href=\"/portal/counter\"", "href=\"/portal/dashboard\"");

        String cashierEmail = "till" + System.nanoTime() + "@example.com";
        PortalSession cashier = TeamMembersForTests.member(owner, jdbc, port, cashierEmail, "cashier");
        PortalSession again = new PortalSession(port);
        HttpResponse<String> cashierIn = again.signIn(cashierEmail, Api.PASSWORD);
        assertThat(cashierIn.headers().firstValue("Location").orElseThrow()).endsWith("/portal/counter");
        String account = cashier.get("/portal/account").body();
        assertThat(account).contains("href=\"/portal/counter\"", "Your role: Cashier.");
        assertThat(account)
                .doesNotContain(
                        "href=\"/portal/dashboard\"",
                        "href=\"/portal/transactions\"",
                        "href=\"/portal/applications\"",
                        "href=\"/portal/team\"",
                        "/portal/account/time-zone");

        String viewerEmail = "viewer" + System.nanoTime() + "@example.com";
        PortalSession viewer = TeamMembersForTests.member(owner, jdbc, port, viewerEmail, "viewer");
        assertThat(viewer.get("/portal/account").body())
                .contains("href=\"/portal/dashboard\"", "href=\"/portal/transactions\"")
                .doesNotContain("href=\"/portal/counter\"", "href=\"/portal/team\"");
        assertThat(viewer.get("/portal/").headers().firstValue("Location").orElseThrow())
                .endsWith("/portal/dashboard");
    }

    /** What a form sends: enough not to be refused for a missing field before the role is looked at. */
    private Map<String, String> form(Route route) {
        if (route.pattern().equals("/portal/account/password")) {
            // The right password, unchanged: a wrong one would count toward the address's sign-in throttle.
            return Map.of(
                    "current_password", Api.PASSWORD, "new_password", Api.PASSWORD, "confirm_password", Api.PASSWORD);
        }
        if (route.pattern().equals("/portal/account/totp/disable")) {
            return Map.of("password", Api.PASSWORD);
        }
        return Map.of();
    }
}
