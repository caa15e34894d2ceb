package sn.xaalis.portal;

import static sn.xaalis.merchant.MerchantRole.CASHIER;
import static sn.xaalis.merchant.MerchantRole.DEVELOPER;
import static sn.xaalis.merchant.MerchantRole.VIEWER;

import jakarta.servlet.http.HttpServletRequest;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.http.server.PathContainer;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.access.intercept.RequestAuthorizationContext;
import org.springframework.stereotype.Component;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import sn.xaalis.merchant.MerchantRole;

/**
 * Who may open what in the portal (D30): the one table of rules, checked on the server for every
 * request behind the sign-in ({@link PortalSecurity}) and read by the menu to show only what may be
 * opened. An owner opens everything; any other role only what a rule below names, so a new page
 * without a rule is an owner's until someone decides otherwise. The same table is in
 * {@code docs/operations.md} ("Merchant teams and roles") and is tested route by route ({@code
 * TeamRolesIT}).
 */
@Component("portalAccess")
public class PortalAccess implements AuthorizationManager<RequestAuthorizationContext> {

    private static final Set<MerchantRole> EVERYONE = EnumSet.of(DEVELOPER, CASHIER, VIEWER);
    private static final Set<MerchantRole> READERS = EnumSet.of(DEVELOPER, VIEWER);
    private static final Set<MerchantRole> DEVELOPERS = EnumSet.of(DEVELOPER);
    private static final Set<MerchantRole> CASHIERS = EnumSet.of(CASHIER);

    /** A rule: requests of {@code method} to a path {@code pattern} matches, open to {@code roles}. */
    record Rule(String method, PathPattern pattern, Set<MerchantRole> roles) {
        static Rule of(String method, String pattern, Set<MerchantRole> roles) {
            return new Rule(method, PathPatternParser.defaultInstance.parse(pattern), roles);
        }
    }

    static final List<Rule> RULES = List.of(
            // One's own: the landing page, the account's password and second factor, signing out.
            Rule.of("GET", "/portal", EVERYONE),
            Rule.of("GET", "/portal/", EVERYONE),
            Rule.of("GET", "/portal/assets/**", EVERYONE),
            Rule.of("GET", "/portal/account", EVERYONE),
            Rule.of("POST", "/portal/account/password", EVERYONE),
            Rule.of("POST", "/portal/account/totp/*", EVERYONE),
            Rule.of("POST", "/portal/logout", EVERYONE),
            // The portal's dates are the account's time zone: a developer may set it too.
            Rule.of("POST", "/portal/account/time-zone", DEVELOPERS),
            // Reading: figures, payments, applications, payment links.
            Rule.of("GET", "/portal/dashboard", READERS),
            Rule.of("GET", "/portal/transactions", READERS),
            Rule.of("GET", "/portal/transactions.csv", READERS),
            Rule.of("GET", "/portal/transactions/*", READERS),
            Rule.of("GET", "/portal/applications", READERS),
            Rule.of("GET", "/portal/applications/*", READERS),
            Rule.of("GET", "/portal/applications/*/webhooks/last-test", READERS),
            Rule.of("GET", "/portal/applications/*/payment-methods", READERS),
            // The menu's short way to it (ApplicationShortcuts); the short way to payouts is the owners'.
            Rule.of("GET", "/portal/payment-methods", READERS),
            Rule.of("GET", "/portal/links", READERS),
            Rule.of("GET", "/portal/links/*/qr.png", READERS),
            // A developer's work: applications, settings, webhooks, keys, connections, sandbox tests.
            Rule.of("POST", "/portal/transactions/*/notifications/*/resend", DEVELOPERS),
            Rule.of("POST", "/portal/transactions/*/sandbox/*", DEVELOPERS),
            Rule.of("POST", "/portal/applications", DEVELOPERS),
            Rule.of("POST", "/portal/applications/*/settings", DEVELOPERS),
            Rule.of("POST", "/portal/applications/*/providers", DEVELOPERS),
            Rule.of("POST", "/portal/applications/*/webhooks/test", DEVELOPERS),
            Rule.of("POST", "/portal/applications/*/keys", DEVELOPERS),
            Rule.of("GET", "/portal/applications/*/keys/*/revoke", DEVELOPERS),
            Rule.of("POST", "/portal/applications/*/keys/*/revoke", DEVELOPERS),
            Rule.of("POST", "/portal/applications/*/payment-methods/**", DEVELOPERS),
            // The cashier screen: taking payments, their outcome and receipts, the day's payments.
            Rule.of("GET", "/portal/counter", CASHIERS),
            Rule.of("POST", "/portal/counter", CASHIERS),
            Rule.of("GET", "/portal/counter/**", CASHIERS),
            Rule.of("POST", "/portal/counter/**", CASHIERS));
    // Everything else is the owners' alone: going live, refunds and cancellations, creating and
    // deactivating payment links, payouts, the team, the account's verification.

    /** Whether {@code role} may send {@code method} to {@code path} (a path within the application). */
    static boolean allows(MerchantRole role, String method, String path) {
        if (role == MerchantRole.OWNER) {
            return true;
        }
        String verb = method.equals("HEAD") ? "GET" : method.toUpperCase(Locale.ROOT);
        PathContainer container = PathContainer.parsePath(path);
        return RULES.stream()
                .anyMatch(rule -> rule.method().equals(verb)
                        && rule.roles().contains(role)
                        && rule.pattern().matches(container));
    }

    /** For the menu: whether the signed-in person may open the page at {@code path}. */
    public boolean opens(@Nullable PortalUser user, String path) {
        return user != null && allows(user.role(), "GET", path);
    }

    /** For a page's forms: whether the signed-in person may send the form posted to {@code path}. */
    public boolean sends(@Nullable PortalUser user, String path) {
        return user != null && allows(user.role(), "POST", path);
    }

    /** The portal's check: a merchant's session (not an operator's), whose role allows the request. */
    @Override
    public AuthorizationResult authorize(
            Supplier<? extends @Nullable Authentication> authentication, RequestAuthorizationContext context) {
        Authentication who = authentication.get();
        if (who == null
                || !who.isAuthenticated()
                || !(who.getPrincipal() instanceof PortalUser user)
                || who.getAuthorities().stream().noneMatch(a -> "ROLE_MERCHANT".equals(a.getAuthority()))) {
            return new AuthorizationDecision(false);
        }
        HttpServletRequest request = context.getRequest();
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return new AuthorizationDecision(allows(user.role(), request.getMethod(), path));
    }
}
