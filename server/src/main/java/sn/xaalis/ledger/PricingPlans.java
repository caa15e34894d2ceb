package sn.xaalis.ledger;

import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.provider.Provider;

/** The operator's pricing plans of merchants: their fee rules per provider and availability delays. */
@Service
public class PricingPlans {

    private final JdbcClient jdbc;
    private final LedgerProperties properties;

    PricingPlans(JdbcClient jdbc, LedgerProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    public PricingPlan plan(MerchantId merchantId) {
        Map<Provider, FeeRule> rules = new EnumMap<>(Provider.class);
        jdbc.sql("SELECT provider, percent, fixed, min_fee, max_fee FROM ledger_pricing WHERE merchant_id = :id")
                .param("id", merchantId.value())
                .query(rs -> {
                    rules.put(
                            Provider.valueOf(rs.getString("provider")),
                            new FeeRule(
                                    rs.getBigDecimal("percent"),
                                    rs.getBigDecimal("fixed"),
                                    rs.getBigDecimal("min_fee"),
                                    rs.getBigDecimal("max_fee")));
                });
        Integer days = jdbc.sql("SELECT availability_days FROM ledger_terms WHERE merchant_id = :id")
                .param("id", merchantId.value())
                .query(Integer.class)
                .optional()
                .orElse(null);
        return new PricingPlan(
                merchantId, rules, days, properties.defaultPricing().rule(), properties.availabilityDays());
    }

    /**
     * Replaces the merchant's whole plan: providers left out follow the default again, as does the
     * delay when it is null. Applies to payments that succeed from now on; those already posted keep
     * their fee. The caller has checked that the merchant exists. The operator's change goes through
     * {@link PricingChanges}, which audits it.
     */
    @Transactional
    PricingPlan replace(MerchantId merchantId, Map<Provider, FeeRule> rules, @Nullable Integer availabilityDays) {
        if (availabilityDays != null && availabilityDays < 0) {
            throw new IllegalArgumentException("availability days must be 0 or more");
        }
        jdbc.sql("DELETE FROM ledger_pricing WHERE merchant_id = :id")
                .param("id", merchantId.value())
                .update();
        rules.forEach((provider, rule) -> jdbc.sql("INSERT INTO ledger_pricing (merchant_id, provider, percent, fixed,"
                        + " min_fee, max_fee) VALUES (:id, :provider, :percent, :fixed, :min, :max)")
                .param("id", merchantId.value())
                .param("provider", provider.name())
                .param("percent", rule.percent())
                .param("fixed", rule.fixed())
                .param("min", rule.min())
                .param("max", rule.max(), java.sql.Types.NUMERIC)
                .update());
        jdbc.sql("DELETE FROM ledger_terms WHERE merchant_id = :id")
                .param("id", merchantId.value())
                .update();
        if (availabilityDays != null) {
            jdbc.sql("INSERT INTO ledger_terms (merchant_id, availability_days) VALUES (:id, :days)")
                    .param("id", merchantId.value())
                    .param("days", availabilityDays)
                    .update();
        }
        return plan(merchantId);
    }

    /** What a payment of this application through this provider is priced at: one read, at its SUCCESS. */
    record Terms(FeeRule rule, int availabilityDays) {}

    Terms terms(ApplicationId applicationId, Provider provider) {
        return jdbc.sql("SELECT p.percent, p.fixed, p.min_fee, p.max_fee, t.availability_days FROM applications a"
                        + " LEFT JOIN ledger_pricing p ON p.merchant_id = a.merchant_id AND p.provider = :provider"
                        + " LEFT JOIN ledger_terms t ON t.merchant_id = a.merchant_id WHERE a.id = :app")
                .param("provider", provider.name())
                .param("app", applicationId.value())
                .query((rs, n) -> {
                    BigDecimal percent = rs.getBigDecimal("percent");
                    FeeRule rule = percent == null
                            ? properties.defaultPricing().rule()
                            : new FeeRule(
                                    percent,
                                    rs.getBigDecimal("fixed"),
                                    rs.getBigDecimal("min_fee"),
                                    rs.getBigDecimal("max_fee"));
                    int days = rs.getObject("availability_days") == null
                            ? properties.availabilityDays()
                            : rs.getInt("availability_days");
                    return new Terms(rule, days);
                })
                .single();
    }
}
