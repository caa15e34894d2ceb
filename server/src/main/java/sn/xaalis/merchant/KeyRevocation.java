package sn.xaalis.merchant;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;

/**
 * Revoking an API key at once: what it would leave the merchant's server with, and the revocation
 * itself, under the application's row lock so that two revocations cannot both take the last live key.
 */
@Service
public class KeyRevocation {

    private final Applications applications;
    private final AuditTrail audit;
    private final ApiKeys apiKeys;
    private final MerchantCaches caches;
    private final Clock clock;

    KeyRevocation(Applications applications, ApiKeys apiKeys, MerchantCaches caches, AuditTrail audit, Clock clock) {
        this.audit = audit;
        this.applications = applications;
        this.apiKeys = apiKeys;
        this.caches = caches;
        this.clock = clock;
    }

    /**
     * What revoking one active key would leave.
     *
     * @param othersInEnvironment the application's other keys of that environment still valid
     * @param applicationLive whether the application takes live payments
     */
    public record Impact(String apiKey, Environment environment, int othersInEnvironment, boolean applicationLive) {

        /** The application's server would have no key left for this environment. */
        public boolean lastKey() {
            return othersInEnvironment == 0;
        }

        /** A live application would stop taking payments: the portal refuses this. */
        public boolean lastLiveKey() {
            return lastKey() && environment == Environment.LIVE && applicationLive;
        }
    }

    /** The impact of revoking {@code apiKey}, an active key of the merchant's application; else 404. */
    public Impact impact(MerchantId merchantId, ApplicationId applicationId, String apiKey) {
        Applications.Row application = applications
                .find(applicationId)
                .filter(row -> row.merchantId().equals(merchantId))
                .orElseThrow(MerchantRefusal.NoSuchApplication::new);
        return impact(application, apiKey);
    }

    /** The operator's revocation: at once, whatever it leaves. */
    @Transactional
    public void revoke(ApplicationId applicationId, String apiKey) {
        Applications.Row application =
                applications.findForUpdate(applicationId).orElseThrow(MerchantRefusal.NoSuchApplication::new);
        revoke(application, apiKey);
    }

    /** The merchant's revocation: refused when it would take a live application's last live key. */
    @Transactional
    public void revokeKeepingLiveKey(MerchantId merchantId, ApplicationId applicationId, String apiKey) {
        Applications.Row application = applications
                .findForUpdate(applicationId)
                .filter(row -> row.merchantId().equals(merchantId))
                .orElseThrow(MerchantRefusal.NoSuchApplication::new);
        if (impact(application, apiKey).lastLiveKey()) {
            throw new MerchantRefusal.LastLiveKey();
        }
        revoke(application, apiKey);
    }

    private Impact impact(Applications.Row application, String apiKey) {
        Instant now = clock.instant();
        List<ApplicationDetails.KeySummary> active = apiKeys.summaries(application.id()).stream()
                .filter(key -> key.revokedAt() == null)
                .filter(key -> key.expiresAt() == null || key.expiresAt().isAfter(now))
                .toList();
        Environment environment = active.stream()
                .filter(key -> key.apiKey().equals(apiKey))
                .map(ApplicationDetails.KeySummary::environment)
                .findFirst()
                .orElseThrow(() -> new MerchantRefusal.NoSuchKey(apiKey));
        int others = (int) active.stream()
                .filter(key -> key.environment() == environment && !key.apiKey().equals(apiKey))
                .count();
        return new Impact(apiKey, environment, others, application.liveEnabled());
    }

    private void revoke(Applications.Row application, String apiKey) {
        if (!apiKeys.revoke(application.id(), apiKey, clock.instant())) {
            throw new MerchantRefusal.NoSuchKey(apiKey);
        }
        audit.record(
                "api_key.revoked",
                application.merchantId().value(),
                apiKey,
                java.util.Map.of("application", application.id().toString(), "revoked", false),
                java.util.Map.of("application", application.id().toString(), "revoked", true));
        caches.forget();
    }
}
