package sn.xaalis.operator;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.pages.PageController;
import sn.xaalis.platform.ClientAddresses;
import sn.xaalis.qr.QrCodePng;
import sn.xaalis.ratelimit.PublicBudgets;
import sn.xaalis.ratelimit.PublicLimits;

/**
 * The console's pages before signing in: the sign-in, the first run (while no operator exists, the set-up
 * link the start banner printed, or the installation's admin token, creates the first one), and the set-up link where an invited operator chooses a
 * password and adds the account to an authenticator app.
 */
@PageController
class ConsoleSignInController {

    private static final String SETUP = "operator/setup";

    private final OperatorAccounts accounts;
    private final OperatorInvitations invitations;
    private final FirstOperatorLinks firstLinks;
    private final PublicBudgets.Budget firstRunTries;

    private final byte[] adminToken;

    ConsoleSignInController(
            OperatorAccounts accounts,
            OperatorInvitations invitations,
            FirstOperatorLinks firstLinks,
            PublicBudgets budgets,
            PublicLimits limits,
            @Value("${xaalis.admin.token:}") String adminToken) {
        this.accounts = accounts;
        this.invitations = invitations;
        this.firstLinks = firstLinks;
        this.firstRunTries = budgets.budget("operator-first-run-per-address", limits.signInPerAddress());
        this.adminToken = adminToken.getBytes(StandardCharsets.UTF_8);
    }

    @GetMapping("/operator/login")
    String login() {
        return "operator/login";
    }

    /**
     * The first run: with the set-up link the start banner printed ({@code ?link=}), or with the admin
     * token where one is configured; otherwise the page says why it is closed, in words.
     */
    @GetMapping("/operator/setup")
    ModelAndView firstRun(@RequestParam(required = false) @Nullable String link, HttpServletResponse response) {
        noStore(response);
        String refused = refusal(link);
        if (refused != null) {
            return new ModelAndView(SETUP, link == null ? HttpStatus.OK : HttpStatus.GONE)
                    .addObject("step", "closed")
                    .addObject("why", refused);
        }
        return new ModelAndView(SETUP).addObject("step", "first").addObject("link", link);
    }

    @PostMapping("/operator/setup")
    ModelAndView firstRun(
            @RequestParam(required = false) @Nullable String link,
            @RequestParam(name = "admin_token", defaultValue = "") String token,
            @RequestParam(defaultValue = "") String name,
            @RequestParam(defaultValue = "") String email,
            HttpServletRequest request,
            HttpServletResponse response) {
        noStore(response);
        String refused = refusal(link);
        if (refused != null) {
            return new ModelAndView(SETUP, HttpStatus.GONE)
                    .addObject("step", "closed")
                    .addObject("why", refused);
        }
        boolean allowed = firstRunTries
                .spend(ClientAddresses.key(request.getRemoteAddr()))
                .allowed();
        if (link == null
                && (!allowed || !MessageDigest.isEqual(token.strip().getBytes(StandardCharsets.UTF_8), adminToken))) {
            return firstRunRefused(null, name, email, Map.of("admin_token", List.of("operator.firstRun.badToken")));
        }
        // Nobody is signed in, and nobody invited the first operator: the trail names the installation.
        request.setAttribute(AuditActor.ATTRIBUTE, AuditActor.of("installation", OperatorAccounts.INSTALLATION));
        try {
            Locale locale = LocaleContextHolder.getLocale();
            var invitation = link != null
                    ? firstLinks.firstOperator(link, email, name, locale)
                    : invitations.invite(email, name, OperatorAccounts.INSTALLATION, locale);
            return new ModelAndView(SETUP).addObject("step", "firstDone").addObject("invitation", invitation);
        } catch (OperatorRefusal refusal) {
            if (refusal.errors().containsKey("link")) {
                return new ModelAndView(SETUP, HttpStatus.GONE)
                        .addObject("step", "closed")
                        .addObject("why", "operator.firstRun.used");
            }
            return firstRunRefused(link, name, email, refusal.errors());
        }
    }

    @GetMapping("/operator/setup/{token}")
    ModelAndView setUp(@PathVariable String token, HttpServletResponse response) {
        noStore(response);
        return accounts.pending(token)
                .map(pending -> choose(token, pending, Map.of(), HttpStatus.OK))
                .orElseGet(() -> new ModelAndView(SETUP, HttpStatus.GONE).addObject("step", "invalid"));
    }

    @PostMapping("/operator/setup/{token}")
    ModelAndView setUp(
            @PathVariable String token,
            @RequestParam(defaultValue = "") String password,
            @RequestParam(defaultValue = "") String confirm,
            @RequestParam(defaultValue = "") String code,
            HttpServletResponse response) {
        noStore(response);
        var pending = accounts.pending(token);
        if (pending.isEmpty()) {
            return new ModelAndView(SETUP, HttpStatus.GONE).addObject("step", "invalid");
        }
        try {
            accounts.setUp(token, password, confirm, code);
        } catch (OperatorRefusal refusal) {
            if (refusal.errors().containsKey("token")) {
                return new ModelAndView(SETUP, HttpStatus.GONE).addObject("step", "invalid");
            }
            return choose(token, pending.get(), refusal.errors(), HttpStatus.BAD_REQUEST);
        }
        return new ModelAndView("redirect:/operator/login?ready");
    }

    /**
     * Why the first run is closed, as a message key; null when it is open. A link is judged first, so that
     * a spent or expired one says so even after the first operator exists.
     */
    private @Nullable String refusal(@Nullable String link) {
        if (link != null) {
            return switch (firstLinks.state(link)) {
                case VALID -> accounts.anyOperator() ? "operator.firstRun.closed" : null;
                case USED -> "operator.firstRun.used";
                case EXPIRED -> "operator.firstRun.expired";
                case UNKNOWN -> "operator.firstRun.unknown";
            };
        }
        if (accounts.anyOperator()) {
            return "operator.firstRun.closed";
        }
        return adminToken.length > 0 ? null : "operator.firstRun.missing";
    }

    private static ModelAndView choose(
            String token, OperatorAccounts.Pending pending, Map<String, List<String>> errors, HttpStatus status) {
        String uri = "otpauth://totp/Xaalis%20operator:" + pending.email() + "?secret=" + pending.totpSecret()
                + "&issuer=Xaalis%20operator";
        return new ModelAndView(SETUP, status)
                .addObject("step", "choose")
                .addObject("token", token)
                .addObject("pending", pending)
                .addObject("qr", "data:image/png;base64," + QrCodePng.base64(uri))
                .addObject("errors", errors);
    }

    private static ModelAndView firstRunRefused(
            @Nullable String link, String name, String email, Map<String, List<String>> errors) {
        return new ModelAndView(SETUP, HttpStatus.BAD_REQUEST)
                .addObject("step", "first")
                .addObject("link", link)
                .addObject("name", name)
                .addObject("email", email)
                .addObject("errors", errors);
    }

    /** The set-up pages are nobody else's: not cached, and their address (the token) sent to no other site. */
    private static void noStore(HttpServletResponse response) {
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Referrer-Policy", "no-referrer");
    }
}
