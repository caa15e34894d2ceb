package sn.xaalis.operator;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.ledger.FeeRule;
import sn.xaalis.ledger.PricingChanges;
import sn.xaalis.ledger.PricingPlan;
import sn.xaalis.ledger.PricingPlans;
import sn.xaalis.merchant.MerchantRegister;
import sn.xaalis.pages.PageController;
import sn.xaalis.provider.Provider;

/**
 * A merchant's pricing plan in the console (issue 49): per provider a percent, a fixed amount, a minimum
 * and an optional maximum, or the installation's default when all four are left empty; and its own delay
 * before money is available, or the default. The same rules as the admin API's PUT, said beside each field.
 */
@PageController
class PricingConsoleController {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);
    private static final BigDecimal FRANCS_LIMIT = new BigDecimal("1000000000");

    private final MerchantRegister register;
    private final PricingPlans plans;
    private final PricingChanges changes;

    PricingConsoleController(MerchantRegister register, PricingPlans plans, PricingChanges changes) {
        this.register = register;
        this.plans = plans;
        this.changes = changes;
    }

    /** One provider's fields, as shown or as typed. */
    record Row(Provider provider, String percent, String fixed, String min, String max) {
        boolean empty() {
            return percent.isBlank() && fixed.isBlank() && min.isBlank() && max.isBlank();
        }
    }

    @GetMapping("/operator/merchants/{id}/pricing")
    ModelAndView page(@PathVariable String id) {
        MerchantRegister.Entry merchant = merchant(id);
        PricingPlan plan = plans.plan(merchant.id());
        List<Row> rows = new ArrayList<>();
        for (Provider provider : Provider.values()) {
            FeeRule rule = plan.providers().get(provider);
            rows.add(
                    rule == null
                            ? new Row(provider, "", "", "", "")
                            : new Row(
                                    provider,
                                    plain(rule.percent()),
                                    plain(rule.fixed()),
                                    plain(rule.min()),
                                    rule.max() == null ? "" : plain(rule.max())));
        }
        String days =
                plan.availabilityDays() == null ? "" : plan.availabilityDays().toString();
        return form(merchant, plan, rows, days, Map.of());
    }

    @PostMapping("/operator/merchants/{id}/pricing")
    ModelAndView save(
            @PathVariable String id,
            @RequestParam MultiValueMap<String, String> form,
            @RequestParam(defaultValue = "") String days,
            RedirectAttributes flash) {
        MerchantRegister.Entry merchant = merchant(id);
        Map<String, String> errors = new LinkedHashMap<>();
        List<Row> rows = new ArrayList<>();
        Map<Provider, FeeRule> rules = new EnumMap<>(Provider.class);
        for (Provider provider : Provider.values()) {
            String p = provider.name();
            Row row = new Row(
                    provider,
                    field(form, p + ".percent"),
                    field(form, p + ".fixed"),
                    field(form, p + ".min"),
                    field(form, p + ".max"));
            rows.add(row);
            if (row.empty()) {
                continue; // the default plan
            }
            BigDecimal percent = percent(row.percent());
            BigDecimal fixed = francs(row.fixed());
            BigDecimal min = francs(row.min());
            BigDecimal max = row.max().isBlank() ? null : francs(row.max());
            if (percent == null) {
                errors.put(p + ".percent", "operator.pricing.error.percent");
            }
            if (fixed == null) {
                errors.put(p + ".fixed", "operator.pricing.error.francs");
            }
            if (min == null) {
                errors.put(p + ".min", "operator.pricing.error.francs");
            }
            if (!row.max().isBlank() && max == null) {
                errors.put(p + ".max", "operator.pricing.error.francs");
            } else if (max != null && min != null && max.compareTo(min) < 0) {
                errors.put(p + ".max", "operator.pricing.error.maxBelowMin");
            }
            if (percent != null && fixed != null && min != null && !errors.containsKey(p + ".max")) {
                rules.put(provider, new FeeRule(percent, fixed, min, max));
            }
        }
        Integer delay = null;
        if (!days.isBlank()) {
            delay = days(days);
            if (delay == null) {
                errors.put("days", "operator.pricing.error.days");
            }
        }
        if (!errors.isEmpty()) {
            ModelAndView again = form(merchant, plans.plan(merchant.id()), rows, days, errors);
            again.setStatus(HttpStatus.BAD_REQUEST);
            return again;
        }
        changes.replace(merchant.id(), rules, delay);
        flash.addFlashAttribute("notice", "operator.pricing.saved");
        return new ModelAndView("redirect:/operator/merchants/" + merchant.id() + "/pricing");
    }

    private ModelAndView form(
            MerchantRegister.Entry merchant,
            PricingPlan plan,
            List<Row> rows,
            String days,
            Map<String, String> errors) {
        return new ModelAndView("operator/pricing")
                .addObject("merchant", merchant)
                .addObject("plan", plan)
                .addObject("rows", rows)
                .addObject("days", days)
                .addObject("errors", errors);
    }

    private static String field(MultiValueMap<String, String> form, String name) {
        String value = form.getFirst(name);
        return value == null ? "" : value.strip();
    }

    private static String plain(BigDecimal value) {
        return value.stripTrailingZeros().toPlainString();
    }

    /** From 0 to 100, at most 4 decimals; a comma is a decimal point as French writes it. */
    static @Nullable BigDecimal percent(String typed) {
        String value = typed.strip().replace(',', '.');
        if (!value.matches("[0-9]{1,3}(\\.[0-9]{1,4})?")) {
            return null;
        }
        BigDecimal percent = new BigDecimal(value);
        return percent.compareTo(HUNDRED) > 0 ? null : percent;
    }

    /** Whole francs, 0 or more, as people write them: {@code 4500}, {@code 4 500}, {@code 4 500 FCFA}. */
    static @Nullable BigDecimal francs(String typed) {
        String value = typed.replaceAll("(?i)\\s*(fcfa|xof)\\s*$", "").replaceAll("[\\s\\u00a0\\u202f]", "");
        if (!value.matches("[0-9]{1,10}")) {
            return null;
        }
        BigDecimal francs = new BigDecimal(value);
        return francs.compareTo(FRANCS_LIMIT) >= 0 ? null : francs;
    }

    static @Nullable Integer days(String typed) {
        String value = typed.strip();
        if (!value.matches("[0-9]{1,3}")) {
            return null;
        }
        int days = Integer.parseInt(value);
        return days > 365 ? null : days;
    }

    private MerchantRegister.Entry merchant(String id) {
        return register.find(MerchantsConsoleController.merchantId(id)).orElseThrow(ConsoleModel.NotFound::new);
    }
}
