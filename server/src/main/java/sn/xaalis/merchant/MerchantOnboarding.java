package sn.xaalis.merchant;

import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/**
 * The operator's onboarding steps as the admin API calls them, in one place; each step is done by its
 * use case ({@link MerchantSignUp}, {@link LiveApprovals}, {@link ApplicationCreation},
 * {@link ApplicationSettings}, {@link KeyIssuance}), which the portal calls directly.
 */
@Service
public class MerchantOnboarding {

    private final MerchantSignUp signUp;
    private final LiveApprovals approvals;
    private final ApplicationCreation creation;
    private final MerchantApplications readable;
    private final ApplicationSettings settings;
    private final KeyIssuance keys;

    MerchantOnboarding(
            MerchantSignUp signUp,
            LiveApprovals approvals,
            ApplicationCreation creation,
            MerchantApplications readable,
            ApplicationSettings settings,
            KeyIssuance keys) {
        this.signUp = signUp;
        this.approvals = approvals;
        this.creation = creation;
        this.readable = readable;
        this.settings = settings;
        this.keys = keys;
    }

    /** The settings an application starts with; null fields are left unset. */
    public record NewApplicationRequest(
            String name,
            String webhookUrl,
            String callbackUrlSuccess,
            String callbackUrlFailure,
            Set<Provider> providers) {}

    public MerchantAccount createMerchant(String name, String email, String password) {
        return signUp.createMerchant(name, email, password);
    }

    public LiveApproval approve(UUID merchantId) {
        return approvals.approve(merchantId);
    }

    public LiveApproval withdrawApproval(UUID merchantId) {
        return approvals.withdrawApproval(merchantId);
    }

    public LiveApproval approval(UUID merchantId) {
        return approvals.approval(merchantId);
    }

    public NewApplication createApplication(UUID merchantId, NewApplicationRequest request) {
        return creation.createApplication(merchantId, request);
    }

    public ApplicationDetails operatorDetails(UUID applicationId) {
        return readable.operatorDetails(applicationId);
    }

    public ApplicationDetails operatorUpdate(UUID applicationId, ApplicationChanges changes) {
        return settings.operatorUpdate(applicationId, changes);
    }

    public IssuedKeys issueKeys(UUID applicationId, Environment environment) {
        return keys.issueKeys(applicationId, environment);
    }
}
