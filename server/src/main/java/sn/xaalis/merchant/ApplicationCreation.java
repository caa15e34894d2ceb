package sn.xaalis.merchant;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/** Creating an application for a merchant: its endpoint key, first settings and sandbox keys (D9, D10). */
@Service
public class ApplicationCreation {

    private final Merchants merchants;
    private final Applications applications;
    private final ApiKeys apiKeys;
    private final MerchantApplications readable;
    private final FieldRules rules;
    private final AuditTrail audit;
    private final Clock clock;

    ApplicationCreation(
            Merchants merchants,
            Applications applications,
            ApiKeys apiKeys,
            MerchantApplications readable,
            FieldRules rules,
            AuditTrail audit,
            Clock clock) {
        this.merchants = merchants;
        this.applications = applications;
        this.apiKeys = apiKeys;
        this.readable = readable;
        this.rules = rules;
        this.clock = clock;
        this.audit = audit;
    }

    @Transactional
    public NewApplication createApplication(MerchantId merchantId, NewApplicationRequest request) {
        merchants.find(merchantId).orElseThrow(MerchantRefusal.NoSuchMerchant::new);
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String name = FieldRules.name(request.name(), errors);
        String webhook = rules.webhookUrl(request.webhookUrl(), false, errors);
        String success = FieldRules.redirect("callback_url_success", request.callbackUrlSuccess(), errors);
        String failure = FieldRules.redirect("callback_url_failure", request.callbackUrlFailure(), errors);
        if (!errors.isEmpty()) {
            throw new MerchantRefusal.FieldsInvalid(errors);
        }
        Instant now = Timestamps.truncate(clock.instant());
        ApplicationId id = ApplicationId.newId(clock);
        insertWithFreshEndpointKey(id, merchantId, name, webhook, success, failure, now);
        Set<Provider> active = request.providers() == null ? Set.of() : request.providers();
        for (Environment environment : Environment.values()) {
            applications.replaceProviders(id, environment, active, now);
        }
        IssuedKeys keys = apiKeys.issue(id, Environment.SANDBOX, now);
        audit.record(
                "application.created",
                merchantId.value(),
                id.toString(),
                null,
                Map.of(
                        "name",
                        name,
                        "webhook_url",
                        String.valueOf(webhook),
                        "providers",
                        String.join(
                                ",",
                                active.stream().map(Provider::name).sorted().toList()),
                        "sandbox_key",
                        keys.apiKey()));
        return new NewApplication(readable.operatorDetails(id), keys);
    }

    private void insertWithFreshEndpointKey(
            ApplicationId id,
            MerchantId merchantId,
            String name,
            @Nullable String webhook,
            @Nullable String success,
            @Nullable String failure,
            Instant now) {
        // 80 random bits make a collision practically impossible; the unique index makes it certain.
        for (int attempt = 0; ; attempt++) {
            try {
                applications.insert(new Applications.Row(
                        id, merchantId, name, RandomTokens.base32Lower(16), webhook, success, failure, false, now));
                return;
            } catch (DuplicateKeyException e) {
                if (attempt >= 3) {
                    throw e;
                }
            }
        }
    }
}
