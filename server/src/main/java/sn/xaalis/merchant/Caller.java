package sn.xaalis.merchant;

import java.util.Set;
import java.util.UUID;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/**
 * The application behind an authenticated API request, in the environment its keys belong to.
 *
 * @param providers the providers activated for this application in this environment
 */
public record Caller(
        UUID applicationId, UUID merchantId, String endpointKey, Environment environment, Set<Provider> providers) {}
