package sn.xaalis.merchant;

import java.util.List;
import org.springframework.stereotype.Service;
import sn.xaalis.platform.ApplicationId;

/**
 * Reading applications with their settings, providers and keys: a merchant sees only its own (the
 * portal), the operator sees any (the admin API).
 */
@Service
public class MerchantApplications {

    private final Applications applications;
    private final ApiKeys apiKeys;

    MerchantApplications(Applications applications, ApiKeys apiKeys) {
        this.applications = applications;
        this.apiKeys = apiKeys;
    }

    /** A merchant's own applications; the portal never sees another merchant's. */
    public List<ApplicationSummary> applicationsOf(MerchantId merchantId) {
        return applications.ofMerchant(merchantId).stream()
                .map(row -> new ApplicationSummary(
                        row.id(), row.name(), row.endpointKey(), row.webhookUrl(), row.liveEnabled()))
                .toList();
    }

    /** The application if this merchant owns it; another merchant's looks exactly like a missing one. */
    public ApplicationDetails details(MerchantId merchantId, ApplicationId applicationId) {
        return applications
                .find(applicationId)
                .filter(row -> row.merchantId().equals(merchantId))
                .map(row -> operatorDetails(row.id()))
                .orElseThrow(MerchantRefusal.NoSuchApplication::new);
    }

    /** For the operator: any merchant's application (the portal's is {@link #details(MerchantId, ApplicationId)}). */
    public ApplicationDetails operatorDetails(ApplicationId applicationId) {
        Applications.Row row = applications.find(applicationId).orElseThrow(MerchantRefusal.NoSuchApplication::new);
        return new ApplicationDetails(
                row.id(),
                row.merchantId(),
                row.name(),
                row.endpointKey(),
                row.webhookUrl(),
                row.callbackUrlSuccess(),
                row.callbackUrlFailure(),
                row.liveEnabled(),
                applications.providers(applicationId),
                apiKeys.summaries(applicationId),
                row.createdAt());
    }
}
