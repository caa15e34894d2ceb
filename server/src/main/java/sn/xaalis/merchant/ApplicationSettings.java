package sn.xaalis.merchant;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/**
 * Changing an application's settings (URLs, providers, live mode), each change under the application's
 * row lock so that a go-live checks what it goes live with (D10, D16).
 */
@Service
public class ApplicationSettings {

    private final Applications applications;
    private final MerchantApplications readable;
    private final GoLiveChecks goLive;
    private final FieldRules rules;
    private final MerchantCaches caches;
    private final LiveModeNotices notices;
    private final AuditTrail audit;
    private final Clock clock;

    ApplicationSettings(
            Applications applications,
            MerchantApplications readable,
            GoLiveChecks goLive,
            FieldRules rules,
            MerchantCaches caches,
            LiveModeNotices notices,
            AuditTrail audit,
            Clock clock) {
        this.audit = audit;
        this.notices = notices;
        this.applications = applications;
        this.readable = readable;
        this.goLive = goLive;
        this.rules = rules;
        this.caches = caches;
        this.clock = clock;
    }

    /** The operator's change: any merchant's application (the portal's is {@link #update(MerchantId, ApplicationId, ApplicationChanges)}). */
    @Transactional
    public ApplicationDetails operatorUpdate(ApplicationId applicationId, ApplicationChanges changes) {
        Applications.Row current =
                applications.findForUpdate(applicationId).orElseThrow(MerchantRefusal.NoSuchApplication::new);
        Applications.Row changed = checked(current, changes);
        Map<String, Object> before = audited(current);
        Instant now = Timestamps.truncate(clock.instant());
        changes.providers().ifPresent(set -> {
            for (Environment environment : Environment.values()) {
                applications.replaceProviders(applicationId, environment, set, now);
            }
        });
        if (changed.liveEnabled() && !current.liveEnabled()) {
            List<String> unmet = goLive.liveBlockers(applicationId, changed.webhookUrl());
            if (!unmet.isEmpty()) {
                throw new MerchantRefusal.NotReadyForLive(unmet);
            }
        }
        applications.update(changed, now);
        if (changed.liveEnabled() != current.liveEnabled()) {
            notices.liveModeChanged(changed); // written in this transaction: told only if it happened
        }
        audit.record(
                "application.changed",
                current.merchantId().value(),
                applicationId.toString(),
                before,
                audited(changed));
        caches.forget();
        return readable.operatorDetails(applicationId);
    }

    /** The portal's change: one transaction, like the operator's (a self-call would bypass the proxy). */
    @Transactional
    public ApplicationDetails update(MerchantId merchantId, ApplicationId applicationId, ApplicationChanges changes) {
        readable.details(merchantId, applicationId);
        return operatorUpdate(applicationId, changes);
    }

    /** Activates exactly these providers for one environment of the merchant's application. */
    @Transactional
    public ApplicationDetails setProviders(
            MerchantId merchantId, ApplicationId applicationId, Environment environment, Set<Provider> active) {
        readable.details(merchantId, applicationId);
        // The row lock every change to the application takes: a go-live checks providers under it.
        applications.findForUpdate(applicationId);
        String field = "providers_" + environment.value();
        Map<String, Object> before = Map.of(field, names(applications.providers(applicationId, environment)));
        applications.replaceProviders(applicationId, environment, active, Timestamps.truncate(clock.instant()));
        audit.record(
                "application.providers.changed",
                merchantId.value(),
                applicationId.toString(),
                before,
                Map.of(field, names(active)));
        caches.forget();
        return readable.operatorDetails(applicationId);
    }

    /** What the trail keeps of an application's settings (no secret is among them). */
    private Map<String, Object> audited(Applications.Row row) {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("webhook_url", String.valueOf(row.webhookUrl()));
        state.put("callback_url_success", String.valueOf(row.callbackUrlSuccess()));
        state.put("callback_url_failure", String.valueOf(row.callbackUrlFailure()));
        state.put("live_enabled", row.liveEnabled());
        for (Environment environment : Environment.values()) {
            state.put("providers_" + environment.value(), names(applications.providers(row.id(), environment)));
        }
        return state;
    }

    private static String names(Set<Provider> providers) {
        return String.join(",", providers.stream().map(Provider::name).sorted().toList());
    }

    /** The row with the changes applied, once every changed field passed its rule; else a 400 naming them. */
    private Applications.Row checked(Applications.Row current, ApplicationChanges changes) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        boolean live = changes.liveEnabled().orElse(current.liveEnabled());
        String webhook = changes.webhookUrl().isPresent()
                ? rules.webhookUrl(FieldRules.blankToNull(changes.webhookUrl().get()), live, errors)
                : current.webhookUrl();
        String success =
                redirect("callback_url_success", changes.callbackUrlSuccess(), current.callbackUrlSuccess(), errors);
        String failure =
                redirect("callback_url_failure", changes.callbackUrlFailure(), current.callbackUrlFailure(), errors);
        if (!errors.isEmpty()) {
            throw new MerchantRefusal.FieldsInvalid(errors);
        }
        return new Applications.Row(
                current.id(),
                current.merchantId(),
                current.name(),
                current.endpointKey(),
                webhook,
                success,
                failure,
                live,
                current.createdAt());
    }

    private static @Nullable String redirect(
            String field, Optional<String> change, @Nullable String current, Map<String, List<String>> errors) {
        return change.isPresent() ? FieldRules.redirect(field, FieldRules.blankToNull(change.get()), errors) : current;
    }
}
