package sn.xaalis.merchant;

import java.util.Set;
import sn.xaalis.provider.Provider;

/** The settings an application starts with; null fields are left unset. */
public record NewApplicationRequest(
        String name,
        String webhookUrl,
        String callbackUrlSuccess,
        String callbackUrlFailure,
        Set<Provider> providers) {}
