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
    private final Clock clock;

    ApplicationSettings(
            Applications applications,
            MerchantApplications readable,
            GoLiveChecks goLive,
            FieldRules rules,
            MerchantCaches caches,
            LiveModeNotices notices,
            Clock clock) {
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
        applications.replaceProviders(applicationId, environment, active, Timestamps.truncate(clock.instant()));
        caches.forget();
        return readable.operatorDetails(applicationId);
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
