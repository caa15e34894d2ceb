package sn.xaalis.operator;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.idempotency.Idempotency;
import sn.xaalis.idempotency.IdempotencyRefusal;
import sn.xaalis.ledger.AdjustmentRefusal;
import sn.xaalis.ledger.Adjustments;
import sn.xaalis.ledger.Balances;
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantRegister;
import sn.xaalis.pages.PageController;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;

/**
 * An operator's manual adjustment of an application's available balance, from the merchant's page: the
 * form (environment, signed amount, reason), then a confirmation step that shows the balance before and
 * after, then the adjustment, made once per form (its key travels in the form, so a double click or a
 * resubmission replays it). Every operator of the console may adjust: the console has one role.
 */
@PageController
class AdjustmentConsoleController {

    /** The latest adjustments the page lists. */
    static final int LISTED = 50;

    private final MerchantRegister register;
    private final MerchantApplications applications;
    private final Adjustments adjustments;
    private final Balances balances;

    AdjustmentConsoleController(
            MerchantRegister register, MerchantApplications applications, Adjustments adjustments, Balances balances) {
        this.register = register;
        this.applications = applications;
        this.adjustments = adjustments;
        this.balances = balances;
    }

    /** The form as typed; {@code key} names this form's one adjustment. */
    record Form(String environment, String amount, String reason, String key) {}

    @GetMapping("/operator/merchants/{merchant}/applications/{id}/adjustments")
    ModelAndView page(@PathVariable String merchant, @PathVariable ApplicationId id) {
        Target target = target(merchant, id);
        return form(target, new Form("live", "", "", UUID.randomUUID().toString()), Map.of());
    }

    @PostMapping("/operator/merchants/{merchant}/applications/{id}/adjustments/confirm")
    ModelAndView confirm(
            @PathVariable String merchant,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "") String environment,
            @RequestParam(defaultValue = "") String amount,
            @RequestParam(defaultValue = "") String reason,
            @RequestParam(defaultValue = "") String key) {
        Target target = target(merchant, id);
        Form form = new Form(
                environment, amount, reason, key.isBlank() ? UUID.randomUUID().toString() : key);
        Map<String, String> errors = new LinkedHashMap<>();
        Checked checked = check(form, errors);
        if (checked == null) {
            return invalid(target, form, errors);
        }
        BigDecimal before = balances.balance(id, checked.environment(), Adjustments.CURRENCY)
                .available();
        BigDecimal after = before.add(checked.amount());
        return new ModelAndView("operator/adjustment-confirm")
                .addObject("merchant", target.merchant())
                .addObject("app", target.app())
                .addObject(
                        "form",
                        new Form(checked.environment().value(), plain(checked.amount()), reason.strip(), form.key()))
                .addObject("amount", checked.amount())
                .addObject("before", before)
                .addObject("after", after);
    }

    @PostMapping("/operator/merchants/{merchant}/applications/{id}/adjustments")
    ModelAndView adjust(
            @AuthenticationPrincipal OperatorUser operator,
            @PathVariable String merchant,
            @PathVariable ApplicationId id,
            @RequestParam(defaultValue = "") String environment,
            @RequestParam(defaultValue = "") String amount,
            @RequestParam(defaultValue = "") String reason,
            @RequestParam(defaultValue = "") String key,
            RedirectAttributes flash) {
        Target target = target(merchant, id);
        Form form = new Form(
                environment, amount, reason, key.isBlank() ? UUID.randomUUID().toString() : key);
        Map<String, String> errors = new LinkedHashMap<>();
        Checked checked = check(form, errors);
        if (checked == null) {
            return invalid(target, form, errors);
        }
        String fingerprint =
                checked.environment().value() + "\n" + checked.amount().toPlainString() + "\n" + reason.strip();
        try {
            adjustments.adjust(new Adjustments.Request(
                    id,
                    checked.environment(),
                    checked.amount(),
                    reason,
                    "console:" + form.key(),
                    Idempotency.fingerprint("POST", "console-adjustment", fingerprint.getBytes(StandardCharsets.UTF_8)),
                    operator.auditName()));
        } catch (AdjustmentRefusal.InsufficientBalance refused) {
            errors.put("amount", "operator.adjust.error.balance");
            return invalid(target, form, errors);
        } catch (IdempotencyRefusal refused) {
            // The same form sent again with other values, or twice at once: a new form, told why.
            errors.put("form", "operator.adjust.error.again");
            return invalid(
                    target,
                    new Form(environment, amount, reason, UUID.randomUUID().toString()),
                    errors);
        }
        flash.addFlashAttribute("notice", "operator.adjust.done");
        return new ModelAndView(
                "redirect:/operator/merchants/" + target.merchant().id() + "/applications/" + id + "/adjustments");
    }

    private record Target(MerchantRegister.Entry merchant, ApplicationDetails app) {}

    private record Checked(Environment environment, BigDecimal amount) {}

    /** The form's values, or null with each problem under its field (a message key). */
    private static @Nullable Checked check(Form form, Map<String, String> errors) {
        Optional<Environment> environment = Environment.fromValue(form.environment());
        if (environment.isEmpty()) {
            errors.put("environment", "operator.adjust.error.environment");
        }
        BigDecimal amount = Adjustments.francs(form.amount(), true);
        if (Adjustments.amountProblem(amount).isPresent()) {
            errors.put("amount", "operator.adjust.error.amount");
        }
        Adjustments.reasonProblem(form.reason())
                .ifPresent(p -> errors.put("reason", "operator.adjust.error.reason." + p));
        return errors.isEmpty() && amount != null ? new Checked(environment.orElseThrow(), amount) : null;
    }

    private ModelAndView invalid(Target target, Form form, Map<String, String> errors) {
        ModelAndView again = form(target, form, errors);
        again.setStatus(HttpStatus.BAD_REQUEST);
        return again;
    }

    private ModelAndView form(Target target, Form form, Map<String, String> errors) {
        ApplicationId id = target.app().id();
        return new ModelAndView("operator/adjustments")
                .addObject("merchant", target.merchant())
                .addObject("app", target.app())
                .addObject("form", form)
                .addObject("errors", errors)
                .addObject("reasonMin", Adjustments.REASON_MIN)
                .addObject("reasonMax", Adjustments.REASON_MAX)
                .addObject("live", balances.balance(id, Environment.LIVE, Adjustments.CURRENCY))
                .addObject("sandbox", balances.balance(id, Environment.SANDBOX, Adjustments.CURRENCY))
                .addObject("adjustments", adjustments.of(id, LISTED));
    }

    /** The application, if it is this merchant's: a mismatched address is a 404. */
    private Target target(String merchant, ApplicationId id) {
        MerchantId merchantId = MerchantsConsoleController.merchantId(merchant);
        MerchantRegister.Entry entry = register.find(merchantId).orElseThrow(ConsoleModel.NotFound::new);
        return new Target(entry, applications.details(merchantId, id));
    }

    private static String plain(BigDecimal amount) {
        return amount.stripTrailingZeros().toPlainString();
    }
}
