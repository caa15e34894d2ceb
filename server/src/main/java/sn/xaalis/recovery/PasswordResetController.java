package sn.xaalis.recovery;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.mail.Mailbox;
import sn.xaalis.merchant.MerchantRefusal;
import sn.xaalis.pages.PageController;
import sn.xaalis.platform.ClientAddresses;
import sn.xaalis.ratelimit.PublicBudgets;
import sn.xaalis.ratelimit.PublicLimits;
import sn.xaalis.ratelimit.RateLimiter;

/**
 * The pages of a forgotten password, open without signing in (CSRF-protected like the sign-in): ask for
 * a link, then choose a new password with it. The answer to the asking is the same whether the address
 * has an account or not.
 */
@PageController
class PasswordResetController {

    private static final Logger log = LoggerFactory.getLogger(PasswordResetController.class);
    private static final String PAGE = "recovery/reset";

    private final PasswordResets resets;
    private final ResetQueue queue;
    private final Mailbox mailbox;
    private final PublicBudgets.Budget perAddress;
    private final PublicBudgets.Budget perEmail;

    PasswordResetController(
            PasswordResets resets, ResetQueue queue, Mailbox mailbox, PublicBudgets budgets, PublicLimits limits) {
        this.resets = resets;
        this.mailbox = mailbox;
        this.queue = queue;
        this.perAddress = budgets.budget("password-reset-per-address", limits.passwordResetPerAddress());
        this.perEmail = budgets.budget("password-reset-per-email", limits.passwordResetPerEmail());
    }

    @GetMapping("/portal/password-reset")
    ModelAndView ask() {
        return new ModelAndView(PAGE).addObject("step", "ask");
    }

    @PostMapping("/portal/password-reset")
    ModelAndView asked(
            @RequestParam(defaultValue = "") String email, HttpServletRequest request, HttpServletResponse response) {
        if (email.isBlank() || email.length() > 320 || !email.contains("@")) {
            return new ModelAndView(PAGE, HttpStatus.BAD_REQUEST)
                    .addObject("step", "ask")
                    .addObject("errors", Map.of("email", List.of("recovery.error.email")));
        }
        String from = request.getRemoteAddr();
        // Both budgets are spent whether the address has an account or not: a refusal tells nothing.
        RateLimiter.Decision allowed = perAddress.spend(ClientAddresses.key(from));
        if (allowed.allowed()) {
            allowed = perEmail.spend(email.strip().toLowerCase(Locale.ROOT));
        }
        if (!allowed.allowed()) {
            return tooMany(response, allowed.retryAfterSeconds());
        }
        Locale locale = LocaleContextHolder.getLocale();
        // Answered without waiting for the work, whose length would tell whether the address has an
        // account (a lookup, then a link and an e-mail, or nothing). Lost with the node at worst: ask again.
        boolean queued = queue.offer(() -> {
            try {
                resets.request(email, from, locale);
            } catch (RuntimeException e) {
                log.warn("A password reset request failed: {}", e.getClass().getName());
            }
        });
        if (!queued) {
            return tooMany(response, 60);
        }
        // "Sent" only where e-mail can leave: without an SMTP server the link waits in the console's mailbox.
        return new ModelAndView(PAGE).addObject("step", "sent").addObject("mailLeaves", mailbox.mailLeaves());
    }

    private static ModelAndView tooMany(HttpServletResponse response, long retryAfterSeconds) {
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, retryAfterSeconds)));
        return new ModelAndView(PAGE, HttpStatus.TOO_MANY_REQUESTS).addObject("step", "toomany");
    }

    @GetMapping("/portal/password-reset/{token}")
    ModelAndView choose(@PathVariable String token, HttpServletResponse response) {
        noReferrer(response);
        var holder = resets.holder(token);
        if (holder.isEmpty()) {
            return new ModelAndView(PAGE, HttpStatus.GONE).addObject("step", "invalid");
        }
        return new ModelAndView(PAGE)
                .addObject("step", "choose")
                .addObject("token", token)
                .addObject("welcome", holder.get().welcome());
    }

    @PostMapping("/portal/password-reset/{token}")
    ModelAndView chosen(
            @PathVariable String token,
            @RequestParam(name = "new_password", defaultValue = "") String password,
            @RequestParam(name = "confirm_password", defaultValue = "") String confirm,
            HttpServletResponse response) {
        noReferrer(response);
        var holder = resets.holder(token);
        if (holder.isEmpty()) {
            return new ModelAndView(PAGE, HttpStatus.GONE).addObject("step", "invalid");
        }
        boolean welcome = holder.get().welcome();
        if (!password.equals(confirm)) {
            return choose(token, welcome, Map.of("confirm_password", List.of("recovery.error.confirm")));
        }
        try {
            if (!resets.reset(token, password)) {
                return new ModelAndView(PAGE, HttpStatus.GONE).addObject("step", "invalid");
            }
        } catch (MerchantRefusal.FieldsInvalid e) {
            return choose(token, welcome, Map.of("new_password", List.of("recovery.error.password")));
        }
        return new ModelAndView(welcome ? "redirect:/portal/login?welcome" : "redirect:/portal/login?reset");
    }

    private static ModelAndView choose(String token, boolean welcome, Map<String, List<String>> errors) {
        return new ModelAndView(PAGE, HttpStatus.BAD_REQUEST)
                .addObject("step", "choose")
                .addObject("token", token)
                .addObject("welcome", welcome)
                .addObject("errors", errors);
    }

    /** The link's page is nobody else's: not cached, and its address (the token) sent to no other site. */
    private static void noReferrer(HttpServletResponse response) {
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Referrer-Policy", "no-referrer");
    }
}
