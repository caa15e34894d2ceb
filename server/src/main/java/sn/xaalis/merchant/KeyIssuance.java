package sn.xaalis.merchant;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;

/** Issuing an application's key pairs and reading the secrets valid now (D9); revoking is {@link KeyRevocation}. */
@Service
public class KeyIssuance {

    private final Applications applications;
    private final AuditTrail audit;
    private final ApiKeys apiKeys;
    private final MerchantCaches caches;
    private final MerchantProperties properties;
    private final Clock clock;

    KeyIssuance(
            Applications applications,
            ApiKeys apiKeys,
            MerchantCaches caches,
            MerchantProperties properties,
            AuditTrail audit,
            Clock clock) {
        this.audit = audit;
        this.applications = applications;
        this.apiKeys = apiKeys;
        this.caches = caches;
        this.properties = properties;
        this.clock = clock;
    }

    /** Issues a new key pair; earlier pairs of that environment stay valid for the rotation overlap (D9). */
    @Transactional
    public IssuedKeys issueKeys(ApplicationId applicationId, Environment environment) {
        Applications.Row application =
                applications.findForUpdate(applicationId).orElseThrow(MerchantRefusal.NoSuchApplication::new);
        Instant now = clock.instant();
        IssuedKeys keys = apiKeys.issue(
                applicationId, environment, now.plus(properties.keys().rotationOverlap()));
        // The public key names the pair; the secret is never written anywhere but its own row.
        audit.record(
                "api_key.issued",
                application.merchantId().value(),
                keys.apiKey(),
                null,
                java.util.Map.of("application", applicationId.toString(), "environment", environment.value()));
        caches.forget();
        return keys;
    }

    /** The plain secrets valid now for signing, newest first. */
    public List<String> activeSecrets(ApplicationId applicationId, Environment environment) {
        return apiKeys.activeSecrets(applicationId, environment);
    }
}
