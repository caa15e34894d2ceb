package sn.xaalis.payout.portal;

import jakarta.servlet.http.HttpServletRequest;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.codepayment.CustomerPhone;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.pages.PageController;
import sn.xaalis.payout.PayoutCreation;
import sn.xaalis.payout.PayoutFile;
import sn.xaalis.payout.PayoutProperties;
import sn.xaalis.payout.PayoutRefusal;
import sn.xaalis.payout.PayoutRequest;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.portal.PortalUser;
import sn.xaalis.portal.Reauthentication;
import sn.xaalis.provider.Provider;

/**
 * One payout from the portal, in two steps: the form is checked and shown back (the number, the name,
 * the amount and its expected fee) for the merchant to confirm; the confirmation carries a key made at
 * the first step, so a second tap or a reload sends nothing twice, and the person's password (or their
 * authenticator's code), so a session alone pays nobody.
 */
@PageController
class PayoutSendController {

    private final PayoutPortal portal;
    private final PayoutPageController pages;
    private final PayoutCreation creation;
    private final PayoutProperties properties;
    private final Reauthentication reauthentication;

    PayoutSendController(
            PayoutPortal portal,
            PayoutPageController pages,
            PayoutCreation creation,
            PayoutProperties properties,
            Reauthentication reauthentication) {
        this.reauthentication = reauthentication;
        this.portal = portal;
        this.pages = pages;
        this.creation = creation;
        this.properties = properties;
    }

    @PostMapping("/portal/applications/{id}/payouts/review")
    ModelAndView review(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "sandbox") String env,
            @RequestParam Map<String, String> form) {
        PayoutPortal.Context context = portal.context(user, id, env);
        Provider provider = provider(context, form);
        PayoutFile.Line line = line(form);
        BigDecimal amount = line.amount();
        if (provider == null || line.problem() != null || amount == null) {
            String field = provider == null ? "provider" : problemField(line.problem());
            ModelAndView view = pages.page(context)
                    .addObject("errors", Map.of(field, List.of("payouts.problem." + field)))
                    .addObject("form", form)
                    .addObject("acted", "send");
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
        return confirmation(context, provider, line, amount, RandomTokens.base62(32));
    }

    /** The payout shown back for confirmation, under its key. */
    private ModelAndView confirmation(
            PayoutPortal.Context context, Provider provider, PayoutFile.Line line, BigDecimal amount, String key) {
        return portal.page(context, "payouts/confirm")
                .addObject("provider", provider)
                .addObject("line", line)
                .addObject(
                        "display",
                        CustomerPhone.parse(line.phone())
                                .map(CustomerPhone::display)
                                .orElse(line.phone()))
                .addObject("fee", properties.estimatedFee(provider, amount))
                .addObject("key", key);
    }

    @PostMapping("/portal/applications/{id}/payouts/send")
    ModelAndView send(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "sandbox") String env,
            @RequestParam Map<String, String> form,
            HttpServletRequest request) {
        PayoutPortal.Context context = portal.context(user, id, env);
        String key = text(form, "key");
        if (!key.matches("[A-Za-z0-9]{32}")) {
            return PayoutPageController.redirect(context, "expired");
        }
        if (!reauthentication.confirms(user, form.get("password"), form.get("code"), request)) {
            return unconfirmed(context, user, form, key);
        }
        PayoutRequest payout = new PayoutRequest(
                text(form, "provider"),
                text(form, "amount"),
                true,
                text(form, "recipient_phone"),
                text(form, "recipient_name"),
                text(form, "reason"),
                null,
                Map.of());
        try {
            PayoutCreation.Outcome outcome = creation.createInPortal(
                    context.caller(),
                    payout,
                    "portal:" + key,
                    fingerprint(form),
                    request.getRemoteAddr(),
                    user.email());
            return new ModelAndView("redirect:" + context.path("") + "&done=sent&payout="
                    + outcome.payout().reference().value());
        } catch (PayoutRefusal refusal) {
            ModelAndView view = pages.page(context)
                    .addObject("refusal", refusal.getClass().getSimpleName())
                    .addObject("refusalDetail", refusal.getMessage());
            view.setStatus(HttpStatus.CONFLICT);
            return view;
        }
    }

    /** The same confirmation again, under the same key, saying the password (or code) was not right. */
    private ModelAndView unconfirmed(
            PayoutPortal.Context context, PortalUser user, Map<String, String> form, String key) {
        Provider provider = provider(context, form);
        PayoutFile.Line line = line(form);
        BigDecimal amount = line.amount();
        if (provider == null || line.problem() != null || amount == null) {
            return PayoutPageController.redirect(context, "expired");
        }
        ModelAndView view = confirmation(context, provider, line, amount, key)
                .addObject(
                        "errors",
                        Map.of(
                                reauthentication.asksForCode(user) ? "code" : "password",
                                List.of("payouts.error.identity")));
        view.setStatus(HttpStatus.BAD_REQUEST);
        return view;
    }

    /** The provider the form names, when the application may pay out through it; null otherwise. */
    private static @Nullable Provider provider(PayoutPortal.Context context, Map<String, String> form) {
        return Provider.fromName(form.get("provider"))
                .filter(p -> PayoutPortal.active(context, p))
                .orElse(null);
    }

    /** The form's one payout, checked as a file's line is. */
    private PayoutFile.Line line(Map<String, String> form) {
        return PayoutFile.single(
                text(form, "recipient_phone"),
                text(form, "amount"),
                text(form, "recipient_name"),
                text(form, "reason"),
                properties.maxAmount());
    }

    private static String problemField(PayoutFile.@Nullable Problem problem) {
        return switch (Objects.requireNonNullElse(problem, PayoutFile.Problem.AMOUNT)) {
            case PHONE, DUPLICATE -> "recipient_phone";
            case AMOUNT -> "amount";
            case NAME -> "recipient_name";
            case REASON -> "reason";
        };
    }

    private static String text(Map<String, String> form, String field) {
        String value = form.get(field);
        return value == null ? "" : value;
    }

    /** The confirmation's fingerprint, compared when its key comes again (the idempotency records' own). */
    private static String fingerprint(Map<String, String> form) {
        String text = String.join(
                "\n",
                text(form, "provider"),
                text(form, "amount"),
                text(form, "recipient_phone"),
                text(form, "recipient_name"),
                text(form, "reason"));
        return Idempotency.fingerprint("POST", "portal/payouts/send", text.getBytes(StandardCharsets.UTF_8));
    }
}
