package sn.xaalis.admin;

import static sn.xaalis.admin.OperatorRequests.failIfAny;

import jakarta.servlet.http.HttpServletRequest;
import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import sn.xaalis.ledger.FeeRule;
import sn.xaalis.ledger.PricingChanges;
import sn.xaalis.ledger.PricingPlan;
import sn.xaalis.ledger.PricingPlans;
import sn.xaalis.merchant.LiveApprovals;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.provider.Provider;
import tools.jackson.databind.JsonNode;

/**
 * A merchant's pricing plan (issue 49): its fee rule per provider and its availability delay. A PUT
 * replaces the whole plan; what it leaves out follows the installation's default, shown beside it.
 */
@RestController
@RequestMapping("/admin/v1")
record PricingAdminController(
        PricingPlans plans, PricingChanges changes, LiveApprovals merchants, OperatorRequests requests) {

    private static final String PERCENT_RULE = "must be a number from 0 to 100 with at most 4 decimals";
    private static final String FRANCS_RULE = "must be a whole number of francs, 0 or more";

    record RuleJson(String percent, String fixed, String min, @Nullable String max) {
        static RuleJson of(FeeRule rule) {
            return new RuleJson(
                    plain(rule.percent()),
                    plain(rule.fixed()),
                    plain(rule.min()),
                    rule.max() == null ? null : plain(rule.max()));
        }

        private static String plain(BigDecimal value) {
            return value.stripTrailingZeros().toPlainString();
        }
    }

    record PlanJson(
            MerchantId merchantId,
            Map<String, RuleJson> providers,
            @Nullable Integer availabilityDays,
            RuleJson defaultPricing,
            int defaultAvailabilityDays) {
        static PlanJson of(PricingPlan plan) {
            Map<String, RuleJson> providers = new TreeMap<>();
            plan.providers().forEach((provider, rule) -> providers.put(provider.name(), RuleJson.of(rule)));
            return new PlanJson(
                    plan.merchantId(),
                    providers,
                    plan.availabilityDays(),
                    RuleJson.of(plan.defaultRule()),
                    plan.defaultAvailabilityDays());
        }
    }

    @GetMapping("/merchants/{merchantId}/pricing")
    PlanJson pricing(@PathVariable MerchantId merchantId) {
        merchants.approval(merchantId); // 404 for a merchant that does not exist
        return PlanJson.of(plans.plan(merchantId));
    }

    @PutMapping("/merchants/{merchantId}/pricing")
    PlanJson replace(@PathVariable MerchantId merchantId, HttpServletRequest request) {
        JsonNode body = requests.readObject(request);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        Map<Provider, FeeRule> rules = rules(body, errors);
        Integer days = availabilityDays(body, errors);
        failIfAny(errors);
        merchants.approval(merchantId);
        return PlanJson.of(changes.replace(merchantId, rules, days));
    }

    private static Map<Provider, FeeRule> rules(JsonNode body, Map<String, List<String>> errors) {
        Map<Provider, FeeRule> rules = new EnumMap<>(Provider.class);
        JsonNode providers = body.get("providers");
        if (providers == null || providers.isNull()) {
            errors.put("providers", List.of("is required: an object of fee rules by provider, {} for none"));
            return rules;
        }
        if (!providers.isObject()) {
            errors.put("providers", List.of("must be an object of fee rules by provider"));
            return rules;
        }
        for (var field : providers.properties()) {
            String name = "providers." + field.getKey();
            Optional<Provider> provider = Provider.fromName(field.getKey());
            if (provider.isEmpty()) {
                errors.put(name, List.of("is not a provider: WALLET_SN or MOBILEMONEY_SN"));
                continue;
            }
            JsonNode rule = field.getValue();
            if (!rule.isObject()) {
                errors.put(name, List.of("must be an object with percent, fixed, min and max"));
                continue;
            }
            int before = errors.size();
            BigDecimal percent = number(rule, "percent", name, false, errors);
            BigDecimal fixed = number(rule, "fixed", name, true, errors);
            BigDecimal min = number(rule, "min", name, true, errors);
            BigDecimal max = rule.hasNonNull("max") ? number(rule, "max", name, true, errors) : null;
            if (errors.size() > before || percent == null || fixed == null || min == null) {
                continue;
            }
            if (max != null && max.compareTo(min) < 0) {
                errors.put(name + ".max", List.of("must not be below min"));
                continue;
            }
            rules.put(provider.get(), new FeeRule(percent, fixed, min, max));
        }
        return rules;
    }

    /** A decimal sent as a string (preferred) or a JSON number; percent and francs each with its rule. */
    private static @Nullable BigDecimal number(
            JsonNode rule, String field, String prefix, boolean francs, Map<String, List<String>> errors) {
        String name = prefix + "." + field;
        String problem = francs ? FRANCS_RULE : PERCENT_RULE;
        JsonNode value = rule.get(field);
        if (value == null || value.isNull()) {
            errors.put(name, List.of("is required"));
            return null;
        }
        BigDecimal number = null;
        try {
            if (value.isString() && value.stringValue().matches("[0-9]{1,12}(\\.[0-9]{1,8})?")) {
                number = new BigDecimal(value.stringValue());
            } else if (value.isNumber()) {
                number = value.decimalValue();
            }
        } catch (NumberFormatException e) {
            number = null;
        }
        boolean valid = number != null
                && (francs
                        ? FeeRule.wholeFrancs(number) && number.compareTo(new BigDecimal("1000000000")) < 0
                        : number.signum() >= 0
                                && number.compareTo(BigDecimal.valueOf(100)) <= 0
                                && number.stripTrailingZeros().scale() <= 4);
        if (!valid) {
            errors.put(name, List.of(problem));
            return null;
        }
        return number;
    }

    private static @Nullable Integer availabilityDays(JsonNode body, Map<String, List<String>> errors) {
        JsonNode value = body.get("availability_days");
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || value.asLong() < 0 || value.asLong() > 365) {
            errors.put("availability_days", List.of("must be a whole number of days from 0 to 365, or null"));
            return null;
        }
        return value.intValue();
    }
}
