package sn.xaalis.merchant;

import java.util.Set;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/**
 * The application behind an authenticated API request, in the environment its keys belong to.
 *
 * @param providers the providers activated for this application in this environment
 * @param liveApproved whether the operator lets the merchant take live payments now (a withdrawn
 *     approval suspends them while its applications stay live)
 */
public record Caller(
        ApplicationId applicationId,
        MerchantId merchantId,
        String endpointKey,
        Environment environment,
        Set<Provider> providers,
        boolean liveApproved) {}
