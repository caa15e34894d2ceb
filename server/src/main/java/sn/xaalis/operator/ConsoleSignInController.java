package sn.xaalis.operator;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
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
 * The console's pages before signing in: the sign-in, the first run (the installation's admin token
 * creates the first operator while none exists), and the set-up link where an invited operator chooses a
 * password and adds the account to an authenticator app.
 */
@PageController
class ConsoleSignInController {

    private static final String SETUP = "operator/setup";

    private final OperatorAccounts accounts;
    private final OperatorInvitations invitations;
    private final PublicBudgets.Budget firstRunTries;
    private static final String ADMIN_TOKEN = "XAALIS_ADMIN_TOKEN";

    private final byte[] adminToken;

    ConsoleSignInController(
            OperatorAccounts accounts,
            OperatorInvitations invitations,
            PublicBudgets budgets,
            PublicLimits limits,
            @Value("${xaalis.admin.token:}") String adminToken) {
        this.accounts = accounts;
        this.invitations = invitations;
        this.firstRunTries = budgets.budget("operator-first-run-per-address", limits.signInPerAddress());
        this.adminToken = adminToken.getBytes(StandardCharsets.UTF_8);
    }

    @GetMapping("/operator/login")
    String login() {
        return "operator/login";
    }

    @GetMapping("/operator/setup")
    ModelAndView firstRun() {
        return new ModelAndView(SETUP).addObject("step", firstRunOpen() ? "first" : "closed");
    }

    @PostMapping("/operator/setup")
    ModelAndView firstRun(
            @RequestParam(name = "admin_token", defaultValue = "") String token,
            @RequestParam(defaultValue = "") String name,
            @RequestParam(defaultValue = "") String email,
            HttpServletRequest request,
            HttpServletResponse response) {
        noStore(response);
        if (!firstRunOpen()) {
            return new ModelAndView(SETUP, HttpStatus.GONE).addObject("step", "closed");
        }
        boolean allowed = firstRunTries
                .spend(ClientAddresses.key(request.getRemoteAddr()))
                .allowed();
        if (!allowed || !MessageDigest.isEqual(token.strip().getBytes(StandardCharsets.UTF_8), adminToken)) {
            return firstRunRefused(name, email, Map.of("admin_token", List.of("operator.firstRun.badToken")));
        }
        // Nobody is signed in: the trail names the admin token, as for the admin API's requests.
        request.setAttribute(AuditActor.ATTRIBUTE, AuditActor.of("token", ADMIN_TOKEN));
        try {
            var invitation = invitations.invite(email, name, ADMIN_TOKEN, LocaleContextHolder.getLocale());
            return new ModelAndView(SETUP).addObject("step", "firstDone").addObject("invitation", invitation);
        } catch (OperatorRefusal refusal) {
            return firstRunRefused(name, email, refusal.errors());
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

    private boolean firstRunOpen() {
        return adminToken.length > 0 && !accounts.anyOperator();
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

    private static ModelAndView firstRunRefused(String name, String email, Map<String, List<String>> errors) {
        return new ModelAndView(SETUP, HttpStatus.BAD_REQUEST)
                .addObject("step", "first")
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
