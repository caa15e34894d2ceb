package sn.xaalis.merchant;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.Provider;

/** What still stands between an application and live mode (D16); the portal shows it, a go-live obeys it. */
@Service
public class GoLiveChecks {

    private final Merchants merchants;
    private final Applications applications;
    private final ApiKeys apiKeys;
    private final PaymentProviders providers;
    private final MerchantApplications readable;
    private final MerchantDatabase.Use databaseUse;

    GoLiveChecks(
            Merchants merchants,
            Applications applications,
            ApiKeys apiKeys,
            PaymentProviders providers,
            MerchantApplications readable,
            MerchantDatabase.Use databaseUse) {
        this.merchants = merchants;
        this.applications = applications;
        this.apiKeys = apiKeys;
        this.providers = providers;
        this.readable = readable;
        this.databaseUse = databaseUse;
    }

    /** What still stands between the merchant's application and live mode; empty when nothing. */
    public List<String> liveBlockers(MerchantId merchantId, ApplicationId applicationId) {
        ApplicationDetails application = readable.details(merchantId, applicationId);
        return liveBlockers(applicationId, application.webhookUrl());
    }

    /** What stops an application with this webhook URL from going live; empty when nothing does. */
    List<String> liveBlockers(ApplicationId applicationId, @Nullable String webhookUrl) {
        List<String> unmet = new ArrayList<>();
        applications
                .find(applicationId)
                .flatMap(row -> merchants.approval(row.merchantId()))
                .ifPresent(approval -> {
                    if (approval.withdrawn()) {
                        unmet.add("the operator has withdrawn this account's approval for live payments");
                    } else if (!approval.approved()) {
                        unmet.add("self-service accounts are sandbox-only until the operator approves them");
                    }
                });
        if (!databaseUse.allowsLive()) {
            unmet.add("live mode needs PostgreSQL; the embedded database is for sandbox work");
        }
        if (webhookUrl == null || !webhookUrl.regionMatches(true, 0, "https://", 0, 8)) {
            unmet.add("an https webhook_url is required");
        }
        if (apiKeys.activePublicKeys(applicationId, Environment.LIVE).isEmpty()) {
            unmet.add("live keys must be issued first");
        }
        Set<Provider> live = applications.providers(applicationId, Environment.LIVE);
        if (live.isEmpty()) {
            unmet.add("at least one provider must be activated for live");
        }
        // Every provider it offers in live needs an account to collect into: its own, or the installation's.
        for (Provider provider : live) {
            if (!providers.liveAvailable(applicationId, provider)) {
                unmet.add("a working connection to the provider is required (" + provider + ")");
            }
        }
        return unmet;
    }
}
